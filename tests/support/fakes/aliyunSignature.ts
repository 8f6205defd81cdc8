import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Aliyun's V3 request signature (ACS3-HMAC-SHA256), computed from its documentation
 * (https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature), not from the SDK:
 *   CanonicalRequest = Method \n CanonicalURI \n CanonicalQueryString \n CanonicalHeaders \n SignedHeaders \n HashedPayload
 *   StringToSign     = "ACS3-HMAC-SHA256" \n hex(sha256(CanonicalRequest))
 *   Signature        = hex(hmac-sha256(AccessKeySecret, StringToSign))
 * with RFC 3986 percent-encoding of query names and values, sorted by name; the canonical headers are the signed
 * ones (host, content-type and every x-acs-*), lower-cased, values trimmed, sorted, each `name:value\n`.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function acs3CanonicalRequest(input: {
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  signedHeaders: string[];
  hashedPayload: string;
}): string {
  const query = [...input.query]
    .map(([name, value]) => [percentEncode(name), percentEncode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = input.signedHeaders.map((name) => `${name}:${(input.headers[name] ?? '').trim()}\n`).join('');
  return [input.method, input.path || '/', query, headers, input.signedHeaders.join(';'), input.hashedPayload].join(
    '\n',
  );
}

export function acs3Signature(secret: string, canonicalRequest: string): string {
  const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')}`;
  return createHmac('sha256', secret).update(stringToSign, 'utf8').digest('hex');
}

/** Why the request's signature is not valid for `secrets` (by AccessKeyId), or null when it is. */
export function checkAcs3Request(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  secrets: Record<string, string>,
  now = Date.now(),
): { code: string; accessKeyId?: string } | null {
  const authorization = String(request.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!match) return { code: 'IncompleteSignature' };
  const [, accessKeyId, signedList, signature] = match;
  const secret = secrets[accessKeyId];
  if (!secret) return { code: 'InvalidAccessKeyId.NotFound' };
  const signedHeaders = signedList.split(';');
  for (const required of [
    'host',
    'x-acs-action',
    'x-acs-version',
    'x-acs-date',
    'x-acs-signature-nonce',
    'x-acs-content-sha256',
  ]) {
    if (!signedHeaders.includes(required)) return { code: 'IncompleteSignature' };
  }
  const hashedPayload = String(request.headers['x-acs-content-sha256'] ?? '');
  if (hashedPayload !== createHash('sha256').update(request.body).digest('hex'))
    return { code: 'SignatureDoesNotMatch' };
  const date = Date.parse(String(request.headers['x-acs-date'] ?? ''));
  if (!Number.isFinite(date) || Math.abs(now - date) > 15 * 60_000) return { code: 'InvalidTimeStamp.Expired' };
  const url = new URL(request.url, 'http://fake');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name] = Array.isArray(value) ? value.join(',') : String(value);
  const canonical = acs3CanonicalRequest({
    method: request.method,
    path: url.pathname,
    query: [...url.searchParams.entries()],
    headers,
    signedHeaders,
    hashedPayload,
  });
  if (acs3Signature(secret, canonical) !== signature) return { code: 'SignatureDoesNotMatch', accessKeyId };
  return null;
}
