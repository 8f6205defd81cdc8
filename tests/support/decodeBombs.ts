import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { headerRow, inlineRow, repeated, workbookOf } from './xlsxBombs';

/**
 * Small files that make a decoder do huge work (the upload-bomb tests of the decoding budgets): image headers
 * claiming huge dimensions, PDFs of thousands of (tall) pages or a stream that inflates to gigabytes, zip bombs,
 * a workbook with a huge inflated sheet, and XML that makes a naive regular expression quadratic. Each is built
 * in a few milliseconds and a few hundred kilobytes at most, whatever it claims; none is held inflated.
 */

const MB = 1024 * 1024;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says width × height (8-bit RGB, or RGBA with `alpha`) and whose pixel data is one empty
 * row: 68 bytes that a decoder trusting the header turns into width × height × 3 bytes.
 */
export function pngClaiming(width: number, height: number, alpha = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of width × height (RGB, a gradient), for the files that must still be read. */
export function realPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.alloc(1 + width * 3);
  for (let index = 1; index < row.length; index++) row[index] = (index * 7) & 0xff;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A baseline JPEG header saying width × height (3 components), with its tables and an empty scan. */
export function jpegClaiming(width: number, height: number): Buffer {
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const quantisation = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const frame = Buffer.alloc(15);
  frame[0] = 8;
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame[5] = 3;
  for (let component = 0; component < 3; component++) frame.set([component + 1, 0x11, 0x00], 6 + component * 3);
  // One DC table with a single 1-bit code, enough for the scan header to refer to.
  const huffman = Buffer.concat([Buffer.from([0x00, 0x01]), Buffer.alloc(15), Buffer.from([0x00])]);
  const scan = Buffer.from([0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x3f, 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, jfif),
    jpegSegment(0xdb, quantisation),
    jpegSegment(0xc0, frame),
    jpegSegment(0xc4, huffman),
    jpegSegment(0xda, scan),
    Buffer.from([0x00, 0xff, 0xd9]),
  ]);
}

/** A PDF of numbered objects (1 is the catalog), with a correct cross-reference table. */
function pdfOf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    offset += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`),
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${offset}\n%%EOF\n`,
  ].join('');
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A PDF of `pages` empty pages of width × height points (14 400 is the largest a page may be). */
export function pdfOfPages(pages: number, width = 595, height = 842): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Count ${pages}/Kids[${kids}]>>`,
    ...Array.from({ length: pages }, () => `<</Type/Page/Parent 2 0 R/MediaBox[0 0 ${width} ${height}]>>`),
  ]);
}

/**
 * A zlib stream of `megabytes` MB of zero bytes in about a kilobyte per megabyte: one sync-flushed deflate block
 * of a megabyte, repeated (each block refers only to itself), then the final block and the Adler-32 (for zeros
 * a = 1 and b = length mod 65521).
 */
export function zerosDeflated(megabytes: number, { zlibWrapper = true } = {}): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const blocks = Buffer.concat(Array.from({ length: megabytes }, () => block));
  const body = Buffer.concat([blocks, deflateRawSync(Buffer.alloc(0))]);
  if (!zlibWrapper) return body;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((megabytes * MB) % 65521) * 0x10000 + 1);
  return Buffer.concat([Buffer.from([0x78, 0xda]), body, adler]);
}

/** A one-page PDF whose content stream inflates to `megabytes` MB (of zeros, which a PDF reads as blanks). */
export function pdfStreamBomb(megabytes: number): Buffer {
  const content = zerosDeflated(megabytes);
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Count 1/Kids[3 0 R]>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>',
    Buffer.concat([
      Buffer.from(`<</Length ${content.length}/Filter/FlateDecode>>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** A PDF with one page of text, for the files that must still be read. */
export function pdfWithText(text: string): Buffer {
  const content = `BT /F1 18 Tf 40 700 Td (${text}) Tj ET`;
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Count 1/Kids[3 0 R]>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ]);
}

interface DeflatedEntry {
  name: string;
  /** Raw deflate data. */
  data: Buffer;
  size: number;
  crc: number;
  /** The inflated size written in the headers, when it lies. */
  declaredSize?: number;
}

/** A zip of already deflated entries (method 8). */
function zipOfDeflated(entries: readonly DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const declared = entry.declaredSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function zerosCrc(megabytes: number): number {
  const zeros = Buffer.alloc(MB);
  let crc = 0;
  for (let index = 0; index < megabytes; index++) crc = crc32(zeros, crc);
  return crc;
}

/**
 * A zip whose entry `name` inflates to `megabytes` MB of zeros: honest headers by default, or headers that
 * claim a few bytes (`lying`), the bomb that passes a check of declared sizes alone.
 */
export function zipBomb(megabytes: number, { name = 'Doc_0/Content.xml', lying = false } = {}): Buffer {
  return zipOfDeflated([
    {
      name,
      data: zerosDeflated(megabytes, { zlibWrapper: false }),
      size: megabytes * MB,
      crc: zerosCrc(megabytes),
      declaredSize: lying ? 100 : undefined,
    },
  ]);
}

/** A zip of `count` empty entries: an archive whose directory alone is the work. */
export function zipOfManyEntries(count: number): Buffer {
  const empty = deflateRawSync(Buffer.alloc(0));
  return zipOfDeflated(
    Array.from({ length: count }, (_, index) => ({ name: `f${index}.xml`, data: empty, size: 0, crc: 0 })),
  );
}

/** An .xlsx whose one sheet inflates to `megabytes` MB of ordinary rows. */
export function xlsxHugeSheet(megabytes: number): Buffer {
  const row = inlineRow(2, ['张三', '110101199001011234', '6222020200112233445', '13800138000', '100.00', '劳务']);
  return workbookOf({ sheetData: [headerRow(), ...repeated(row, Math.ceil((megabytes * MB) / row.length))] });
}

/** An .xlsx whose sheet headers claim a few bytes while the sheet inflates to `megabytes` MB. */
export function xlsxLyingSheet(megabytes: number): Buffer {
  const row = inlineRow(2, ['张三', '110101199001011234', '6222020200112233445', '13800138000', '100.00', '劳务']);
  return workbookOf({
    sheetData: [headerRow(), ...repeated(row, Math.ceil((megabytes * MB) / row.length))],
    sheetDeclaredSize: 1000,
  });
}

/** XML of `count` unclosed `<`: a pattern like /<[^>]+>/ scans to the end from each one (quadratic). */
export function xmlOfOpenTags(count: number): Buffer {
  return Buffer.from(`<?xml version="1.0"?><Invoice>${'<EIid'.repeat(count)}`);
}
