import { degrees, drawText, PDFDocument, type PDFFont, type PDFHexString, type PDFPage, rgb } from 'pdf-lib';
import { embedChineseFont } from '../pdf/chineseFont';
import { DECODE_BUDGETS, DECODE_MSG } from './decoding/budgets';
import { checkImageBudget } from './decoding/imageHeader';
import { checkPdfBudget } from './decoding/pdfInventory';
import { DecodeRefusal } from './decoding/refusal';

/** A4 in points: an image is laid on a page no larger than this, keeping its proportions. */
const A4 = { width: 595.28, height: 841.89 };

/**
 * Copies of the mark on one page, at most: rows down the page and copies along each row. The spacing grows with
 * the page, so a page of any size (a PDF page may say it is 200 inches tall) costs the same few operators.
 */
const MAX_ROWS = 24;
const MAX_PER_ROW = 8;

interface Mark {
  /** The text as the font's glyph codes, encoded once: laying out CJK text costs milliseconds a copy. */
  encoded: PDFHexString;
  /** Its width at size 1. */
  unitWidth: number;
}

function markPage(page: PDFPage, font: PDFFont, mark: Mark): void {
  const { width, height } = page.getSize();
  const size = Math.max(10, Math.min(width, height) / 28);
  const fontKey = page.node.newFontDictionary(font.name, font.ref);
  const context = page.doc.context;
  const light = page.node.newExtGState('GS', context.obj({ Type: 'ExtGState', ca: 0.35, CA: 0.35 }));
  const strong = page.node.newExtGState('GS', context.obj({ Type: 'ExtGState', ca: 0.8, CA: 0.8 }));
  const upright = { xSkew: degrees(0), ySkew: degrees(0), font: fontKey };
  // Diagonal copies across the page, light enough to read the page through, so cropping one away leaves the others.
  const rowStep = Math.max(size * 9, height / MAX_ROWS);
  const columnStep = Math.max(mark.unitWidth * size + size * 4, (width * 1.5) / MAX_PER_ROW);
  for (let y = size * 2; y < height; y += rowStep) {
    for (let x = -width / 2; x < width; x += columnStep) {
      page.pushOperators(
        ...drawText(mark.encoded, {
          ...upright,
          color: rgb(0.6, 0.6, 0.6),
          size,
          rotate: degrees(30),
          x,
          y,
          graphicsState: light,
        }),
      );
    }
  }
  // And once upright at the foot of the page, where it is read first.
  page.pushOperators(
    ...drawText(mark.encoded, {
      ...upright,
      color: rgb(0.75, 0.1, 0.1),
      size: size * 0.8,
      rotate: degrees(0),
      x: size,
      y: size,
      graphicsState: strong,
    }),
  );
}

/** The PDF to mark: a PDF within the budgets (decoding/budgets.ts), or a one-page PDF holding the image. */
async function documentOf(content: Uint8Array, mime: string): Promise<PDFDocument> {
  if (mime === 'application/pdf') {
    checkPdfBudget(content);
    const pdf = await PDFDocument.load(content);
    // The inventory counts page objects; the page tree is what gets drawn on.
    if (pdf.getPageCount() > DECODE_BUDGETS.pdf.pages) throw new DecodeRefusal(DECODE_MSG.pdfPages, 'pdfPages');
    return pdf;
  }
  checkImageBudget(content);
  const pdf = await PDFDocument.create();
  const image = mime === 'image/png' ? await pdf.embedPng(content) : await pdf.embedJpg(content);
  const scale = Math.min(1, A4.width / image.width, A4.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  pdf.addPage([Math.max(width, 200), Math.max(height, 120)]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf;
}

/**
 * The file with a visible watermark (`text`: who downloaded it and when) on every page: a PDF keeps its pages;
 * an image becomes a one-page PDF holding it (the project has no raster image library to draw on pixels, and
 * PDF viewers show the mark the same everywhere). The text is in the PDF's text layer too. It decodes the file,
 * so it runs in a decoder thread (decoding/tasks.ts) after the file's budget is checked.
 */
export async function watermarked(content: Uint8Array, mime: string, text: string): Promise<Uint8Array> {
  const pdf = await documentOf(content, mime);
  const font = await embedChineseFont(pdf, [text]);
  const mark: Mark = { encoded: font.encodeText(text), unitWidth: font.widthOfTextAtSize(text, 1) };
  for (const page of pdf.getPages()) markPage(page, font, mark);
  return pdf.save();
}
