import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { fileIdOfReference, GENERATED_PURPOSE } from './fileReferences';
import { openStoredFile, storeFile } from './fileStore';
import type { FileStorage } from './storage/fileStorage';
import { findUpload, insertUpload } from './uploads.repository';

/**
 * Files the server makes itself (signed agreements, …): stored like uploads, so the signed download link of
 * GET /api-v1/dl serves them too. Other domains keep the returned id.
 */
export async function saveGeneratedFile(
  db: Db,
  files: FileStorage,
  file: { content: Uint8Array; name: string; mime: string; ownerUserId: number; ownerCompanyId: number | null },
): Promise<number> {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')).toLowerCase() : '';
  const storedName = await storeFile(files, file.content, extension);
  return insertUpload(db, {
    storedName,
    originalName: file.name,
    mime: file.mime,
    size: file.content.length,
    ownerUserId: file.ownerUserId,
    ownerCompanyId: file.ownerCompanyId,
    createTime: chinaTime(),
    purpose: GENERATED_PURPOSE,
  });
}

/** A generated file's name and content stream, or null when it is gone. */
export async function openGeneratedFile(db: Db, files: FileStorage, id: number) {
  const upload = await findUpload(db, id);
  if (!upload) return null;
  const stream = await openStoredFile(files, upload.storedName);
  return stream ? { stream, name: upload.originalName, size: upload.size, mime: upload.mime } : null;
}

/**
 * A generated file's bytes, or null — also for an upload: what this reads is signed and counted on the request
 * thread (esign/devEsign.ts), which is safe only for a PDF this server made.
 */
export async function readGeneratedFile(db: Db, files: FileStorage, id: number): Promise<Uint8Array | null> {
  const upload = await findUpload(db, id);
  if (upload?.purpose !== GENERATED_PURPOSE) return null;
  const opened = await openGeneratedFile(db, files, id);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The file a record keeps as its download URL (an issued invoice's file), opened for a caller the record's own scope
 * check admitted; null when the record names no file this server stored, or it is gone.
 */
export async function openRecordFile(db: Db, files: FileStorage, reference: string) {
  const id = fileIdOfReference(reference);
  return id === null ? null : openGeneratedFile(db, files, id);
}
