import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { ALL_EDITIONS } from '../../src/domain/dataScope';
import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import type { Database } from '../db/schema';
import { ForbiddenError, fail } from '../http/errors';
import type { AuthContext } from './access';

export interface CompanyScope {
  companyId?: number;
  /** Companies of these departments; an empty list reaches no company (the `none` scope is that list). */
  departmentIds?: readonly number[];
  /** A partner's own companies: those whose sale partner it is, within the rest of its scope. */
  salePartnerId?: number;
  /** Companies of these subsidiaries (companies.subsidiary_id). */
  subsidiaryIds?: readonly number[];
  /** Companies assigned to this user: their 客服 (service_id) or 合伙人 (sale_partner_id) is the user. */
  assignedUserId?: number;
  /** Companies of these editions only (companies.platform_mark); undefined: every edition. */
  companyEditions?: readonly number[];
}

/**
 * Data scope (DESIGN §4), from the role's data scope (auth.dataScope, src/domain/dataScope.ts): merchants only
 * ever reach their own company; staff the companies their role's scope holds (every one, their departments',
 * their subsidiaries', those assigned to them, or none), of the editions the role may see; a partner only its
 * own companies among them.
 */
export function companyScope(auth: AuthContext): CompanyScope {
  if (auth.roleId === ROLE.merchant) return { companyId: auth.companyId ?? -1 };
  const { dataScope } = auth;
  const scope: CompanyScope = {};
  if (dataScope.kind === 'department') scope.departmentIds = dataScope.departmentIds;
  else if (dataScope.kind === 'subsidiary') scope.subsidiaryIds = dataScope.subsidiaryIds;
  else if (dataScope.kind === 'assigned') scope.assignedUserId = auth.userId;
  else if (dataScope.kind !== 'all') scope.departmentIds = [];
  if (auth.roleId === ROLE.partner) scope.salePartnerId = auth.userId;
  if (!ALL_EDITIONS.every((mark) => dataScope.editions.includes(mark))) scope.companyEditions = dataScope.editions;
  return scope;
}

/** The editions whose companies and signing entities (主体) the caller reaches: a merchant its session's one. */
export function editionsOf(auth: AuthContext): readonly number[] {
  if (auth.roleId === ROLE.merchant) return [auth.platformMark];
  return auth.dataScope.editions;
}

export const MSG_OTHER_EDITION = '该主体不属于此版本';

/**
 * The one edition rule of signing-entity (主体) reads: a merchant reads the entities of its session's edition,
 * staff those of the editions its role may see; any other is refused with 该主体不属于此版本.
 */
export function assertEnterpriseEdition(auth: AuthContext, platformMark: number | string): void {
  if (!editionsOf(auth).includes(Number(platformMark))) fail(MSG_OTHER_EDITION);
}

/** What a staff scope needs of a company, read on most company-keyed calls: compiled once (fixedQuery). */
const companyScopeRow = fixedQuery((db: Db, companyId: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'department_id', 'sale_partner_id', 'subsidiary_id', 'service_id', 'platform_mark'])
    .where('id', '=', companyId),
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

/** The columns of a company the staff scope is decided on. */
export interface ScopedCompanyRow {
  department_id: number | string | null;
  sale_partner_id: number | string | null;
  subsidiary_id: number | string | null;
  service_id: number | string | null;
  platform_mark: number | string;
}

/** Whether a company row already read lies in a staff scope: the row-level twin of scopedCompanyIds. */
export function companyInScope(scope: CompanyScope, company: ScopedCompanyRow): boolean {
  const id = (value: number | string | null) => (value === null ? -1 : Number(value));
  if (scope.departmentIds && !scope.departmentIds.includes(id(company.department_id))) return false;
  if (scope.subsidiaryIds && !scope.subsidiaryIds.includes(id(company.subsidiary_id))) return false;
  if (
    scope.assignedUserId !== undefined &&
    id(company.service_id) !== scope.assignedUserId &&
    id(company.sale_partner_id) !== scope.assignedUserId
  ) {
    return false;
  }
  if (scope.companyEditions && !scope.companyEditions.includes(Number(company.platform_mark))) return false;
  return scope.salePartnerId === undefined || id(company.sale_partner_id) === scope.salePartnerId;
}

/** Whether a staff scope holds fewer than every company. */
export function limitsCompanies(scope: CompanyScope): boolean {
  return (
    scope.departmentIds !== undefined ||
    scope.salePartnerId !== undefined ||
    scope.subsidiaryIds !== undefined ||
    scope.assignedUserId !== undefined ||
    scope.companyEditions !== undefined
  );
}

/** The staff part of a scope (no merchant company): what a search's criteria carry on to scopedCompanyIds. */
export function staffScopeOf(scope: CompanyScope): Omit<CompanyScope, 'companyId'> {
  const { companyId: _merchant, ...staff } = scope;
  return staff;
}

const listOrNone = (ids: readonly number[] | undefined) => (ids?.length ? [...ids] : [-1]);

/**
 * The ids of the companies a staff scope holds, as one subquery: the single scope condition of every
 * company-keyed read; null when the scope holds every company. A merchant's `companyId` is the caller's own check.
 */
export function scopedCompanyIds(source: Pick<Db, 'selectFrom'>, scope: CompanyScope) {
  if (!limitsCompanies(scope)) return null;
  const { departmentIds, salePartnerId, subsidiaryIds, assignedUserId, companyEditions } = scope;
  return source
    .selectFrom('companies')
    .select('companies.id')
    .$if(departmentIds !== undefined, (query) =>
      query.where('companies.department_id', 'in', listOrNone(departmentIds)),
    )
    .$if(subsidiaryIds !== undefined, (query) =>
      query.where('companies.subsidiary_id', 'in', listOrNone(subsidiaryIds)),
    )
    .$if(assignedUserId !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('companies.service_id', '=', assignedUserId ?? -1),
          eb('companies.sale_partner_id', '=', assignedUserId ?? -1),
        ]),
      ),
    )
    .$if(companyEditions !== undefined, (query) =>
      query.where('companies.platform_mark', 'in', listOrNone(companyEditions)),
    )
    .$if(salePartnerId !== undefined, (query) => query.where('companies.sale_partner_id', '=', salePartnerId ?? -1));
}

/**
 * The registrations (注册信息, the activation pages) a staff scope reaches, as one condition: one activated into a
 * company where that company is; one not activated yet (no company) by what it already names: its department
 * (none yet, or one of the caller's) for a department scope, its subsidiary for a subsidiary scope, its 客服 for an
 * assigned scope, its edition; for an empty scope none. Null when the scope holds every registration.
 */
export function registrationScope(scope: CompanyScope) {
  if (!limitsCompanies(scope)) return null;
  return (eb: ExpressionBuilder<Database, 'registrations'>) => {
    const companies = scopedCompanyIds(eb as unknown as Pick<Db, 'selectFrom'>, scope) as never;
    if (scope.departmentIds?.length === 0) return eb.and([eb('registrations.company_id', 'in', companies)]);
    const pending: Expression<SqlBool>[] = [eb('registrations.company_id', 'is', null)];
    if (scope.departmentIds) {
      const departments = [...scope.departmentIds];
      pending.push(
        eb.or([eb('registrations.department_id', 'is', null), eb('registrations.department_id', 'in', departments)]),
      );
    }
    if (scope.subsidiaryIds) pending.push(eb('registrations.subsidiary_id', 'in', listOrNone(scope.subsidiaryIds)));
    if (scope.assignedUserId !== undefined) pending.push(eb('registrations.service_id', '=', scope.assignedUserId));
    if (scope.companyEditions) {
      pending.push(eb('registrations.platform_mark', 'in', listOrNone(scope.companyEditions)));
    }
    return eb.or([eb.and(pending), eb('registrations.company_id', 'in', companies)]);
  };
}

export function parseId(raw: unknown, what = '编号'): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) fail(`${what}格式不正确`);
  return id;
}
