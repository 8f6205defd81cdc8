import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { BATCH_PARSE_LIMITS, type BatchParseLimits } from '../../../src/domain/payoutBatch';
import { BatchLimitError } from './batchFileErrors';

/**
 * The zip and XML layer of reading an .xlsx, with hard caps: a 100 KB upload can inflate to gigabytes,
 * and one cell or one run of whitespace can hold all of it.
 *
 * The archive is opened with yauzl from its central directory: the declared sizes of the parts we read are
 * checked before anything is inflated, and an entry that inflates past its declared size is stopped there.
 * While a part streams, `ByteGuard` counts what really comes out — total bytes, bytes between two `<` (one text
 * node or tag: a giant cell or a whitespace bomb ends there, before the XML parser has gathered it), `<row` and
 * `<si` tags — and the time spent. Only the workbook, its relationships, the shared strings and the sheets are
 * inflated; styles, drawings and the rest never are.
 *
 * The rows themselves are read by exceljs' own streaming parsers, fed from these guarded streams through the
 * WorkbookReader methods its `parse()` uses. Those methods (`_parseRels`, `_parseWorkbook`, `_parseSharedStrings`,
 * `_parseWorksheet`) are private to exceljs, so package.json pins exceljs to exactly 4.4.0: a release may rename or
 * change them without notice, and an upgrade means reading lib/stream/xlsx/workbook-reader.js again
 * (tests/unit/dependencies.test.ts fails on a range or on a missing step). Reading the parts in this order also
 * spares exceljs the temporary files it writes for sheets stored before the shared strings.
 */

/** Time and inflated bytes of one file, shared by all of its parts. */
export class ParseBudget {
  private inflated = 0;
  rows = 0;
  sharedStrings = 0;
  private readonly deadline: number;

  constructor(
    readonly limits: BatchParseLimits = BATCH_PARSE_LIMITS,
    now = Date.now(),
  ) {
    this.deadline = now + limits.parseMs;
  }

  checkTime(): void {
    if (Date.now() > this.deadline) throw new BatchLimitError('parseMs');
  }

  addInflated(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.limits.inflatedBytes) throw new BatchLimitError('inflatedBytes');
  }

  addRows(count: number): void {
    this.rows += count;
    if (this.rows > this.limits.sheetRows) throw new BatchLimitError('sheetRows');
  }

  addSharedStrings(count: number): void {
    this.sharedStrings += count;
    if (this.sharedStrings > this.limits.sharedStrings) throw new BatchLimitError('sharedStrings');
  }
}

const LT = 0x3c;
const NAME_CHAR = /^[A-Za-z0-9_.:-]$/;

/**
 * Scans the bytes of one XML part as they stream: the run since the last `<`, and the names of the tags opened
 * (a `<row` or `<si` is counted; a name split between two chunks is carried over).
 */
export class ByteGuard {
  private run = 0;
  /** The tag name read so far after a `<`, or null outside a tag name. */
  private name: string | null = null;

  constructor(private readonly budget: ParseBudget) {}

  take(chunk: Uint8Array): void {
    this.budget.addInflated(chunk.length);
    this.budget.checkTime();
    const limit = this.budget.limits.xmlTextBytes;
    let position = 0;
    while (position < chunk.length) {
      if (this.name !== null) position = this.readName(chunk, position);
      if (position >= chunk.length) break;
      const next = chunk.indexOf(LT, position);
      if (next === -1) {
        this.run += chunk.length - position;
        if (this.run > limit) throw new BatchLimitError('xmlTextBytes');
        break;
      }
      this.run += next - position;
      if (this.run > limit) throw new BatchLimitError('xmlTextBytes');
      this.run = 0;
      this.name = '';
      position = next + 1;
    }
  }

  /** Reads tag-name characters from `position`; answers where the name ended (or the chunk's end). */
  private readName(chunk: Uint8Array, position: number): number {
    let index = position;
    while (index < chunk.length && this.name !== null) {
      const char = String.fromCharCode(chunk[index]);
      if (NAME_CHAR.test(char) && this.name.length < 8) {
        // A namespace prefix (x:row) counts as the tag it prefixes.
        this.name = char === ':' ? '' : this.name + char;
        this.run += 1;
        index += 1;
      } else {
        if (!NAME_CHAR.test(char)) this.countTag(this.name);
        this.name = null;
      }
    }
    return index;
  }

  private countTag(name: string): void {
    if (name === 'row') this.budget.addRows(1);
    else if (name === 'si') this.budget.addSharedStrings(1);
  }
}

/**
 * The text of one entry as it inflates, guarded; the entry's stream is closed however the reading ends. An entry
 * that inflates past the size its headers declare is refused as a cap (a lie meant to pass the declared-size
 * check); one that ends short of it is a damaged file.
 */
async function* guardedText(stream: Readable, declared: number, budget: ParseBudget): AsyncGenerator<string> {
  const guard = new ByteGuard(budget);
  const decoder = new TextDecoder('utf-8');
  let received = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > declared) throw new BatchLimitError('declaredSize');
      guard.take(chunk);
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
    }
    if (received !== declared) throw new Error('压缩包条目长度与声明不符');
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    stream.destroy();
  }
}

function openBuffer(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: false, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error) : resolve(zip),
    );
  });
}

/** Every entry of the central directory (names and declared sizes only: nothing is inflated here). */
function listEntries(zip: ZipFile, budget: ParseBudget): Promise<Entry[]> {
  if (zip.entryCount > budget.limits.zipEntries) return Promise.reject(new BatchLimitError('zipEntries'));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream)));
  });
}

/**
 * The WorkbookReader steps exceljs' own `parse()` runs for each part (lib/stream/xlsx/workbook-reader.js of the
 * pinned exceljs 4.4.0; private, not in its typings).
 */
interface ReaderSteps {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ eventType: string; value: AsyncIterable<XlsxRow> & { name?: string } }>;
}

/** One row as exceljs' stream reader gives it: `values` is 1-based (index 0 unused) and sparse. */
export interface XlsxRow {
  number: number;
  values: unknown;
}

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * Opens the workbook and yields the rows of each sheet in the archive's order; the caller stops when it has what it
 * needs. Throws BatchLimitError past a cap; any other error means the file is not a readable workbook.
 */
export async function* xlsxRows(
  content: Uint8Array,
  budget: ParseBudget,
): AsyncGenerator<{ sheetNo: string; name: string; rows: AsyncIterable<XlsxRow> }> {
  const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content.buffer, content.byteOffset, content.length);
  const zip = await openBuffer(buffer);
  try {
    const entries = await listEntries(zip, budget);
    const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
    const sheets = entries.filter((entry) => SHEET_PATH.test(entry.fileName));
    const parts = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml']
      .map((name) => byName.get(name))
      .filter((entry): entry is Entry => entry !== undefined);
    const declared = [...parts, ...sheets].reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > budget.limits.inflatedBytes) throw new BatchLimitError('inflatedBytes');

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as ReaderSteps;
    const text = async (entry: Entry) =>
      Readable.from(guardedText(await openEntry(zip, entry), entry.uncompressedSize, budget));
    for (const entry of parts) {
      if (entry.fileName === 'xl/sharedStrings.xml') {
        for await (const _ of reader._parseSharedStrings(await text(entry))) {
          // 'cache' keeps every string on the reader and yields nothing.
        }
      } else if (entry.fileName === 'xl/workbook.xml') {
        await reader._parseWorkbook(await text(entry));
      } else {
        await reader._parseRels(await text(entry));
      }
    }
    for (const entry of sheets) {
      const sheetNo = SHEET_PATH.exec(entry.fileName)?.[1] ?? '';
      const stream = guardedText(await openEntry(zip, entry), entry.uncompressedSize, budget);
      try {
        for (const { value } of reader._parseWorksheet(stream, sheetNo)) {
          // exceljs names the sheet from workbook.xml and its relations, both read above.
          yield { sheetNo, name: value.name ?? '', rows: value };
        }
      } finally {
        await stream.return(undefined);
      }
    }
  } finally {
    zip.close();
  }
}
