import type { Db } from '../db/database';

/**
 * Whether a department-scoped staff member (kefu, hehuoren) may download a file: it must belong to a record
 * they may see (DESIGN §4, issue 19 #3):
 * - a file uploaded by a merchant of a company of their departments (recharge vouchers, ...);
 * - the file of an invoice, tax payment certificate or recharge of a company of their departments;
 * - a registration's licence or student card, while the registration waits for activation (no department
 *   yet) or once it belongs to one of their departments;
 * - platform content that belongs to no company: notice images and attachments, agreement template files, help
 *   article images.
 * Records keep a file as its download URL '/api-v1/dl?file=<id>&rn=<name>'; the id is matched, not the name.
 */
export async function fileInDepartments(db: Db, uploadId: number, departments: readonly number[]): Promise<boolean> {
  const scope = departments.length > 0 ? [...departments] : [-1];
  const url = `/api-v1/dl?file=${uploadId}&%`;
  const [owned, invoice, certificate, recharge, registration, notice, template, help] = await Promise.all([
    db
      .selectFrom('uploads')
      .innerJoin('companies', 'companies.id', 'uploads.owner_company_id')
      .select('uploads.id')
      .where('uploads.id', '=', uploadId)
      .where('companies.department_id', 'in', scope)
      .executeTakeFirst(),
    db
      .selectFrom('invoices')
      .innerJoin('companies', 'companies.id', 'invoices.company_id')
      .select('invoices.id')
      .where('invoices.invoice_file_url', 'like', url)
      .where('companies.department_id', 'in', scope)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('tax_certificates')
      .innerJoin('companies', 'companies.id', 'tax_certificates.company_id')
      .select('tax_certificates.id')
      .where('tax_certificates.file_url', 'like', url)
      .where('companies.department_id', 'in', scope)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('recharges')
      .innerJoin('companies', 'companies.id', 'recharges.company_id')
      .select('recharges.id')
      .where('recharges.voucher_url', 'like', url)
      .where('companies.department_id', 'in', scope)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('registrations')
      .select('id')
      .where((eb) => eb.or([eb('license_url', 'like', url), eb('student_card_url', 'like', url)]))
      .where((eb) => eb.or([eb('department_id', 'is', null), eb('department_id', 'in', scope)]))
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('notices')
      .select('id')
      .where((eb) => eb.or([eb('image_upload_id', '=', uploadId), eb('annex_upload_id', '=', uploadId)]))
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('agreement_templates').select('id').where('file_url', 'like', url).limit(1).executeTakeFirst(),
    db
      .selectFrom('help_articles')
      .select('id')
      .where('body_html', 'like', `%data-src="/api-v1/dl?file=${uploadId}&amp;%`)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return [owned, invoice, certificate, recharge, registration, notice, template, help].some(Boolean);
}
