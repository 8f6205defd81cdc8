import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { ForbiddenError, fail } from '../http/errors';
import type { AuthContext } from './access';

export interface CompanyScope {
  companyId?: number;
  departmentIds?: readonly number[];
  /** A partner's own companies: those whose sale partner it is (issue 14), within its departments. */
  salePartnerId?: number;
}

/**
 * Data scope (DESIGN §4): merchants only ever reach their own company; department-scoped staff only
 * companies of their departments, and a partner only its own companies among them; everyone else every company.
 */
export function companyScope(auth: AuthContext): CompanyScope {
  if (auth.roleId === ROLE.merchant) return { companyId: auth.companyId ?? -1 };
  const scope: CompanyScope = {};
  if (auth.deptScope) scope.departmentIds = auth.deptScope;
  if (auth.roleId === ROLE.partner) scope.salePartnerId = auth.userId;
  return scope;
}

/** What a staff scope needs of a company, read on most company-keyed calls: compiled once (fixedQuery). */
const companyScopeRow = fixedQuery((db: Db, companyId: number) =>
  db.selectFrom('companies').select(['id', 'department_id', 'sale_partner_id']).where('id', '=', companyId),
);

/** Throws 403 unless the user may see this company; a missing company is a business error. */
export async function assertCompanyVisible(db: Db, auth: AuthContext, companyId: number): Promise<void> {
  const scope = companyScope(auth);
  if (scope.companyId !== undefined) {
    if (scope.companyId !== companyId) throw new ForbiddenError('无权访问其他公司的数据');
    return;
  }
  const [company] = await companyScopeRow(db, companyId);
  if (!company) fail('公司不存在');
  if (!companyInScope(scope, company)) throw new ForbiddenError('无权访问该公司的数据');
}

/** Whether a company row already read lies in a staff scope: the row-level twin of scopedCompanyIds. */
export function companyInScope(
  scope: CompanyScope,
  company: { department_id: number | string | null; sale_partner_id: number | string | null },
): boolean {
  if (scope.departmentIds && !scope.departmentIds.includes(Number(company.department_id ?? -1))) return false;
  return scope.salePartnerId === undefined || Number(company.sale_partner_id) === scope.salePartnerId;
}

/** Whether a staff scope holds fewer than every company. */
export function limitsCompanies(scope: CompanyScope): boolean {
  return scope.departmentIds !== undefined || scope.salePartnerId !== undefined;
}

/**
 * The ids of the companies a staff scope holds (its departments, and a partner's own companies among them), as
 * one subquery: the single scope condition of every company-keyed read; null when the scope holds every company.
 * A merchant's `companyId` is the caller's own check.
 */
export function scopedCompanyIds(source: Pick<Db, 'selectFrom'>, scope: CompanyScope) {
  if (!limitsCompanies(scope)) return null;
  const { departmentIds, salePartnerId } = scope;
  return source
    .selectFrom('companies')
    .select('companies.id')
    .$if(departmentIds !== undefined, (query) =>
      query.where('companies.department_id', 'in', departmentIds?.length ? [...departmentIds] : [-1]),
    )
    .$if(salePartnerId !== undefined, (query) => query.where('companies.sale_partner_id', '=', salePartnerId ?? -1));
}

export function parseId(raw: unknown, what = '编号'): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) fail(`${what}格式不正确`);
  return id;
}
