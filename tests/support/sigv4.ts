import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3, computed from AWS's documented algorithm ("Authenticating Requests: Using the
 * Authorization Header", S3 API reference) and nothing of the SDK: the canonical request, the string to sign, the
 * derived signing key and the signature. The loopback S3 fake (s3Fake.ts) checks every request with it, so a
 * client that signs wrongly, or with another secret, is refused as S3 would refuse it.
 */

export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded (`/bucket/key`). */
  path: string;
  /** The query string as sent, without `?` ('' when none). */
  query: string;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
}

export interface ParsedAuthorization {
  accessKeyId: string;
  /** yyyymmdd */
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 asks: everything but A-Z a-z 0-9 - . _ ~ is %XX (upper-case hex). */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const character = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(character) || (keepSlash && character === '/')) out += character;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, '%20'));

/** S3 encodes the path once (no double encoding, unlike other services): decode what was sent, encode again. */
function canonicalUri(path: string): string {
  return path
    .split('/')
    .map((segment) => uriEncode(decode(segment), false))
    .join('/');
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      return [uriEncode(decode(name), false), uriEncode(decode(value), false)] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const headerValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  const match =
    /^AWS4-HMAC-SHA256\s+Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9\-;]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header?.trim() ?? '',
    );
  if (!match) return null;
  return {
    accessKeyId: match[1],
    date: match[2],
    region: match[3],
    service: match[4],
    signedHeaders: match[5].split(';'),
    signature: match[6],
  };
}

export function canonicalRequest(request: SignedRequest, signedHeaders: readonly string[]): string {
  const payloadHash = headerValue(request.headers['x-amz-content-sha256']) || 'UNSIGNED-PAYLOAD';
  return [
    request.method.toUpperCase(),
    canonicalUri(request.path),
    canonicalQuery(request.query),
    `${signedHeaders.map((name) => `${name}:${headerValue(request.headers[name])}`).join('\n')}\n`,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

export function stringToSign(amzDate: string, scope: string, canonical: string): string {
  return ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** The signature this request should carry, for the credential named in its Authorization header. */
export function expectedSignature(request: SignedRequest, auth: ParsedAuthorization, secret: string): string {
  const amzDate = headerValue(request.headers['x-amz-date']);
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const toSign = stringToSign(amzDate, scope, canonicalRequest(request, auth.signedHeaders));
  return createHmac('sha256', signingKey(secret, auth.date, auth.region, auth.service))
    .update(toSign, 'utf8')
    .digest('hex');
}

export type Verdict = { ok: true; accessKeyId: string } | { ok: false; code: string; message: string };

/**
 * Whether the request is signed by `credentials` (access key → secret): a parseable header, a known key, the
 * host, x-amz-date and x-amz-content-sha256 among the signed headers, a date within 15 minutes of `now`, a
 * scope date that is the request's day, and the signature S3 would compute.
 */
export function verifyRequest(
  request: SignedRequest,
  credentials: Readonly<Record<string, string>>,
  now = Date.now(),
): Verdict {
  const auth = parseAuthorization(headerValue(request.headers.authorization));
  // Anonymous access is not granted on this bucket: an unsigned request is refused like a wrongly signed one.
  if (!auth) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'Missing or malformed AWS4-HMAC-SHA256 Authorization' };
  }
  const secret = credentials[auth.accessKeyId];
  if (secret === undefined) {
    return { ok: false, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist' };
  }
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!auth.signedHeaders.includes(required)) {
      return { ok: false, code: 'SignatureDoesNotMatch', message: `${required} is not signed` };
    }
  }
  const amzDate = headerValue(request.headers['x-amz-date']);
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!time || `${time[1]}${time[2]}${time[3]}` !== auth.date) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'x-amz-date does not match the credential scope' };
  }
  const signedAt = Date.UTC(+time[1], +time[2] - 1, +time[3], +time[4], +time[5], +time[6]);
  if (Math.abs(now - signedAt) > 15 * 60_000) {
    return {
      ok: false,
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large',
    };
  }
  const expected = Buffer.from(expectedSignature(request, auth, secret), 'hex');
  const given = Buffer.from(auth.signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided',
    };
  }
  return { ok: true, accessKeyId: auth.accessKeyId };
}

export { sha256Hex };
