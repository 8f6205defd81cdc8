import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { ForbiddenError, fail } from '../http/errors';
import type { AuthContext } from './access';

export interface CompanyScope {
  companyId?: number;
  departmentIds?: number[];
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

/** Throws 403 unless the user may see this company; a missing company is a business error. */
export async function assertCompanyVisible(db: Db, auth: AuthContext, companyId: number): Promise<void> {
  const scope = companyScope(auth);
  if (scope.companyId !== undefined) {
    if (scope.companyId !== companyId) throw new ForbiddenError('无权访问其他公司的数据');
    return;
  }
  const company = await db
    .selectFrom('companies')
    .select(['id', 'department_id', 'sale_partner_id'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) fail('公司不存在');
  if (scope.departmentIds && !scope.departmentIds.includes(company.department_id ?? -1)) {
    throw new ForbiddenError('无权访问该公司的数据');
  }
  if (scope.salePartnerId !== undefined && Number(company.sale_partner_id) !== scope.salePartnerId) {
    throw new ForbiddenError('无权访问该公司的数据');
  }
}

export function parseId(raw: unknown, what = '编号'): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) fail(`${what}格式不正确`);
  return id;
}
