import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Tencent Cloud's TC3-HMAC-SHA256 signature, computed from its documentation
 * (https://cloud.tencent.com/document/api/382/52072), not from the SDK:
 *   CanonicalRequest = Method \n URI \n Query \n CanonicalHeaders \n SignedHeaders \n hex(sha256(payload))
 *   StringToSign     = "TC3-HMAC-SHA256" \n Timestamp \n Date/service/tc3_request \n hex(sha256(CanonicalRequest))
 *   kDate = HMAC("TC3"+SecretKey, Date); kService = HMAC(kDate, service); kSigning = HMAC(kService, "tc3_request")
 *   Signature = hex(HMAC(kSigning, StringToSign))
 * Canonical headers: the signed ones (at least content-type and host), names and values lower-cased, `name:value\n`.
 */
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export function tc3Signature(input: {
  secretKey: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  signedHeaders: string[];
  payload: Buffer | string;
  timestamp: number;
  service: string;
}): string {
  const canonicalHeaders = input.signedHeaders
    .map((name) => `${name}:${(input.headers[name] ?? '').trim().toLowerCase()}\n`)
    .join('');
  const canonicalRequest = [
    input.method,
    input.path,
    input.query,
    canonicalHeaders,
    input.signedHeaders.join(';'),
    sha256(input.payload),
  ].join('\n');
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const stringToSign = `TC3-HMAC-SHA256\n${input.timestamp}\n${date}/${input.service}/tc3_request\n${sha256(canonicalRequest)}`;
  const kDate = hmac(`TC3${input.secretKey}`, date);
  const kSigning = hmac(hmac(kDate, input.service), 'tc3_request');
  return createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex');
}

/**
 * Why the request's TC3 signature is not valid, or null. The host signed is the Host header's name: the real API
 * is reached on the default port, where the header carries no port (a loopback fake's does).
 */
export function checkTc3Request(
  request: { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer },
  secrets: Record<string, string>,
  expectedService: string,
  now = Date.now(),
): string | null {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'AuthFailure.SignatureFailure';
  const [, secretId, date, service, signedList, signature] = match;
  const secretKey = secrets[secretId];
  if (!secretKey) return 'AuthFailure.SecretIdNotFound';
  if (service !== expectedService) return 'AuthFailure.SignatureFailure';
  const timestamp = Number(request.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return 'AuthFailure.SignatureExpire';
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
  const signedHeaders = signedList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('content-type')) return 'AuthFailure.SignatureFailure';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
  headers.host = (headers.host ?? '').replace(/:\d+$/, '');
  const url = new URL(request.url, 'http://fake');
  const expected = tc3Signature({
    secretKey,
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    signedHeaders,
    payload: request.body,
    timestamp,
    service,
  });
  return expected === signature ? null : 'AuthFailure.SignatureFailure';
}
