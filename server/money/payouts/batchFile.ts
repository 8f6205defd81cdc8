import type ExcelJS from 'exceljs';
import {
  BATCH_COLUMNS,
  BATCH_FIELD_LABELS,
  BATCH_FILE_MSG,
  BATCH_MAX_BYTES,
  BATCH_MAX_ROWS,
  type BatchField,
} from '../../../src/domain/payoutBatch';
import { TEMPLATE_EXAMPLE_SHEET } from '../../../src/domain/templateExample';
import { BatchFileError, BatchLimitError } from './batchFileErrors';
import { type PackedRows, packRows as packRowsOf } from './packedRows';
import { ParseBudget, type XlsxRow, xlsxRows } from './xlsxReader';

export { BatchFileError, BatchLimitError } from './batchFileErrors';
export { type PackedRows, unpackRows } from './packedRows';
export { ParseBudget } from './xlsxReader';

/**
 * Reading a batch payout file (.xlsx or .csv) into raw text rows, before any business rule (validateRows.ts).
 *
 * Columns are found by their Chinese headers (any order, extra columns ignored). Every cell becomes the text a
 * person typed: numbers that Excel stored as numbers are turned back into exact text, never through float
 * arithmetic, and a long digit string that Excel already turned into a float (an 18-digit id becomes
 * 1.10101199003077E+17) is reported on its row instead of being read wrong.
 *
 * Reading is capped (BATCH_PARSE_LIMITS: inflated bytes, rows, cell length, shared strings, time; xlsxReader.ts)
 * and runs off the request thread (batchParser.ts); past a cap the file is refused with BATCH_FILE_MSG.overLimit.
 */

export interface CellError<F extends string = BatchField> {
  field: F;
  message: string;
}

export interface RawBatchRow<F extends string = BatchField> {
  /** The row (xlsx) or line (csv) number in the file; the header is usually 1. */
  rowNo: number;
  /** Trimmed text of every column, '' when blank or absent. */
  values: Record<F, string>;
  /** Cells that could not be read as text (numbers in digit columns, formulas with errors). */
  cellErrors: CellError<F>[];
}

/**
 * The columns of one kind of upload: the payout file (the default) or another sheet read by the same capped
 * parser and threads (a gig worker import, server/workers/). `noRows` names what the rows are.
 */
export interface SheetLayout {
  columns: readonly { field: string; header: string; aliases: readonly string[]; required: boolean }[];
  /** Columns of digits (ids, cards, phones): inner spaces dropped, Excel numbers accepted only when exact. */
  digitFields: ReadonlySet<string>;
  noRows: string;
}

export const PAYOUT_LAYOUT: SheetLayout = {
  columns: BATCH_COLUMNS,
  digitFields: new Set<BatchField>(['idCard', 'bankCard', 'mobile']),
  noRows: BATCH_FILE_MSG.noRows,
};
/** Digits a double keeps exactly; Excel itself keeps only 15 significant digits of a number. */
const EXACT_INTEGER_LIMIT = 1e15;
const SCIENTIFIC = /^[+-]?\d+(?:\.\d+)?e[+-]?\d+$/i;

function normalizeHeader(text: string): string {
  return text.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').replace(/^\*+/, '');
}

const headerFields = new WeakMap<SheetLayout, Map<string, string>>();

function headerFieldsOf(layout: SheetLayout): Map<string, string> {
  let map = headerFields.get(layout);
  if (!map) {
    map = new Map(
      layout.columns.flatMap((column) =>
        [column.header, ...column.aliases].map((header) => [normalizeHeader(header), column.field] as const),
      ),
    );
    headerFields.set(layout, map);
  }
  return map;
}

function emptyValues(layout: SheetLayout): Record<string, string> {
  return Object.fromEntries(layout.columns.map((column) => [column.field, '']));
}

/** Header cells (by position) → the column position of each field; throws on missing or repeated headers. */
export function mapHeaders(headers: readonly string[], layout: SheetLayout = PAYOUT_LAYOUT): Map<number, string> {
  const positions = new Map<number, string>();
  const seen = new Map<string, string>();
  const fields = headerFieldsOf(layout);
  headers.forEach((text, position) => {
    const field = fields.get(normalizeHeader(text));
    if (!field) return;
    if (seen.has(field)) throw new BatchFileError(BATCH_FILE_MSG.duplicateColumn(text.trim()));
    seen.set(field, text);
    positions.set(position, field);
  });
  const missing = layout.columns
    .filter((column) => column.required && !seen.has(column.field))
    .map((column) => column.header);
  if (missing.length > 0) throw new BatchFileError(BATCH_FILE_MSG.missingColumns(missing));
  return positions;
}

/** Trims a cell; digit columns also lose inner spaces (6222 0202 …) and report Excel's scientific notation. */
function cellValue(layout: SheetLayout, field: string, raw: string, errors: CellError<string>[]): string {
  const text = raw.trim();
  if (!layout.digitFields.has(field)) return text;
  const compact = text.replace(/\s+/g, '');
  if (SCIENTIFIC.test(compact)) {
    errors.push({ field, message: BATCH_FILE_MSG.numberCell(labelOf(layout, field)) });
    return '';
  }
  return compact;
}

function labelOf(layout: SheetLayout, field: string): string {
  return (
    (BATCH_FIELD_LABELS as Record<string, string>)[field] ??
    layout.columns.find((column) => column.field === field)?.header ??
    field
  );
}

/**
 * A number Excel stored → the text it stands for. An amount is written with two decimals when it has at most
 * two (so 0.1 + 0.2 from a formula is 0.30, 123.45 is 123.45); otherwise its shortest exact form, which the
 * amount rule then refuses (more than two decimals). Digit columns accept only integers Excel keeps exactly.
 */
export function numberCellText(
  field: string,
  value: number,
  layout: SheetLayout = PAYOUT_LAYOUT,
): { text: string } | { error: string } {
  if (!Number.isFinite(value)) return { error: BATCH_FILE_MSG.badCell(labelOf(layout, field)) };
  if (field === 'amount') {
    const cents = Math.round(value * 100);
    if (Math.abs(value) < 1e13 && Math.abs(value * 100 - cents) < 1e-6) return { text: value.toFixed(2) };
    const text = String(value);
    return SCIENTIFIC.test(text) ? { error: BATCH_FILE_MSG.badCell(labelOf(layout, field)) } : { text };
  }
  if (layout.digitFields.has(field)) {
    if (Number.isInteger(value) && value >= 0 && value < EXACT_INTEGER_LIMIT) return { text: String(value) };
    return { error: BATCH_FILE_MSG.numberCell(labelOf(layout, field)) };
  }
  return { text: String(value) };
}

interface SheetRow {
  rowNo: number;
  /** One entry per column position (sparse: a hole is an empty cell): text, or a number Excel stored. */
  cells: (string | number)[];
}

function isBlank(cells: readonly (string | number)[]): boolean {
  return cells.every((cell) => typeof cell === 'string' && cell.trim() === '');
}

/** Rows between two looks at the clock. */
const CLOCK_EVERY = 1024;

/**
 * Collects the rows of one sheet as they come: the first non-blank row is the header, the others (blank rows
 * skipped) become raw rows. Stops the read with 单次最多上传10000行 as soon as there is one row too many.
 */
function sheetCollector(budget: ParseBudget, layout: SheetLayout) {
  let positions: Map<number, string> | null = null;
  const rows: RawBatchRow<string>[] = [];
  let seen = 0;
  return {
    get started(): boolean {
      return positions !== null;
    },
    add(sheetRow: SheetRow): void {
      seen += 1;
      if (seen % CLOCK_EVERY === 0) budget.checkTime();
      if (isBlank(sheetRow.cells)) return;
      if (!positions) {
        positions = mapHeaders(
          sheetRow.cells.map((cell) => String(cell)),
          layout,
        );
        return;
      }
      if (rows.length >= BATCH_MAX_ROWS) throw new BatchFileError(BATCH_FILE_MSG.tooManyRows);
      const values = emptyValues(layout);
      const cellErrors: CellError<string>[] = [];
      for (const [position, field] of positions) {
        const cell = sheetRow.cells[position] ?? '';
        if (typeof cell === 'number') {
          const read = numberCellText(field, cell, layout);
          if ('error' in read) cellErrors.push({ field, message: read.error });
          else values[field] = read.text;
        } else {
          values[field] = cellValue(layout, field, cell, cellErrors);
        }
      }
      rows.push({ rowNo: sheetRow.rowNo, values, cellErrors });
    },
    finish(): RawBatchRow<string>[] {
      if (!positions) throw new BatchFileError(BATCH_FILE_MSG.empty);
      if (rows.length === 0) throw new BatchFileError(layout.noRows);
      return rows;
    },
  };
}

/** Raw rows packed to cross between threads (packedRows.ts); the payout layout unless told. */
export function packRows(rows: readonly RawBatchRow<string>[], layout: SheetLayout = PAYOUT_LAYOUT): PackedRows {
  return packRowsOf(rows, layout);
}

// --- CSV -----------------------------------------------------------------------------------------------

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else GB18030 (what Excel writes on Chinese Windows). */
export function decodeCsv(content: Uint8Array): string {
  const bytes =
    content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content.subarray(0);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * RFC 4180 records (quotes, doubled quotes, line breaks inside quotes; CRLF or LF), each with its first line.
 * Throws BatchLimitError past the caps on records, cell length and time.
 */
export function splitCsv(text: string, budget: ParseBudget = new ParseBudget()): SheetRow[] {
  const { cellChars, sheetRows } = budget.limits;
  const records: SheetRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ rowNo: recordLine, cells });
    cells = [];
    if (records.length > sheetRows) throw new BatchLimitError('sheetRows');
    if (records.length % CLOCK_EVERY === 0) budget.checkTime();
  };
  for (let index = 0; index < text.length; index += 1) {
    if (cell.length > cellChars) throw new BatchLimitError('cellChars');
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === ',') {
      endCell();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

export function parseBatchCsv(
  content: Uint8Array,
  budget: ParseBudget = new ParseBudget(),
  layout: SheetLayout = PAYOUT_LAYOUT,
): RawBatchRow[] {
  const sheet = sheetCollector(budget, layout);
  for (const record of splitCsv(decodeCsv(content), budget)) sheet.add(record);
  return sheet.finish() as RawBatchRow[];
}

// --- XLSX ----------------------------------------------------------------------------------------------

type CellValue = ExcelJS.CellValue;

/** A cell's value as text, or the number Excel stored; formulas give their result, rich text its characters. */
function excelCell(value: CellValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return '';
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || (typeof result === 'object' && 'error' in result)) return '';
    return excelCell(result as CellValue);
  }
  if ('text' in value) return excelCell(value.text as CellValue);
  return '';
}

/**
 * One row as the stream reader gives it (`values` 1-based, index 0 unused, sparse) → cells by position, sparse
 * too: a lone cell in column XFD costs one entry, not 16 384.
 */
function sheetRowOf(row: XlsxRow, cellChars: number): SheetRow {
  const values = Array.isArray(row.values) ? (row.values as CellValue[]) : [];
  const cells: (string | number)[] = [];
  values.forEach((value, column) => {
    if (column === 0) return;
    const cell = excelCell(value);
    if (typeof cell === 'string' && cell.length > cellChars) throw new BatchLimitError('cellChars');
    cells[column - 1] = cell;
  });
  return { rowNo: row.number, cells };
}

/**
 * Streams the workbook (exceljs' row reader over capped, guarded parts: xlsxReader.ts; it stops at the row
 * limit) and reads the first sheet that has anything in it, never the template's 「填写示例」 sheet.
 */
export async function parseBatchXlsx(
  content: Uint8Array,
  budget: ParseBudget = new ParseBudget(),
  layout: SheetLayout = PAYOUT_LAYOUT,
): Promise<RawBatchRow[]> {
  const sheet = sheetCollector(budget, layout);
  try {
    for await (const worksheet of xlsxRows(content, budget)) {
      if (worksheet.name.trim() === TEMPLATE_EXAMPLE_SHEET) continue;
      for await (const row of worksheet.rows) sheet.add(sheetRowOf(row, budget.limits.cellChars));
      if (sheet.started) break;
    }
  } catch (error) {
    if (error instanceof BatchFileError) throw error;
    throw new BatchFileError(BATCH_FILE_MSG.unreadable);
  }
  return sheet.finish() as RawBatchRow[];
}

// --- Either --------------------------------------------------------------------------------------------

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(content: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => content[index] === byte);
}

/**
 * Reads an uploaded batch file by its extension (and, for .xlsx, its zip signature), in the calling thread: the
 * routes call it through batchParser.ts, which runs it in a worker with a memory limit and a timeout.
 */
export async function parseBatchFile(
  fileName: string,
  content: Uint8Array,
  budget: ParseBudget = new ParseBudget(),
  layout: SheetLayout = PAYOUT_LAYOUT,
): Promise<RawBatchRow[]> {
  if (content.length > BATCH_MAX_BYTES) throw new BatchFileError(BATCH_FILE_MSG.tooLarge);
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1] ?? '';
  if (extension === 'xls') throw new BatchFileError(BATCH_FILE_MSG.oldExcel);
  if (extension === 'xlsx') {
    // Excel writes a password-protected workbook as an OLE container, whatever its extension.
    if (startsWith(content, OLE_MAGIC)) throw new BatchFileError(BATCH_FILE_MSG.encrypted);
    if (!startsWith(content, ZIP_MAGIC)) throw new BatchFileError(BATCH_FILE_MSG.unreadable);
    return parseBatchXlsx(content, budget, layout);
  }
  if (extension === 'csv') {
    if (content.length === 0) throw new BatchFileError(BATCH_FILE_MSG.empty);
    return parseBatchCsv(content, budget, layout);
  }
  throw new BatchFileError(BATCH_FILE_MSG.badType);
}
