import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a call under /open/v1: hex HMAC-SHA256 with the key's signing secret over
 *   METHOD \n path \n canonical query \n timestamp \n nonce \n hex sha256(body)
 * The canonical query is the query's pairs, each name and value percent-encoded (RFC 3986), sorted by name then
 * value, joined with &; an empty query is the empty string. The body is the raw bytes sent (empty for a GET).
 * The merchant's side computes the same (the document's 开放接口 tag shows it in curl and Node).
 */
export interface SignedParts {
  method: string;
  path: string;
  /** The query string without its "?", as sent. */
  query: string;
  timestamp: string;
  nonce: string;
  body: string;
}

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function canonicalQuery(query: string): string {
  const pairs = [...new URLSearchParams(query)].map(([name, value]) => [rfc3986(name), rfc3986(value)] as const);
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

export function stringToSign(parts: SignedParts): string {
  const bodyHash = createHash('sha256').update(parts.body, 'utf8').digest('hex');
  return [
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    parts.timestamp,
    parts.nonce,
    bodyHash,
  ].join('\n');
}

export function signatureOf(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret).update(stringToSign(parts), 'utf8').digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function sameSignature(received: string, expected: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expected, 'hex'));
}
