import type { Db } from '../db/database';
import { downloadUrl } from '../files/downloadUrls';

/**
 * Whether a stored file is a document finance gave a company: the file of one of its issued invoices or one
 * of its tax payment certificates. Such a file is uploaded by staff, so the uploads route asks this before
 * refusing a merchant's download.
 */
export async function isCompanyDocument(
  db: Db,
  upload: { id: number; originalName: string },
  companyId: number | null,
): Promise<boolean> {
  if (companyId === null) return false;
  const url = downloadUrl(upload.id, upload.originalName);
  const [invoice, certificate] = await Promise.all([
    db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', companyId)
      .where('invoice_file_url', '=', url)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('tax_certificates')
      .select('id')
      .where('company_id', '=', companyId)
      .where('file_url', '=', url)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !!invoice || !!certificate;
}
