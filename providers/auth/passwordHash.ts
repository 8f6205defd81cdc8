import sha256 from 'crypto-js/sha256';

/** The password leaves the browser as SHA-256 hex (DESIGN §2: compatibility, not security; TLS is). */
export function hashPassword(password: string): string {
  return sha256(password).toString();
}
