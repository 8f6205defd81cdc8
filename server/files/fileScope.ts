import type { AuthContext } from '../auth/access';
import { companyScope, registrationScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';

/**
 * Whether a staff member whose role's data scope holds fewer than every company (src/domain/dataScope.ts: its
 * departments, its subsidiaries, the companies assigned to it, an edition, or none) may download a file: it must
 * belong to a record they may see (DESIGN §4), by the same company scope as those records (server/auth/scope.ts;
 * a partner only its own companies among them):
 * - a file uploaded by a merchant of a company in their scope (recharge vouchers, feedback images, ...);
 * - the file of an invoice, tax payment certificate or recharge of a company in their scope;
 * - a registration's licence or student card, where they may see the registration (registrationScope);
 * - platform content that belongs to no company: notice images and attachments, agreement template files, help
 *   article images.
 * Records keep a file as its download URL '/api-v1/dl?file=<id>&rn=<name>'; the id is matched, not the name.
 */
export async function fileInStaffScope(db: Db, uploadId: number, auth: AuthContext): Promise<boolean> {
  const scope = companyScope(auth);
  const companies = scopedCompanyIds(db, scope);
  const registrations = registrationScope(scope);
  if (!companies || !registrations) return true;
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
      .where(registrations)
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
