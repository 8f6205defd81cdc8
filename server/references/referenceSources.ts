import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { ALL_EDITIONS } from '../../src/domain/dataScope';
import type { ReferenceKind } from '../../src/domain/references';
import { ROLE } from '../../src/domain/roles';
import type { AuthContext } from '../auth/access';
import { companyScope, editionsOf, limitsCompanies, scopedCompanyIds } from '../auth/scope';

/**
 * Where each reference kind's records live and which of them a caller may name: the table, its name column, an
 * optional status column (a disabled record is still named, marked 已停用) and the scope condition (DESIGN §4).
 */
export interface ReferenceSource {
  table: 'companies' | 'subsidiaries' | 'departments' | 'users' | 'enterprises' | 'agreement_templates' | 'industries';
  name: string;
  /** 1 enabled, anything else disabled. */
  status?: string;
  /** Column of the edition (platform mark), when the records have one. */
  platformMark?: string;
  /** Rows of the kind (e.g. users of one role) and in the caller's scope; null when every row qualifies. */
  where: (auth: AuthContext) => ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | null;
}

const inList = (ids: readonly number[]) => (ids.length > 0 ? [...ids] : [-1]);

/** Staff of one role, limited for department-scoped callers to the staff of their departments. */
function staffOfRole(roleId: number): ReferenceSource['where'] {
  return (auth) => (eb) => {
    const conditions = [eb('users.role_id', '=', roleId)];
    if (auth.roleId === ROLE.partner) conditions.push(eb('users.id', '=', auth.userId));
    else if (auth.deptScope) {
      conditions.push(
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('user_departments')
            .select('user_departments.user_id')
            .where('user_departments.department_id', 'in', inList(auth.deptScope)),
        ),
      );
    }
    return eb.and(conditions);
  };
}

export const REFERENCE_SOURCES: Record<ReferenceKind, ReferenceSource> = {
  company: {
    table: 'companies',
    name: 'companies.name',
    platformMark: 'companies.platform_mark',
    where: (auth) => {
      const scope = companyScope(auth);
      if (scope.companyId !== undefined) return (eb) => eb('companies.id', '=', scope.companyId ?? -1);
      if (!limitsCompanies(scope)) return null;
      return (eb) => eb('companies.id', 'in', scopedCompanyIds(eb as never, scope) as never);
    },
  },
  subsidiary: {
    table: 'subsidiaries',
    name: 'subsidiaries.sname',
    status: 'subsidiaries.status',
    platformMark: 'subsidiaries.platform_mark',
    where: (auth) =>
      auth.deptScope ? (eb) => eb('subsidiaries.department_id', 'in', inList(auth.deptScope ?? [])) : null,
  },
  department: {
    table: 'departments',
    name: 'departments.name',
    where: (auth) => (auth.deptScope ? (eb) => eb('departments.id', 'in', inList(auth.deptScope ?? [])) : null),
  },
  service: { table: 'users', name: 'users.display_name', status: 'users.status', where: staffOfRole(ROLE.service) },
  partner: { table: 'users', name: 'users.display_name', status: 'users.status', where: staffOfRole(ROLE.partner) },
  enterprise: {
    table: 'enterprises',
    name: 'enterprises.name',
    platformMark: 'enterprises.platform_mark',
    // The editions the caller reaches (auth/scope.ts editionsOf): the one rule of signing-entity reads.
    where: (auth) => {
      const editions = editionsOf(auth);
      if (ALL_EDITIONS.every((mark) => editions.includes(mark))) return null;
      return (eb) => eb('enterprises.platform_mark', 'in', inList(editions));
    },
  },
  // Platform data: the template pages' code guards the pages that pick them.
  template: {
    table: 'agreement_templates',
    name: 'agreement_templates.nm',
    platformMark: 'agreement_templates.platformmark',
    where: () => null,
  },
  industry: { table: 'industries', name: 'industries.nm', where: () => null },
};

/** The name a picker shows: a disabled record keeps its name, marked. */
export function shownName(name: unknown, status: unknown): string {
  const text = String(name ?? '');
  return status === undefined || status === null || Number(status) === 1 ? text : `${text}（已停用）`;
}

export const statusRef = (source: ReferenceSource) => (source.status ? sql.ref(source.status) : sql.lit(1));
