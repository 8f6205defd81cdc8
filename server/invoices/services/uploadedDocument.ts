import type { Db } from '../../db/database';
import { downloadUrl, fileIdOfUrl } from '../../files/downloadUrls';
import { findUpload } from '../../files/uploads.repository';
import { fail } from '../../http/errors';

/**
 * A document finance attaches to a record (an issued invoice, a tax payment certificate): a file the same
 * person uploaded (POST /api/v1/common/uploadfiles, kind annex) that is a PDF, JPG or PNG by its content.
 * The record keeps the URL this server would issue for it, which is also how a merchant's download of it is
 * recognised (companyDocuments.repository.ts).
 */
export const DOCUMENT_MIMES: ReadonlySet<string> = new Set(['application/pdf', 'image/jpeg', 'image/png']);
export const DOCUMENT_NAME_MAX = 128;

export interface StoredDocument {
  url: string;
  name: string;
}

export async function uploadedDocument(
  db: Db,
  uploaderId: number,
  url: string,
  messages: { invalid: string; format: string },
): Promise<StoredDocument> {
  const fileId = fileIdOfUrl(url);
  const upload = fileId === null ? undefined : await findUpload(db, fileId);
  if (!upload || upload.ownerUserId !== uploaderId) fail(messages.invalid);
  if (!DOCUMENT_MIMES.has(upload.mime)) fail(messages.format);
  return {
    url: downloadUrl(upload.id, upload.originalName),
    name: [...upload.originalName].slice(0, DOCUMENT_NAME_MAX).join(''),
  };
}
