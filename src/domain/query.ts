/**
 * The `q=` search contract (spec §5, DESIGN §2): each `key:value` pair is URL-encoded on its own and
 * the pairs are joined by `;`, so a `;` or `:` inside a value stays safe. Empty values are left out.
 */
export type Filters = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function valueText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

export function encodeQ(filters: Filters): string {
  return Object.entries(filters)
    .filter(([, value]) => !isEmpty(value))
    .map(([key, value]) => encodeURIComponent(`${key}:${valueText(value)}`))
    .join(';');
}

/** A `q=` value that does not parse; the message says which pair and why, in Chinese. */
export class QueryFormatError extends Error {}

/** A `q` value encoded a second time (`nm%253A…`), as a query-string serializer does to an encoded `q`. */
const DOUBLE_ENCODED = /^[A-Za-z_][A-Za-z0-9_]*%253A/i;

function decodePart(part: string, position: number): string {
  let pair: string;
  try {
    pair = decodeURIComponent(part);
  } catch {
    throw new QueryFormatError(`查询条件 q 的第 ${position} 项不是合法的 URL 编码`);
  }
  if (pair.includes('\u0000')) throw new QueryFormatError(`查询条件 q 的第 ${position} 项含有非法字符`);
  return pair;
}

/**
 * Inverse of encodeQ, strict: takes the raw, still encoded `q` value straight from the URL (decoding the
 * whole query string first, as a framework's query parser does, would turn an encoded `;` inside a value into
 * a separator). A pair without `key:`, with an empty key, a broken percent escape or a NUL throws
 * QueryFormatError: a filter the caller meant must never be dropped silently. A `q` encoded twice is read
 * as the same filter. Empty values are left out, as encodeQ leaves them out.
 */
export function decodeQ(q: string | undefined | null): Record<string, string> {
  // No prototype: `__proto__:x` must become a key like any other (and be refused as unknown), not set the
  // object's prototype and vanish; `constructor` or `hasOwnProperty` never read an inherited function.
  const result: Record<string, string> = Object.create(null);
  if (!q) return result;
  const raw = DOUBLE_ENCODED.test(q) ? decodePart(q, 1) : q;
  const parts = raw.split(';');
  parts.forEach((part, index) => {
    if (!part) return;
    const pair = decodePart(part, index + 1);
    const colon = pair.indexOf(':');
    if (colon < 0) throw new QueryFormatError(`查询条件「${pair.slice(0, 40)}」缺少“:”，应为 键:值`);
    const key = pair.slice(0, colon).trim();
    if (!key) throw new QueryFormatError(`查询条件「${pair.slice(0, 40)}」缺少键名，应为 键:值`);
    const value = pair.slice(colon + 1);
    if (value !== '') result[key] = value;
  });
  return result;
}
