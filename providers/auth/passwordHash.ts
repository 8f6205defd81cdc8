import Hex from 'crypto-js/enc-hex';
import sha256 from 'crypto-js/sha256';

/**
 * SHA-256 of a UTF-8 string as lowercase hex, by crypto-js (the design card's library: hand-written crypto is a
 * liability). Only its SHA-256 module and hex encoder are imported, a few KB on /login.
 */
export function sha256Hex(text: string): string {
  return sha256(text).toString(Hex);
}

/** The password leaves the browser as SHA-256 hex (DESIGN §2: compatibility, not security; TLS is). */
export function hashPassword(password: string): string {
  return sha256Hex(password);
}
