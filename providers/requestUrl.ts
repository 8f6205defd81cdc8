import { encodeQ } from '../src/domain/query';
import { apiBase } from './appConfig';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** The URL of an API call: the configured API base, the query, and q=key:value;… built by encodeQ. */
export function buildUrl(path: string, query?: Query, q?: Record<string, unknown>): string {
  const params = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  const search = q ? encodeQ(q) : '';
  // q stays as encodeQ built it: encoding it again would hide the ';' separators.
  if (search) params.unshift(`q=${search}`);
  const base = /^https?:\/\//.test(path) ? path : `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  return params.length > 0 ? `${base}${base.includes('?') ? '&' : '?'}${params.join('&')}` : base;
}
