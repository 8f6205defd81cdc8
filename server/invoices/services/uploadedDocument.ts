import type { Db } from '../../db/database';
import { attachFile } from '../../files/fileReferences';

/**
 * A document finance attaches to a record (an issued invoice, a tax payment certificate): a file the same
 * person uploaded (POST /api/v1/common/uploadfiles, kind annex) that is a PDF, JPG or PNG by its content.
 * The record keeps the URL this server would issue for it, which is also how a merchant's download of it is
 * recognised (companyDocuments.repository.ts).
 */
export const DOCUMENT_NAME_MAX = 128;

export interface StoredDocument {
  url: string;
  name: string;
}

export async function uploadedDocument(
  db: Db,
  uploaderId: number,
  url: string,
  purpose: 'invoice_file' | 'tax_certificate',
  messages: { invalid: string; format: string },
): Promise<StoredDocument> {
  // attachFile: the uploader's own file, not taken for another purpose (a certificate never becomes an invoice).
  const { upload, url: canonical } = await attachFile(db, { userId: uploaderId }, url, {
    purpose,
    message: messages.invalid,
    formatMessage: messages.format,
  });
  return {
    url: canonical,
    name: [...upload.originalName].slice(0, DOCUMENT_NAME_MAX).join(''),
  };
}
