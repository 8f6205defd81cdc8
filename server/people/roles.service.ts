import { sql } from 'kysely';
import {
  ALL_EDITIONS,
  type DataScopeKind,
  dataScopeLabel,
  isDataScope,
  STAFF_DATA_SCOPES,
} from '../../src/domain/dataScope';
import { CATALOGUE_CODES } from '../../src/domain/permissionCatalog';
import { SUBSIDIARY_ROLE } from '../../src/domain/roleGrants';
import { ROLE } from '../../src/domain/roles';
import { ALL_PERMISSION_CODES, ROUTES } from '../../src/domain/routes';
import { scopeOfRole } from '../auth/dataScope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { fail } from '../http/errors';

/**
 * Roles as data. A user's effective codes are the rows of `user_authorities`, which the access check reads on
 * every request; this service is what keeps them equal to the role's codes:
 * - a staff member or a merchant owner holds exactly its role's codes (users.permission_role_id, or the built-in
 *   role of its rid when that is null);
 * - a merchant sub-account (parent_user_id set) holds the subset its owner granted, never more than its role.
 * A role's change rewrites its users' rows in the change's transaction, so it takes effect at their next request.
 */

export const ROLE_KINDS: Readonly<Record<number, string>> = {
  1: '管理员',
  2: '商户',
  3: '客服',
  4: '合伙人',
  5: '财务',
  [SUBSIDIARY_ROLE]: '分公司人员',
};

/** Role 1 always holds every staff code (it passes every check anyway; its rows keep the menus complete). */
export const ADMIN_ROLE_CODES: readonly string[] = ALL_PERMISSION_CODES.filter((code) => !code.startsWith('MER_'));

export interface RoleRecord {
  id: number;
  name: string;
  kind: number;
  remark: string | null;
  builtin: number;
  createTime: string;
  updateTime: string;
  codes: string[];
  userCount: number;
  /** The role's data scope (src/domain/dataScope.ts) and the editions it may see. */
  dataScope: DataScopeKind;
  dataEditions: number[];
  /** Both in words: 本部门数据（标准版、小规模版）. */
  dataScopeName: string;
}

/** Codes that open an admin page (a staff role may hold a MER_* code only where an admin page uses it). */
const ADMIN_PAGE_CODES: ReadonlySet<string> = new Set(
  ROUTES.filter((rule) => rule.shell === 'admin').flatMap((rule) => rule.permissions),
);

/** The role's codes, sorted. */
export async function roleCodes(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.selectFrom('role_permissions').select('code').where('role_id', '=', roleId).execute();
  return rows.map((row) => row.code).sort();
}

/** The codes a role may hold: merchant roles MER_* only, staff roles any catalogue code. */
export function checkRoleCodes(kind: number, raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string')) fail('请选择权限');
  const codes = [...new Set(raw as string[])].sort();
  const unknown = codes.filter((code) => !CATALOGUE_CODES.has(code));
  if (unknown.length > 0) fail(`未知的权限：${unknown.slice(0, 5).join('、')}`);
  if (kind === ROLE.merchant && codes.some((code) => !code.startsWith('MER_'))) fail('商户角色只能拥有商户端权限');
  if (kind !== ROLE.merchant && codes.some((code) => code.startsWith('MER_') && !ADMIN_PAGE_CODES.has(code))) {
    fail('后台角色不能拥有商户端权限');
  }
  return codes;
}

export const MSG_DATA_SCOPE = {
  choose: '请选择数据权限（全部数据、本部门数据、本分公司数据、本人负责的企业或无数据权限）',
  editions: '可见版本只能是 1（标准版）或 3（小规模版）',
  noEdition: '请至少选择一个可见版本',
  admin: '管理员角色可查看全部数据，不能修改数据权限',
  merchant: '商户角色只能查看本企业的数据',
} as const;

/**
 * The data scope a save gives a role of `kind`: the body's `dataScope` and `dataEditions` where given, else
 * `current` (a new role: none, both editions). Role 1 keeps every company and a merchant role its own company.
 */
export function checkDataScope(
  kind: number,
  body: Record<string, unknown>,
  current: { dataScope: DataScopeKind; dataEditions: readonly number[] },
): { dataScope: DataScopeKind; dataEditions: number[] } {
  const rawScope = body.dataScope;
  const rawEditions = body.dataEditions;
  const dataScope = rawScope === undefined || rawScope === null ? current.dataScope : rawScope;
  let dataEditions = [...current.dataEditions];
  if (rawEditions !== undefined && rawEditions !== null) {
    if (!Array.isArray(rawEditions) || rawEditions.some((mark) => !ALL_EDITIONS.includes(Number(mark)))) {
      fail(MSG_DATA_SCOPE.editions);
    }
    dataEditions = ALL_EDITIONS.filter((mark) => rawEditions.map(Number).includes(mark));
  }
  const fixed = kind === ROLE.admin ? 'all' : kind === ROLE.merchant ? 'company' : null;
  if (fixed) {
    const unchanged = dataScope === fixed && (fixed === 'company' || dataEditions.length === ALL_EDITIONS.length);
    if (!unchanged) fail(kind === ROLE.admin ? MSG_DATA_SCOPE.admin : MSG_DATA_SCOPE.merchant);
    return { dataScope: fixed, dataEditions: [...ALL_EDITIONS] };
  }
  if (!isDataScope(dataScope) || !STAFF_DATA_SCOPES.includes(dataScope)) fail(MSG_DATA_SCOPE.choose);
  if (dataScope !== 'none' && dataEditions.length === 0) fail(MSG_DATA_SCOPE.noEdition);
  return { dataScope, dataEditions };
}

/** Users whose role is `roleId`: their own permission role, or the built-in role of their rid. */
function usersOfRole(db: Db, roleId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where(sql<number>`coalesce(users.permission_role_id, users.role_id)`, '=', roleId);
}

/** Rewrites the codes of every user of the role (call inside the role change's transaction). */
export async function applyRoleCodes(tx: Db, roleId: number, codes: readonly string[]): Promise<void> {
  const owners = await usersOfRole(tx, roleId).where('parent_user_id', 'is', null).execute();
  const ownerIds = owners.map((row) => Number(row.id));
  const subaccounts = usersOfRole(tx, roleId).where('parent_user_id', 'is not', null);
  // Sub-accounts keep what their owner granted, narrowed to the role.
  await tx
    .deleteFrom('user_authorities')
    .where('user_id', 'in', subaccounts)
    .$if(codes.length > 0, (query) => query.where('authority', 'not in', [...codes]))
    .execute();
  for (let start = 0; start < ownerIds.length; start += 500) {
    const chunk = ownerIds.slice(start, start + 500);
    await tx.deleteFrom('user_authorities').where('user_id', 'in', chunk).execute();
    const rows = chunk.flatMap((user_id) => codes.map((authority) => ({ user_id, authority })));
    for (let at = 0; at < rows.length; at += 1000) {
      await tx
        .insertInto('user_authorities')
        .values(rows.slice(at, at + 1000))
        .execute();
    }
  }
}

export const MSG_LAST_ADMIN = '至少保留一个启用的管理员账号，不能停用、删除或改掉最后一个';

/**
 * Refuses (MSG_LAST_ADMIN) to let this account stop being an active admin (disabled, removed, or given another
 * kind of role) when it is the last active one: nobody could then reach /adRoleSettings or make another admin.
 * Inside the change's transaction; on PostgreSQL the active admins' rows are locked, so two admins disabling
 * each other at the same moment cannot both pass (SQLite runs one write transaction at a time).
 */
export async function assertNotLastActiveAdmin(tx: Db, userId: number): Promise<void> {
  let admins = tx
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', ROLE.admin)
    .where('status', '=', 1)
    .where('company_id', 'is', null);
  if (isPostgres(tx)) admins = admins.forUpdate();
  const ids = (await admins.execute()).map((row) => Number(row.id));
  if (ids.includes(userId) && ids.length === 1) fail(MSG_LAST_ADMIN);
}

/** Gives a staff user a role: its rid becomes the role's kind and its codes the role's (inside a transaction). */
export async function assignRole(tx: Db, userId: number, roleId: number): Promise<void> {
  const role = await tx.selectFrom('roles').select(['id', 'kind']).where('id', '=', roleId).executeTakeFirst();
  if (!role) fail('角色不存在');
  if (role.kind !== ROLE.admin) await assertNotLastActiveAdmin(tx, userId);
  await tx
    .updateTable('users')
    .set({ role_id: role.kind, permission_role_id: role.id === role.kind ? null : role.id })
    .where('id', '=', userId)
    .execute();
  const codes = await roleCodes(tx, role.id);
  await tx.deleteFrom('user_authorities').where('user_id', '=', userId).execute();
  if (codes.length > 0) {
    await tx
      .insertInto('user_authorities')
      .values(codes.map((authority) => ({ user_id: userId, authority })))
      .execute();
  }
}

/** One role with its codes and how many users hold it; undefined when there is none. */
export async function findRole(db: Db, roleId: number): Promise<RoleRecord | undefined> {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const { kind: dataScope, editions } = scopeOfRole(role.kind, role);
  const [codes, count] = await Promise.all([
    roleCodes(db, roleId),
    usersOfRole(db, roleId)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: Number(role.id),
    name: role.name,
    kind: role.kind,
    remark: role.remark,
    builtin: role.builtin,
    createTime: role.create_time,
    updateTime: role.update_time,
    codes,
    userCount: Number(count.n),
    dataScope,
    dataEditions: [...editions],
    dataScopeName: dataScopeLabel(dataScope, editions),
  };
}

/** Every role (a handful), with its codes and user count; `kind` narrows to roles of one rid. */
export async function listRoles(db: Db, kind?: number): Promise<RoleRecord[]> {
  const ids = await db
    .selectFrom('roles')
    .select('id')
    .$if(kind !== undefined, (query) => query.where('kind', '=', kind as number))
    .orderBy('id')
    .execute();
  const roles = await Promise.all(ids.map((row) => findRole(db, Number(row.id))));
  return roles.filter((role): role is RoleRecord => role !== undefined);
}

/** The role a user holds (for forms): its permission role or the built-in role of its rid. */
export async function roleOfUser(db: Db, userId: number): Promise<number | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['role_id', 'permission_role_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? Number(user.permission_role_id ?? user.role_id) : undefined;
}
