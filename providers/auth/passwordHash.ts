import { sha256Hex } from '../../src/domain/sha256';

/** The password leaves the browser as SHA-256 hex (DESIGN §2: compatibility, not security; TLS is). */
export function hashPassword(password: string): string {
  return sha256Hex(password);
}
