import queryString from 'query-string';
import { encodeQ } from '../src/domain/query';
import { apiBase } from './appConfig';

export type Query = Record<string, string | number | boolean | null | undefined>;

/** The URL of an API call: the configured API base, the query, and q=key:value;… built by encodeQ. */
export function buildUrl(path: string, query?: Query, q?: Record<string, unknown>): string {
  const rest = queryString.stringify(query ?? {}, { skipNull: true, skipEmptyString: true, sort: false });
  const search = q ? encodeQ(q) : '';
  // q stays as encodeQ built it: encoding it again would hide the ';' separators.
  const params = [search ? `q=${search}` : '', rest].filter((part) => part !== '').join('&');
  const base = /^https?:\/\//.test(path) ? path : `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  return params !== '' ? `${base}${base.includes('?') ? '&' : '?'}${params}` : base;
}
