import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from './storage/fileStorage';

/**
 * Stored files (uploads, generated PDFs, download zips) are named by the server: 32 hex characters and the
 * extension of their sniffed type; a stored name never comes from a client. They live in the FileStorage
 * (storage/: the local disk or an object store) and every read, write and delete of one goes through it.
 */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z]{2,5}$/;

/** A fresh stored name with this extension ('.pdf', '.zip', ...). */
export function newStoredName(extension: string): string {
  return `${randomBytes(16).toString('hex')}${extension}`;
}

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export async function storeFile(files: FileStorage, content: Uint8Array, extension: string): Promise<string> {
  const storedName = newStoredName(extension);
  await files.put(storedName, content);
  return storedName;
}

export async function removeStoredFile(files: FileStorage, storedName: string): Promise<void> {
  if (isStoredName(storedName)) await files.remove(storedName).catch(() => undefined);
}

/** The stored file as a stream, or null when it is gone (or the name is not one we would have chosen). */
export async function openStoredFile(files: FileStorage, storedName: string): Promise<Readable | null> {
  return isStoredName(storedName) ? files.open(storedName) : null;
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
