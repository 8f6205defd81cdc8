import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

/**
 * The one Chinese font of every PDF the platform makes (agreements, contracts, seals, settlement sheets).
 *
 * Noto Sans SC with TrueType outlines (Google Fonts' static build, from @expo-google-fonts/noto-sans-sc), cut
 * down to the characters a document uses by HarfBuzz's hb-subset and embedded whole. pdf-lib's own subsetting
 * (fontkit) writes broken fonts: for CFF an invalid header and FDSelect, for TrueType invalid glyph outlines;
 * poppler drew boxes, MuPDF and Chromium drew nothing, while the text layer still parsed.
 * `tests/unit/pdfRendering.test.ts` renders every kind of generated PDF with poppler, MuPDF and Ghostscript.
 */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';

/** Printable ASCII and the punctuation that layout code measures without drawing (widths for wrapping, ellipses). */
const ALWAYS = `${Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).join('')}…：（），。、；“”—　`;

let fontBytes: Uint8Array | null = null;

function fullFont(): Uint8Array {
  if (!fontBytes) fontBytes = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  return fontBytes;
}

/** The characters of `texts` (and ALWAYS), each once, so the subset holds every glyph the document will draw. */
export function characterSet(texts: Iterable<string>): string {
  const chars = new Set(ALWAYS);
  for (const text of texts) for (const char of text) chars.add(char);
  return [...chars].join('');
}

/**
 * Embeds the font in `pdf` with the glyphs of `texts`: every string the caller will draw or measure with the
 * returned font must be among them (a character left out draws as an empty box).
 */
export async function embedChineseFont(pdf: PDFDocument, texts: Iterable<string>): Promise<PDFFont> {
  pdf.registerFontkit(fontkit);
  const subset = await subsetFont(fullFont(), characterSet(texts), { targetFormat: 'truetype' });
  return pdf.embedFont(subset, { subset: false });
}
