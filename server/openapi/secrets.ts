import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Signing secrets at rest. A signature can only be checked with the secret itself, so unlike the key check's key
 * (kept as a sha256) the signing secret is stored encrypted: AES-256-GCM under a key derived (HKDF-SHA256) from the
 * server's ID_KEY, which every process of a deployment shares and which is never rotated (workers' ID hashes
 * depend on it too). A copy of the database alone reveals no secret. Stored as base64url iv.tag.ciphertext.
 */
const INFO = 'lg-open-api-signing-secret';

const keyOf = (serverKey: string) => Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), INFO, 32));

export function sealSecret(serverKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export function openSecret(serverKey: string, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/** A new key id (public, sent with every call) and signing secret (shown once). */
export function newSigningCredentials(): { keyId: string; secret: string } {
  return { keyId: `lgak_${randomBytes(12).toString('hex')}`, secret: `lgs_${randomBytes(32).toString('base64url')}` };
}
