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

/**
 * Inverse of encodeQ. Takes the raw, still encoded `q` value straight from the URL: decoding the whole
 * query string first (as a framework's query parser does) would turn an encoded `;` inside a value
 * into a separator.
 */
export function decodeQ(q: string | undefined | null): Record<string, string> {
  const result: Record<string, string> = {};
  if (!q) return result;
  for (const part of q.split(';')) {
    if (!part) continue;
    let pair: string;
    try {
      pair = decodeURIComponent(part);
    } catch {
      pair = part;
    }
    const colon = pair.indexOf(':');
    if (colon <= 0) continue;
    const key = pair.slice(0, colon).trim();
    const value = pair.slice(colon + 1);
    if (value !== '') result[key] = value;
  }
  return result;
}
