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

/** Verified tokens kept per process; past this many the map starts again. */
const VERIFIED_KEPT = 1000;

/**
 * HS256 JWTs; the payload's exp is the expiry in seconds, which the browser reads (spec §3). Each token lives
 * `ttlSeconds`, never past the session's login time plus `maxSessionSeconds`.
 */
export function createTokenService(secret: string, ttlSeconds: number, maxSessionSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  const verified = new Map<string, TokenClaims>();
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
      // The same token string verifies the same way every time: only its expiry is checked again. (fast-jwt's own
      // cache hashes the whole token with SHA-256 to find it, a tenth of the access hook's time on a read by id.)
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.exp * 1000) return known;
        verified.delete(token);
        return null;
      }
      try {
        const claims = verifier(token) as TokenClaims;
        const wellFormed =
          typeof claims.sub === 'string' &&
          typeof claims.sid === 'string' &&
          Number.isSafeInteger(claims.lat) &&
          Number.isSafeInteger(claims.tv) &&
          Number.isSafeInteger(claims.exp);
        if (!wellFormed) return null;
        if (verified.size >= VERIFIED_KEPT) verified.clear();
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
