import { sql } from 'kysely';
import { ALL_EDITIONS, type DataScopeKind, isDataScope, parseEditions } from '../../src/domain/dataScope';
import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';

/**
 * The data scope a session acts with, read from its role's row (roles.data_scope / data_editions, migration 310;
 * src/domain/dataScope.ts says what each kind reaches) and the user's own departments and subsidiaries.
 * Role 1 always reaches everything and a merchant always its own company, whatever the rows say; a user whose
 * role has no row, or a value this code does not know, reaches nothing.
 */
export interface DataScope {
  kind: DataScopeKind;
  /** The editions (platform marks) whose companies and signing entities it reaches. */
  editions: readonly number[];
  /** The user's departments (reached when kind is department). */
  departmentIds: readonly number[];
  /** The user's subsidiaries (reached when kind is subsidiary). */
  subsidiaryIds: readonly number[];
}

export interface RoleScopeRow {
  data_scope: string | null;
  data_editions: string | null;
}

/** The user's role row: its permission role, or the built-in role of its rid (as roles.service.ts counts them). */
export function roleScopeOfUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('roles', (join) => join.on(sql`roles.id`, '=', sql`coalesce(users.permission_role_id, users.role_id)`))
    .select(['roles.data_scope as data_scope', 'roles.data_editions as data_editions'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The kind and editions of a user of rid `rid` whose role row says `row`. */
export function scopeOfRole(rid: number, row: RoleScopeRow | undefined): Pick<DataScope, 'kind' | 'editions'> {
  if (rid === ROLE.admin) return { kind: 'all', editions: ALL_EDITIONS };
  if (rid === ROLE.merchant) return { kind: 'company', editions: ALL_EDITIONS };
  const kind = row?.data_scope;
  if (!isDataScope(kind) || kind === 'company') return { kind: 'none', editions: [] };
  return { kind, editions: parseEditions(row?.data_editions) };
}

export async function loadDataScope(
  db: Db,
  user: { id: number; role_id: number },
  departmentIds: readonly number[],
): Promise<DataScope> {
  const row =
    user.role_id === ROLE.admin || user.role_id === ROLE.merchant ? undefined : await roleScopeOfUser(db, user.id);
  const { kind, editions } = scopeOfRole(user.role_id, row);
  const subsidiaryIds =
    kind === 'subsidiary'
      ? (await db.selectFrom('user_subsidiaries').select('subsidiary_id').where('user_id', '=', user.id).execute()).map(
          (item) => Number(item.subsidiary_id),
        )
      : [];
  return { kind, editions, departmentIds, subsidiaryIds };
}

/**
 * The departments whose department-keyed records (staff, departments, subsidiaries, partners) a scope reaches:
 * null for every one (all), the user's own (department), none for the others. Merchants: null, since every
 * department-keyed route refuses them by their role first.
 */
export function departmentsReached(rid: number, scope: DataScope): number[] | null {
  if (rid === ROLE.merchant || scope.kind === 'all') return null;
  return scope.kind === 'department' ? [...scope.departmentIds] : [];
}
