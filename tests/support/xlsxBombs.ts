import { constants, crc32, deflateRawSync } from 'node:zlib';
import { HEADERS } from './batchFiles';

/**
 * Hand-built .xlsx archives for the upload-bomb tests: a minimal zip writer (deflate, no data
 * descriptors) and a workbook whose parts are given as chunks of text, so a part of 100 MB is never held as one
 * string. `declaredSize` lets a part lie about its inflated size in the zip headers.
 */

export interface ZipPart {
  name: string;
  /** The part's text, as chunks written one after another. */
  chunks: Iterable<string | Buffer>;
  /** The inflated size written in the headers instead of the real one. */
  declaredSize?: number;
}

/**
 * Raw deflate of the chunks, one piece per chunk: each piece ends with a sync flush (no final-block bit), so the
 * pieces join into one valid stream, closed by an empty final block. Nothing is held beyond one chunk.
 */
function deflatePart(chunks: Iterable<string | Buffer>): { data: Buffer; size: number; crc: number } {
  const pieces: Buffer[] = [];
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    crc = crc32(buffer, crc);
    size += buffer.length;
    pieces.push(deflateRawSync(buffer, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
  }
  pieces.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(pieces), size, crc };
}

/** A zip archive of these parts (method 8, deflate). */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const { data, size, crc } = deflatePart(part.chunks);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function column(index: number): string {
  return String.fromCharCode(65 + index);
}

/** A sheet row of inline strings. */
export function inlineRow(rowNo: number, cells: readonly string[]): string {
  const body = cells
    .map((text, index) => `<c r="${column(index)}${rowNo}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`)
    .join('');
  return `<row r="${rowNo}">${body}</row>`;
}

/** `count` copies of `text`, as chunks of about a megabyte. */
export function* repeated(text: string, count: number): Generator<string> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / text.length));
  const chunk = text.repeat(perChunk);
  let left = count;
  while (left >= perChunk) {
    yield chunk;
    left -= perChunk;
  }
  if (left > 0) yield text.repeat(left);
}

export interface WorkbookParts {
  /** The sheet's XML between <sheetData> and </sheetData>. */
  sheetData: Iterable<string>;
  /** The shared strings' <si> elements, when the workbook has a shared strings part. */
  sharedStrings?: Iterable<string>;
  sheetDeclaredSize?: number;
}

/** A one-sheet workbook that Excel and exceljs open, built from the given sheet data and shared strings. */
export function workbookOf(parts: WorkbookParts): Buffer {
  const hasStrings = parts.sharedStrings !== undefined;
  const zipParts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      chunks: [
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          (hasStrings
            ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            : '') +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      chunks: [
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      chunks: [
        `${XML}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
          '<sheet name="收款人" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: [
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          (hasStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : '') +
          '</Relationships>',
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: (function* () {
        yield `${XML}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetData>`;
        yield* parts.sheetData;
        yield '</sheetData></worksheet>';
      })(),
      declaredSize: parts.sheetDeclaredSize,
    },
  ];
  if (parts.sharedStrings) {
    const strings = parts.sharedStrings;
    zipParts.push({
      name: 'xl/sharedStrings.xml',
      chunks: (function* () {
        yield `${XML}<sst xmlns="${MAIN_NS}">`;
        yield* strings;
        yield '</sst>';
      })(),
    });
  }
  return zipOf(zipParts);
}

/** The header row as inline strings (row 1). */
export function headerRow(): string {
  return inlineRow(1, HEADERS);
}
