import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  /** user id */
  sub: string;
  rid: number;
  cid: number | null;
  pm: number;
  exp: number;
  iat: number;
}

export interface TokenService {
  sign(claims: { userId: number; rid: number; cid: number | null; pm: number }): string;
  /** Returns the claims, or null for a missing, expired, tampered or foreign token. */
  verify(token: string): TokenClaims | null;
}

/** HS256 JWTs; the payload's exp is the expiry in seconds, which the browser reads (spec §3). */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: ({ userId, rid, cid, pm }) => signer({ sub: String(userId), rid, cid, pm }),
    verify(token) {
      try {
        const claims = verifier(token) as TokenClaims;
        return typeof claims.sub === 'string' ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
