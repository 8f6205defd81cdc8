import { decodeQ, QueryFormatError } from '../../src/domain/query';
import { fail } from './errors';
import { unsafeTextReason } from './schemas/keywords';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export interface ListQuery {
  page: number;
  size: number;
  offset: number;
  filters: Record<string, string>;
  sort: { field: string; order: 'asc' | 'desc' } | null;
}

export interface ListSpec {
  /** Filter keys this resource accepts in q=; any other key is refused with a clear message. */
  filterKeys: readonly string[];
  /** Fields that may be sorted on. */
  sortFields: readonly string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  maxSize?: number;
}

/** The raw (still URL-encoded) value of one query parameter: q must be split before it is decoded. */
export function rawQueryParam(url: string, name: string): string | undefined {
  const query = url.split('?')[1];
  if (!query) return undefined;
  for (const part of query.split('&')) {
    const equals = part.indexOf('=');
    const key = equals < 0 ? part : part.slice(0, equals);
    if (key === name) return equals < 0 ? '' : part.slice(equals + 1).replace(/\+/g, '%20');
  }
  return undefined;
}

function parseWholeNumber(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) fail(`${name} 参数必须是非负整数`);
  return value;
}

/** The q= filters of a request URL; a pair that does not parse answers 1040400 naming it. */
export function filtersOf(url: string): Record<string, string> {
  try {
    const filters = decodeQ(rawQueryParam(url, 'q'));
    // q= is decoded here, past the query-string schema: its values meet the same text rule as every field.
    for (const [key, value] of Object.entries(filters)) {
      if (unsafeTextReason(key, 'line') || unsafeTextReason(value, 'line')) {
        fail(`查询条件 ${[...key].filter((c) => !unsafeTextReason(c, 'line')).join('')} 含有控制字符，请删除后再查询`);
      }
    }
    return filters;
  } catch (error) {
    if (error instanceof QueryFormatError) fail(error.message);
    throw error;
  }
}

/** Parses page (0-based), size (capped), q= pairs against the whitelist, and sort=field,asc|desc. */
export function parseListQuery(url: string, query: Record<string, unknown>, spec: ListSpec): ListQuery {
  const maxSize = spec.maxSize ?? MAX_PAGE_SIZE;
  const page = parseWholeNumber(query.page, 'page', 0);
  const size = parseWholeNumber(query.size, 'size', DEFAULT_PAGE_SIZE);
  if (size < 1 || size > maxSize) fail(`size 参数必须在 1 到 ${maxSize} 之间`);
  if (page > 10_000_000) fail('page 参数过大');

  const filters = filtersOf(url);
  const unknown = Object.keys(filters).filter((key) => !spec.filterKeys.includes(key));
  if (unknown.length > 0) {
    fail(`不支持的查询条件：${unknown.join('、')}（可用：${spec.filterKeys.join('、') || '无'}）`);
  }

  let sort = spec.defaultSort ?? null;
  const rawSort = query.sort;
  if (typeof rawSort === 'string' && rawSort !== '') {
    const [field, order = 'asc'] = rawSort.split(',');
    if (!spec.sortFields.includes(field)) fail(`不支持按 ${field} 排序（可用：${spec.sortFields.join('、') || '无'}）`);
    if (order !== 'asc' && order !== 'desc') fail('排序方向只能是 asc 或 desc');
    sort = { field, order };
  }
  return { page, size, offset: page * size, filters, sort };
}

export function pageOf<T>(rows: T[], totalElements: number, list: Pick<ListQuery, 'page' | 'size'>) {
  return { content: rows, totalElements, number: list.page, size: list.size };
}
