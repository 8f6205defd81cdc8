import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { CompanyScope } from '../auth/scope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { containsCondition, containsPattern, FTS_MIN_CHARS, ftsPhrase } from '../db/textMatch';

/**
 * The conditions of a company search: the name match and the operator's search keys.
 *
 * Matching, chosen for a million rows:
 * - `name` is a substring match. SQLite: the FTS5 trigram index of migration 002 for 3+ characters (a
 *   trigram needs 3), LIKE with %/_ escaped below that. PostgreSQL: ILIKE (LIKE when the value has no letters
 *   with a case), served by the pg_trgm GIN index. Both ignore the case of Latin letters.
 * - contact person, legal person and contact mobile are exact matches (one indexed lookup): people search
 *   by a whole name or number; a substring match there would read the whole table on every search.
 * - edition, subsidiary, department and customer-service id are exact; the registration date is a range
 *   over whole days.
 */

export interface CompanySearch extends CompanyScope {
  /** Substring of the name. */
  name?: string;
  linkmanName?: string;
  linkmanMobile?: string;
  legalPersonName?: string;
  /** Inclusive 'YYYY-MM-DD HH:mm:ss' bounds of create_time. */
  createdFrom?: string;
  createdTo?: string;
  platformMark?: number;
  subsidiaryId?: number;
  departmentId?: number;
  serviceId?: number;
  /** Bound to this enterprise (company_enterprises). */
  boundEnterpriseId?: number;
  /** true: bound to at least one enterprise; false: to none. */
  bound?: boolean;
  /** Has a signed, not voided contract with this enterprise. */
  signedEnterpriseId?: number;
  saleName?: string;
  /** Substring of the sale partner's name. */
  salePartnerName?: string;
  /** Substring of the department's name. */
  departmentName?: string;
  institutionId?: number;
  legalPersonIdCard?: string;
  adminIdCard?: string;
  /** Data scope: only this company (merchants). */
  companyId?: number;
  /** Data scope: only these departments (department-scoped staff, or the caller's deptIds). */
  departmentIds?: readonly number[];
  /** Data scope: a partner's own companies (those whose sale partner it is). */
  salePartnerId?: number;
}

export interface CompanyPageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

export type CompanyEb = ExpressionBuilder<Database, 'companies'>;

function nameMatches(db: Db, value: string): Expression<SqlBool> {
  if (isPostgres(db)) {
    // Both are served by the trigram index; ILIKE lower-cases every name it reads (3-4x slower on a scan), which
    // only matters when the value has letters with a case. Chinese characters have none.
    const like = value.toLowerCase() === value.toUpperCase() ? sql`LIKE` : sql`ILIKE`;
    return sql<SqlBool>`companies.name ${like} ${containsPattern(value)} ESCAPE '\\'`;
  }
  if ([...value].length >= FTS_MIN_CHARS) {
    return sql<SqlBool>`companies.id IN (SELECT rowid FROM companies_name_fts WHERE companies_name_fts MATCH ${ftsPhrase(value)})`;
  }
  return sql<SqlBool>`companies.name LIKE ${containsPattern(value)} ESCAPE '\\'`;
}

export function searchConditions(db: Db, search: CompanySearch) {
  return (eb: CompanyEb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.companyId !== undefined) conditions.push(eb('companies.id', '=', search.companyId));
    if (search.departmentIds) conditions.push(eb('companies.department_id', 'in', [...search.departmentIds]));
    if (search.salePartnerId !== undefined) {
      conditions.push(eb('companies.sale_partner_id', '=', search.salePartnerId));
    }
    // The rest of a role's data scope (auth/scope.ts): its subsidiaries, the companies assigned to it, its editions.
    if (search.subsidiaryIds) {
      conditions.push(
        eb('companies.subsidiary_id', 'in', search.subsidiaryIds.length ? [...search.subsidiaryIds] : [-1]),
      );
    }
    if (search.assignedUserId !== undefined) {
      const userId = search.assignedUserId;
      conditions.push(eb.or([eb('companies.service_id', '=', userId), eb('companies.sale_partner_id', '=', userId)]));
    }
    if (search.companyEditions) {
      const marks = search.companyEditions.length ? [...search.companyEditions] : [-1];
      conditions.push(eb('companies.platform_mark', 'in', marks));
    }
    if (search.name) conditions.push(nameMatches(db, search.name));
    if (search.linkmanName) conditions.push(eb('companies.linkman_name', '=', search.linkmanName));
    if (search.linkmanMobile) conditions.push(eb('companies.linkman_mobile', '=', search.linkmanMobile));
    if (search.legalPersonName) conditions.push(eb('companies.legal_person_name', '=', search.legalPersonName));
    if (search.createdFrom) conditions.push(eb('companies.create_time', '>=', search.createdFrom));
    if (search.createdTo) conditions.push(eb('companies.create_time', '<=', search.createdTo));
    if (search.platformMark !== undefined) conditions.push(eb('companies.platform_mark', '=', search.platformMark));
    if (search.subsidiaryId !== undefined) conditions.push(eb('companies.subsidiary_id', '=', search.subsidiaryId));
    if (search.departmentId !== undefined) conditions.push(eb('companies.department_id', '=', search.departmentId));
    if (search.serviceId !== undefined) conditions.push(eb('companies.service_id', '=', search.serviceId));
    conditions.push(...operatorConditions(db, eb, search));
    return eb.and(conditions);
  };
}

/** The operator's search keys (insid entid isbind salename platformid dpname cpname and the id cards). */
function operatorConditions(db: Db, eb: CompanyEb, search: CompanySearch): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const bindings = () =>
    eb
      .selectFrom('company_enterprises')
      .select('company_enterprises.id')
      .whereRef('company_enterprises.company_id', '=', 'companies.id');
  if (search.boundEnterpriseId !== undefined) {
    conditions.push(eb.exists(bindings().where('company_enterprises.enterprise_id', '=', search.boundEnterpriseId)));
  }
  if (search.bound !== undefined) conditions.push(search.bound ? eb.exists(bindings()) : eb.not(eb.exists(bindings())));
  if (search.signedEnterpriseId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('contracts')
          .select('contracts.id')
          .whereRef('contracts.company_id', '=', 'companies.id')
          .where('contracts.enterprise_id', '=', search.signedEnterpriseId)
          .where('contracts.sign_status', '=', 1)
          .where('contracts.data_status', '=', 1),
      ),
    );
  }
  if (search.saleName) conditions.push(eb('companies.sale_name', '=', search.saleName));
  if (search.salePartnerName) {
    conditions.push(
      eb(
        'companies.sale_partner_id',
        'in',
        eb
          .selectFrom('users')
          .select('users.id')
          .where('users.role_id', '=', 4)
          .where(containsCondition(db, 'users.display_name', search.salePartnerName)),
      ),
    );
  }
  if (search.departmentName) {
    conditions.push(
      eb(
        'companies.department_id',
        'in',
        eb
          .selectFrom('departments')
          .select('departments.id')
          .where(containsCondition(db, 'departments.name', search.departmentName)),
      ),
    );
  }
  if (search.institutionId !== undefined) conditions.push(eb('companies.institution_id', '=', search.institutionId));
  if (search.legalPersonIdCard) conditions.push(eb('companies.legal_person_id_card', '=', search.legalPersonIdCard));
  if (search.adminIdCard) conditions.push(eb('companies.admin_id_card', '=', search.adminIdCard));
  return conditions;
}
