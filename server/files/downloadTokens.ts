import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A plain link or <img> cannot send the Authorization header, so a download may carry `t`: an HMAC of the
 * file id and an expiry, issued by GET /api/v1/common/downloadtoken after the caller's access was checked.
 * Format: `<expiry in epoch seconds>.<base64url HMAC-SHA256>`; the key is the server's JWT secret, the
 * message prefixed so a download token can never stand in for anything else signed with it.
 */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

function signature(secret: string, fileId: number, expires: number): string {
  return createHmac('sha256', secret).update(`download:${fileId}:${expires}`).digest('base64url');
}

export function signDownload(secret: string, fileId: number, nowMs = Date.now()): { t: string; expires: number } {
  const expires = Math.floor(nowMs / 1000) + DOWNLOAD_TOKEN_TTL_SECONDS;
  return { t: `${expires}.${signature(secret, fileId, expires)}`, expires };
}

/** True when `t` was issued for this file and has not expired. */
export function verifyDownload(secret: string, fileId: number, t: string, nowMs = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(t);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(secret, fileId, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
