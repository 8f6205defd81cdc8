import { getPlatformMark, getToken } from './sessionStore';

/** The headers every API call carries: the session's edition and, when logged in, its token. */
export function requestHeaders(contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', platformMark: String(getPlatformMark()) };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}
