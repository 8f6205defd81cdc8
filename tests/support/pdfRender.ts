import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Renders a PDF the way people see it: with poppler (pdftoppm), MuPDF (mutool draw) and Ghostscript, the readers
 * behind most desktop and server viewers. A text-layer parser is not enough: a broken embedded font still yields
 * its text while every viewer draws boxes or nothing. Debian packages: poppler-utils, mupdf-tools, ghostscript.
 */
export type Renderer = 'poppler' | 'mupdf' | 'ghostscript';
export const RENDERERS: readonly Renderer[] = ['poppler', 'mupdf', 'ghostscript'];

/** One rendered page, RGB, 3 bytes a pixel, top row first. */
export interface PageImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface Rendering {
  pages: PageImage[];
  /** What the renderer said about the file (font errors and warnings), minus lines about this machine. */
  complaints: string[];
}

const COMMANDS: Record<Renderer, { bin: string; args: (pdf: string, out: string, dpi: number) => string[] }> = {
  poppler: { bin: 'pdftoppm', args: (pdf, out, dpi) => ['-r', String(dpi), pdf, path.join(out, 'page')] },
  mupdf: {
    bin: 'mutool',
    args: (pdf, out, dpi) => [
      'draw',
      '-q',
      '-F',
      'pnm',
      '-c',
      'rgb',
      '-r',
      String(dpi),
      '-o',
      path.join(out, 'page-%03d.ppm'),
      pdf,
    ],
  },
  ghostscript: {
    bin: 'gs',
    args: (pdf, out, dpi) => [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=ppmraw',
      `-r${dpi}`,
      `-sOutputFile=${path.join(out, 'page-%03d.ppm')}`,
      pdf,
    ],
  },
};

/** Lines a renderer prints about its own build, not about the document. */
const ABOUT_THE_MACHINE = /ICC support is not available/;

export function missingRenderers(): string[] {
  return RENDERERS.filter((renderer) => spawnSync(COMMANDS[renderer].bin, ['-v']).error).map(
    (renderer) => COMMANDS[renderer].bin,
  );
}

export function renderPdf(pdf: Uint8Array, renderer: Renderer, dpi = 72): Rendering {
  const dir = mkdtempSync(path.join(tmpdir(), 'lg-pdf-render-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const { bin, args } = COMMANDS[renderer];
    const result = spawnSync(bin, args(file, dir, dpi), { encoding: 'utf8' });
    if (result.error) throw new Error(`${bin} 未安装（Debian：apt-get install poppler-utils mupdf-tools ghostscript）`);
    const complaints = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !ABOUT_THE_MACHINE.test(line));
    if (result.status !== 0) complaints.push(`${bin} exited ${result.status}`);
    const pages = readdirSync(dir)
      .filter((name) => name.startsWith('page'))
      .sort()
      .map((name) => parsePpm(readFileSync(path.join(dir, name))));
    return { pages, complaints };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Binary PPM (P6, maxval 255). */
export function parsePpm(bytes: Buffer): PageImage {
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[offset]))) offset += 1;
    if (bytes[offset] === 0x23) {
      while (bytes[offset] !== 0x0a) offset += 1;
      continue;
    }
    let field = '';
    while (!/\s/.test(String.fromCharCode(bytes[offset]))) field += String.fromCharCode(bytes[offset++]);
    fields.push(field);
  }
  offset += 1;
  const [magic, width, height, maxval] = fields;
  if (magic !== 'P6' || maxval !== '255') throw new Error(`not a binary 8-bit PPM: ${magic} ${maxval}`);
  return { width: Number(width), height: Number(height), rgb: bytes.subarray(offset) };
}

/** A rectangle in PDF points measured from the page's top left corner. */
export interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Counts the pixels of `area` (in points, at the rendering's dpi) for which `test(r, g, b)` holds. */
export function countPixels(
  page: PageImage,
  area: Area,
  dpi: number,
  test: (r: number, g: number, b: number) => boolean,
) {
  const scale = dpi / 72;
  let count = 0;
  for (let y = Math.floor(area.top * scale); y < Math.min(page.height, Math.ceil(area.bottom * scale)); y += 1) {
    for (let x = Math.floor(area.left * scale); x < Math.min(page.width, Math.ceil(area.right * scale)); x += 1) {
      const at = (y * page.width + x) * 3;
      if (test(page.rgb[at], page.rgb[at + 1], page.rgb[at + 2])) count += 1;
    }
  }
  return count;
}

export const isDark = (r: number, g: number, b: number) => r + g + b < 3 * 110;
export const isSealRed = (r: number, g: number, b: number) => r > 150 && g < 110 && b < 110;
