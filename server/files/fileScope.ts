import type { AuthContext } from '../auth/access';
import { companyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';

/**
 * Whether a department-scoped staff member (kefu, hehuoren) may download a file: it must belong to a record
 * they may see (DESIGN §4, issue 19 #3), by the same company scope as those records (server/auth/scope.ts: their
 * departments' companies, and for a partner only its own companies among them, issue 31 #9):
 * - a file uploaded by a merchant of a company in their scope (recharge vouchers, feedback images, ...);
 * - the file of an invoice, tax payment certificate or recharge of a company in their scope;
 * - a registration's licence or student card, while the registration waits for activation (no department
 *   yet) or once it belongs to one of their departments;
 * - platform content that belongs to no company: notice images and attachments, agreement template files, help
 *   article images.
 * Records keep a file as its download URL '/api-v1/dl?file=<id>&rn=<name>'; the id is matched, not the name.
 */
export async function fileInStaffScope(db: Db, uploadId: number, auth: AuthContext): Promise<boolean> {
  const departments = auth.deptScope ?? [];
  const scope = departments.length > 0 ? [...departments] : [-1];
  const companies = scopedCompanyIds(db, companyScope(auth));
  if (!companies) return true;
  const url = `/api-v1/dl?file=${uploadId}&%`;
  const [owned, invoice, certificate, recharge, registration, notice, template, help] = await Promise.all([
    db
      .selectFrom('uploads')
      .select('uploads.id')
      .where('uploads.id', '=', uploadId)
      .where('uploads.owner_company_id', 'in', companies)
      .executeTakeFirst(),
    db
      .selectFrom('invoices')
      .select('invoices.id')
      .where('invoices.invoice_file_url', 'like', url)
      .where('invoices.company_id', 'in', companies)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('tax_certificates')
      .select('tax_certificates.id')
      .where('tax_certificates.file_url', 'like', url)
      .where('tax_certificates.company_id', 'in', companies)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('recharges')
      .select('recharges.id')
      .where('recharges.voucher_url', 'like', url)
      .where('recharges.company_id', 'in', companies)
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
