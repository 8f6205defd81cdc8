import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files live in DATA_DIR/uploads under random names the server chose (32 hex characters and the extension
 * of their sniffed type); a stored name never comes from a client.
 */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{2,5}$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export async function storeFile(dataDir: string, content: Uint8Array, extension: string): Promise<string> {
  const directory = uploadsDir(dataDir);
  await mkdir(directory, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}${extension}`;
  await writeFile(path.join(directory, storedName), content, { flag: 'wx', mode: 0o600 });
  return storedName;
}

export async function removeStoredFile(dataDir: string, storedName: string): Promise<void> {
  if (STORED_NAME.test(storedName)) await unlink(path.join(uploadsDir(dataDir), storedName)).catch(() => undefined);
}

/** The stored file as a stream, or null when it is gone (or the name is not one we would have chosen). */
export function openStoredFile(dataDir: string, storedName: string): ReadStream | null {
  if (!STORED_NAME.test(storedName)) return null;
  const file = path.join(uploadsDir(dataDir), storedName);
  return existsSync(file) ? createReadStream(file) : null;
}

/**
 * Content-Disposition for a download: an ASCII fallback for old clients and the real (Chinese) name in
 * RFC 5987 / RFC 6266 form, `filename*=UTF-8''…`.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
