import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/types';
import { filterKeys, sortFields } from '../../resources/types';
import { choiceName } from '../../src/domain/enums';
import { formatRate, RATE_EXCEL_FORMAT, rateFraction } from '../../src/domain/rates';
import { findRoute } from '../../src/domain/routes';
import { holdsAny, requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { attachmentDisposition } from '../files/fileStore';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { type ListQuery, type ListSpec, parseListQuery } from '../http/listQuery';
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_VALUE } from '../operations/shutdown';
import { shareTurn } from '../system/eventLoopTurns';
import type { ResourceBinding } from './binding';
import { resolveColumns } from './columns';
import { EXCEL_FORMATS, excelDate } from './excelDates';
import { listExportSchema } from './listExport.schemas';
import { listPage } from './reads';

/**
 * Exports of declared lists, streamed (GET /api/v1/exports/:name?format=xlsx|csv&q=&sort=, plus the list's own
 * query such as platformmark): the rows the list would show with the same filters and sort, every page, in the
 * caller's scope, up to EXPORT_MAX_ROWS.
 * - A list the engine serves is read with the engine's listPage (the same scope and edition rules);
 * - a hand-written list is read through its own list route, in process, with the caller's headers, so its
 *   permission and scope checks run unchanged; a hand-written route may also call streamListExport itself.
 * The .xlsx has Chinese headers, money as numbers in yuan (#,##0.00), rates as percentage numbers (0.00%; the
 * CSV's text 6.50%), dates as dates, enums by name, file columns by their file name (never the internal /api-v1/dl
 * path), and widths by field type.
 */

export const EXPORT_MAX_ROWS = 100_000;
/**
 * Rows read per page. Reading a page is one stretch of the event loop (a hand-written list is read through its own
 * route, query and JSON included: about 20 ms per 1 000 ledger rows): pages of 500 keep a stretch short.
 */
const PAGE_SIZE = 500;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const EXPORT_MSG = {
  unknown: '该列表不支持导出',
  format: '导出格式只能是 xlsx 或 csv',
  tooMany: (total: number) => `共 ${total} 条，超过单次导出上限 ${EXPORT_MAX_ROWS} 条，请缩小筛选范围后再导出`,
  empty: '没有可导出的数据',
} as const;

export type ExportFormat = 'xlsx' | 'csv';
type Row = Record<string, unknown>;
/** Reads one page (0-based) of the list; answers its rows and the total. */
export type PageReader = (page: number, size: number) => Promise<{ rows: Row[]; total: number }>;

/** The name a file cell shows: the original name a download URL carries (rn=), else the last path segment. */
export function fileNameOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return value
    .split(',')
    .map((one) => {
      try {
        const url = new URL(one.trim(), 'http://localhost');
        const name = url.searchParams.get('rn') ?? url.searchParams.get('name');
        if (name) return name;
        return decodeURIComponent(url.pathname.split('/').pop() ?? '');
      } catch {
        return one.trim();
      }
    })
    .filter((name) => name !== '')
    .join('、');
}

function xlsxCell(field: FieldDeclaration, value: unknown): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'money':
      return Number.isFinite(Number(value)) ? Number(value) / 10_000 : String(value);
    case 'rate':
      return Number.isSafeInteger(Number(value)) ? rateFraction(Number(value)) : String(value);
    case 'number':
      return Number.isFinite(Number(value)) ? Number(value) : String(value);
    case 'date':
    case 'datetime':
    case 'month':
      return excelDate(value) ?? String(value);
    case 'enum':
      return field.choices ? choiceName(field.choices, value) : String(value);
    case 'image':
    case 'file':
      return fileNameOf(value);
    default:
      return String(value);
  }
}

/** A reference column exports the name the list shows (its nameSource), never the id. */
function exportedValue(field: FieldDeclaration, row: Record<string, unknown>): unknown {
  return field.type === 'reference' && field.nameSource ? row[field.nameSource] : row[field.source];
}

/** A date's text in CSV at its field's precision. */
const CSV_LENGTHS: Partial<Record<FieldDeclaration['type'], number>> = { month: 7, date: 10 };

function csvText(field: FieldDeclaration, value: unknown): string {
  const cell = xlsxCell(field, value);
  if (cell === null) return '';
  if (cell instanceof Date) return String(value).slice(0, CSV_LENGTHS[field.type] ?? 19);
  if (field.type === 'money' && typeof cell === 'number') return cell.toFixed(2);
  if (field.type === 'rate' && typeof cell === 'number') return formatRate(Number(value));
  return String(cell);
}

function csvEscape(text: string): string {
  // A cell starting like a formula would run in a spreadsheet: prefix it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Column width (characters) by field type: dates and money fit, names and long text get room. */
function widthOf(field: FieldDeclaration): number {
  const label = [...field.label].length * 2 + 2;
  const byType: Record<string, number> = {
    money: 16,
    number: 10,
    rate: 10,
    date: 12,
    month: 10,
    datetime: 20,
    enum: 12,
    image: 24,
    file: 24,
    longtext: 40,
    text: 22,
  };
  return Math.min(Math.max(byType[field.type] ?? 20, label), 60);
}

const FORMATS: Record<string, string> = {
  money: '#,##0.00',
  rate: RATE_EXCEL_FORMAT,
  date: EXCEL_FORMATS.date,
  month: EXCEL_FORMATS.month,
  datetime: EXCEL_FORMATS.datetime,
};

/** The fields an export writes: every declared field, as the CSV export always did (hidden columns too). */
export function exportFields(declaration: ResourceDeclaration): FieldDeclaration[] {
  return declaration.fields.filter((field) => field.source !== 'summary');
}

/** `资金管理-2026-11-23.xlsx`: the page's title from the route table, else the declaration's label. */
export function exportFileName(declaration: ResourceDeclaration, format: ExportFormat): string {
  const title = findRoute(`/${declaration.name}`)?.title ?? declaration.label;
  return `${title}-${chinaTime().slice(0, 10)}.${format}`;
}

async function* pagesOf(read: PageReader, first: { rows: Row[]; total: number }): AsyncGenerator<Row[]> {
  yield first.rows;
  let done = first.rows.length;
  for (let page = 1; done < first.total && done < EXPORT_MAX_ROWS; page += 1) {
    const { rows } = await read(page, PAGE_SIZE);
    if (rows.length === 0) return;
    const room = EXPORT_MAX_ROWS - done;
    yield rows.length > room ? rows.slice(0, room) : rows;
    done += rows.length;
    if (rows.length < PAGE_SIZE) return;
  }
}

function xlsxStream(fields: readonly FieldDeclaration[], sheetName: string, pages: AsyncGenerator<Row[]>): Readable {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = fields.map((field) => ({
    key: field.source,
    width: widthOf(field),
    style: FORMATS[field.type] ? { numFmt: FORMATS[field.type] } : {},
  }));
  const header = sheet.addRow(fields.map((field) => field.label));
  header.font = { bold: true };
  header.commit();
  (async () => {
    for await (const rows of pages) {
      for (const row of rows) {
        sheet.addRow(fields.map((field) => xlsxCell(field, exportedValue(field, row)))).commit();
        // Writing cells is pure CPU (a row takes up to a few ms): other requests get a turn every slice
        // (system/eventLoopTurns.ts; the check itself is one clock read).
        await shareTurn();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => stream.destroy(error));
  return stream;
}

function csvStream(fields: readonly FieldDeclaration[], pages: AsyncGenerator<Row[]>): Readable {
  const stream = new PassThrough();
  (async () => {
    // UTF-8 BOM so Excel opens Chinese text correctly.
    stream.write(`\uFEFF${fields.map((field) => csvEscape(field.label)).join(',')}\r\n`);
    for await (const rows of pages) {
      const lines: string[] = [];
      for (const row of rows) {
        lines.push(fields.map((field) => csvEscape(csvText(field, exportedValue(field, row)))).join(','));
        await shareTurn();
      }
      if (lines.length > 0 && !stream.write(`${lines.join('\r\n')}\r\n`)) {
        await new Promise((resolve) => stream.once('drain', resolve));
      }
    }
    stream.end();
  })().catch((error: Error) => stream.destroy(error));
  return stream;
}

export function parseExportFormat(value: unknown): ExportFormat {
  const format = value ?? 'xlsx';
  if (format !== 'xlsx' && format !== 'csv') fail(EXPORT_MSG.format);
  return format;
}

/**
 * Streams a list as .xlsx or .csv. The first page is read before any byte is sent, so a refusal (scope, a bad
 * filter, too many rows) is still an ordinary error answer. Hand-written list routes may call this with their
 * own page reader.
 */
export async function streamListExport(
  reply: FastifyReply,
  declaration: ResourceDeclaration,
  format: ExportFormat,
  read: PageReader,
): Promise<FastifyReply> {
  const first = await read(0, PAGE_SIZE);
  if (first.total > EXPORT_MAX_ROWS) fail(EXPORT_MSG.tooMany(first.total));
  const fields = exportFields(declaration);
  const title = findRoute(`/${declaration.name}`)?.title ?? declaration.label;
  const pages = pagesOf(read, first);
  const body = format === 'xlsx' ? xlsxStream(fields, title, pages) : csvStream(fields, pages);
  return reply
    .header('content-type', format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(exportFileName(declaration, format)))
    .header('cache-control', 'private, no-store')
    .header('x-export-total', String(Math.min(first.total, EXPORT_MAX_ROWS)))
    .send(body);
}

/** The list's query string for page `page`: the export request's own query less format/page/size. */
function listSearch(request: FastifyRequest, page: number, size: number): string {
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  search.delete('format');
  search.set('page', String(page));
  search.set('size', String(size));
  // q keeps its ';' and ':' separators as the client sent them.
  return search.toString().replace(/%3A/gi, ':').replace(/%3B/gi, ';').replace(/%2C/gi, ',');
}

/** Reads pages of a hand-written list through its own route, with the caller's headers. */
function injectedReader(app: FastifyInstance, request: FastifyRequest, path: string): PageReader {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !['host', 'content-length', 'accept-encoding', 'connection'].includes(name)) {
      headers[name] = value;
    }
  }
  headers.accept = 'application/json';
  // Part of the export in progress: served even while the server drains for a stop (operations/shutdown.ts).
  headers[INTERNAL_REQUEST_HEADER] = INTERNAL_REQUEST_VALUE;
  return async (page, size) => {
    const response = await app.inject({ method: 'GET', url: `${path}?${listSearch(request, page, size)}`, headers });
    let envelope: { code?: number; message?: string; content?: { content?: Row[]; totalElements?: number } };
    try {
      envelope = response.json();
    } catch {
      throw new BusinessError('导出失败，请稍后再试');
    }
    if (response.statusCode === 403) throw new ForbiddenError(envelope.message ?? '无权限访问此页面！');
    if (response.statusCode !== 200 || envelope.code !== 1020000 || !envelope.content) {
      throw new BusinessError(envelope.message ?? '导出失败，请稍后再试');
    }
    return { rows: envelope.content.content ?? [], total: Number(envelope.content.totalElements ?? 0) };
  };
}

/** Reads pages of an engine-served list with the engine's own listPage (scope, editions, filters, sort). */
function engineReader(binding: ResourceBinding, request: FastifyRequest, db: Parameters<typeof listPage>[0]) {
  const { declaration } = binding;
  const spec: ListSpec = {
    filterKeys: filterKeys(declaration),
    sortFields: sortFields(declaration),
    defaultSort: {
      field: declaration.defaultSort.field,
      order: declaration.defaultSort.order === 'ASC' ? 'asc' : 'desc',
    },
  };
  const columns = resolveColumns(binding);
  const auth = requireAuth(request);
  const base = parseListQuery(request.url, { ...(request.query as Record<string, unknown>), page: 0, size: 1 }, spec);
  return async (page: number, size: number) => {
    const list: ListQuery = { ...base, page, size };
    return listPage(db, binding, columns, auth, list);
  };
}

function pageCodes(name: string): readonly string[] {
  return findRoute(`/${name}`)?.permissions ?? [];
}

/**
 * GET /api/v1/exports/:name for every declared list (resources/index.ts), engine-served or hand-written.
 * A binding with `export: false` is not exported.
 */
export function registerListExports(
  app: FastifyInstance,
  db: Parameters<typeof listPage>[0],
  declarations: readonly ResourceDeclaration[],
  bindings: readonly ResourceBinding[],
): void {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const bound = new Map(bindings.map((binding) => [binding.declaration.name, binding]));
  app.get('/api/v1/exports/:name', { schema: listExportSchema() }, async (request, reply) => {
    const auth = requireAuth(request);
    const name = (request.params as { name: string }).name;
    const declaration = byName.get(name);
    const binding = bound.get(name);
    if (!declaration?.api.list || binding?.export === false) fail(EXPORT_MSG.unknown);
    const format = parseExportFormat((request.query as { format?: unknown }).format);
    // The page's codes (the declaration's, else the route table's), whoever serves the list: a hand-written
    // route shared by several pages (e.g. top-ups) checks only its scope.
    const codes = declaration.permissions.list.length > 0 ? declaration.permissions.list : pageCodes(name);
    if (codes.length > 0 && !holdsAny(auth, codes)) {
      throw new ForbiddenError(binding?.messages.denied ?? '无权限访问此页面！');
    }
    const engineServed = binding && !binding.handWritten?.includes('list');
    const read = engineServed ? engineReader(binding, request, db) : injectedReader(app, request, declaration.api.list);
    return streamListExport(reply, declaration, format, read);
  });
}
