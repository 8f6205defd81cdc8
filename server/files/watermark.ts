import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { embedChineseFont } from '../pdf/chineseFont';

export const WATERMARKABLE_MIMES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** A4 in points: an image is laid on a page no larger than this, keeping its proportions. */
const A4 = { width: 595.28, height: 841.89 };

function markPage(page: PDFPage, font: PDFFont, text: string): void {
  const { width, height } = page.getSize();
  const size = Math.max(10, Math.min(width, height) / 28);
  // Diagonal copies across the page, light enough to read the page through, so cropping one away leaves the others.
  for (let y = size * 2; y < height; y += size * 9) {
    for (let x = -width / 2; x < width; x += font.widthOfTextAtSize(text, size) + size * 4) {
      page.drawText(text, { x, y, size, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.35, rotate: degrees(30) });
    }
  }
  // And once upright at the foot of the page, where it is read first.
  page.drawText(text, { x: size, y: size, size: size * 0.8, font, color: rgb(0.75, 0.1, 0.1), opacity: 0.8 });
}

/**
 * The file with a visible watermark (`text`: who downloaded it and when) on every page: a PDF keeps its pages;
 * an image becomes a one-page PDF holding it (the project has no raster image library to draw on pixels, and
 * PDF viewers show the mark the same everywhere). The text is in the PDF's text layer too.
 */
export async function watermarked(content: Uint8Array, mime: string, text: string): Promise<Uint8Array> {
  let pdf: PDFDocument;
  if (mime === 'application/pdf') {
    pdf = await PDFDocument.load(content);
  } else {
    pdf = await PDFDocument.create();
    const image = mime === 'image/png' ? await pdf.embedPng(content) : await pdf.embedJpg(content);
    const scale = Math.min(1, A4.width / image.width, A4.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    pdf.addPage([Math.max(width, 200), Math.max(height, 120)]).drawImage(image, { x: 0, y: 0, width, height });
  }
  const font = await embedChineseFont(pdf, [text]);
  for (const page of pdf.getPages()) markPage(page, font, text);
  return pdf.save();
}
