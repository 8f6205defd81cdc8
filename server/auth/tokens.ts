import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** user id */
  sub: string;
  rid: number;
  cid: number | null;
  pm: number;
  /** Session id: shared by every token refreshed from one login; a logout revokes it. */
  sid: string;
  /** Login time of the session (epoch seconds); the session ends `maxSessionSeconds` after it. */
  lat: number;
  /** The user's token version at login; a password change or reset bumps it. */
  tv: number;
  exp: number;
  iat: number;
}

export interface SessionInput {
  userId: number;
  rid: number;
  cid: number | null;
  pm: number;
  tokenVersion: number;
}

export interface TokenService {
  /** A token of a new session (a login). */
  sign(claims: SessionInput): string;
  /**
   * A fresh token of the same session (same sid and login time), or null once the session has reached its
   * maximum total life: refreshing never extends a session past `lat + maxSessionSeconds`.
   */
  renew(current: TokenClaims, claims: SessionInput): string | null;
  /** Returns the claims, or null for a missing, expired, tampered or foreign token. */
  verify(token: string): TokenClaims | null;
}

/**
 * HS256 JWTs; the payload's exp is the expiry in seconds, which the browser reads (spec §3). Each token lives
 * `ttlSeconds`, never past the session's login time plus `maxSessionSeconds`.
 */
export function createTokenService(secret: string, ttlSeconds: number, maxSessionSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  const issue = (input: SessionInput, sid: string, lat: number, nowSeconds: number): string =>
    signer({
      sub: String(input.userId),
      rid: input.rid,
      cid: input.cid,
      pm: input.pm,
      sid,
      lat,
      tv: input.tokenVersion,
      exp: Math.min(nowSeconds + ttlSeconds, lat + maxSessionSeconds),
    });
  return {
    sign(input) {
      const now = Math.floor(Date.now() / 1000);
      return issue(input, randomBytes(18).toString('base64url'), now, now);
    },
    renew(current, input) {
      const now = Math.floor(Date.now() / 1000);
      if (now >= current.lat + maxSessionSeconds) return null;
      return issue(input, current.sid, current.lat, now);
    },
    verify(token) {
      try {
        const claims = verifier(token) as TokenClaims;
        const wellFormed =
          typeof claims.sub === 'string' &&
          typeof claims.sid === 'string' &&
          Number.isSafeInteger(claims.lat) &&
          Number.isSafeInteger(claims.tv);
        return wellFormed ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
