import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * The browser sends SHA-256 hex of the password (a compatibility requirement, not a security
 * control); the database keeps a bcrypt hash of that hex.
 */
export const BCRYPT_ROUNDS = 10;

export function clientHash(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('hex');
}

export function isClientHash(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

export async function hashClientPassword(sha256Hex: string): Promise<string> {
  return bcrypt.hash(sha256Hex, BCRYPT_ROUNDS);
}

export async function verifyClientPassword(sha256Hex: string, storedHash: string): Promise<boolean> {
  return bcrypt.compare(sha256Hex, storedHash);
}
