import { CATEGORY_EDITION_CODES } from '../../../resources/invoiceCategories';
import { INVOICE_EDITION_CODES } from '../../../resources/invoices';
import type { PlatformMark } from '../../../src/domain/editions';
import { ROLE } from '../../../src/domain/roles';
import { type AuthContext, holdsAny } from '../../auth/access';
import { ForbiddenError, fail } from '../../http/errors';

/**
 * Staff handle invoices and categories one edition at a time, each edition with its own codes (taken from the
 * declarations); a merchant only ever works in its session's edition.
 */
export type EditionCodes = Readonly<Record<PlatformMark, readonly string[]>>;

export { CATEGORY_EDITION_CODES, INVOICE_EDITION_CODES };

/** Any mark but 1 is the small-scale edition (spec §1). */
export function editionOf(mark: number): PlatformMark {
  return mark === 1 ? 1 : 3;
}

/** A platformmark parameter: 1 or 3, absent → undefined, anything else a business error. */
export function optionalEdition(raw: unknown): PlatformMark | undefined {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === undefined || value === null || value === '') return undefined;
  if (String(value) === '1') return 1;
  if (String(value) === '3') return 3;
  fail('版本格式不正确（platformmark 只能是 1 或 3）');
}

export function holdsEdition(auth: AuthContext, codes: EditionCodes, mark: number): boolean {
  return auth.roleId !== ROLE.merchant && holdsAny(auth, codes[editionOf(mark)]);
}

/** 403 unless the staff member holds that edition's codes (role 1 passes). */
export function assertEdition(auth: AuthContext, codes: EditionCodes, mark: number): void {
  if (!holdsEdition(auth, codes, mark)) {
    throw new ForbiddenError(editionOf(mark) === 3 ? '无权处理小规模版的发票业务' : '无权处理标准版的发票业务');
  }
}

/** The editions a staff member may see (both for role 1); 403 when none. */
export function staffEditions(auth: AuthContext, codes: EditionCodes): PlatformMark[] {
  const marks = ([1, 3] as const).filter((mark) => holdsEdition(auth, codes, mark));
  if (marks.length === 0) throw new ForbiddenError('无权限访问此页面！');
  return marks;
}
