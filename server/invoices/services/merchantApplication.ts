import { invoiceInfoOfCompany } from '../../../src/domain/invoiceApplication';
import { ROLE } from '../../../src/domain/roles';
import type { AuthContext } from '../../auth/access';
import { findCompany } from '../../companies/companies.repository';
import type { Db } from '../../db/database';
import { ForbiddenError, fail } from '../../http/errors';
import { findCategory } from '../invoiceCategories';
import { type ApplicationRequest, applicationOf, completeInvoiceInfo, type InvoiceInfo } from './applicationRequest';
import type { Applicant } from './applyInvoice';

/**
 * What a merchant's invoice application is checked against before it is written (applyForInvoice): the body's
 * fields, the company's invoice information, and a category of the merchant's edition that is enabled. The back
 * office's POST /api/v1/invoices and the open API's POST /open/v1/invoices both go through these.
 */
export const MSG_CATEGORY_UNAVAILABLE = '开票类目不存在或已停用，请重新选择';

/** Only a merchant account applies, for its company in its session's edition. */
export function applicantOf(auth: AuthContext): Applicant {
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError('仅商户账号可以申请开票');
  return { companyId: auth.companyId, platformMark: auth.platformMark, userId: auth.userId };
}

export async function checkedApplication(
  db: Db,
  applicant: Applicant,
  body: unknown,
): Promise<{ application: ApplicationRequest; info: InvoiceInfo }> {
  const application = applicationOf(body);
  const company = await findCompany(db, applicant.companyId);
  if (!company) fail('公司不存在');
  const info = completeInvoiceInfo(invoiceInfoOfCompany(company));
  const category = await findCategory(db, application.categoryId);
  if (!category || category.platformMark !== applicant.platformMark || category.status !== 1) {
    fail(MSG_CATEGORY_UNAVAILABLE);
  }
  return { application, info };
}
