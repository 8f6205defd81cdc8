import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { STAFF_RESOURCES } from '../../resources/staff';
import { filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import {
  STAFF_NAME_MESSAGE,
  STAFF_USERNAME_MESSAGE,
  STAFF_USERNAME_PATTERN,
  STAFF_VIEWS,
  type StaffView,
} from '../../src/domain/staff';
import { MOBILE_PATTERN, MSG } from '../../src/domain/validation';
import { randomPassword } from '../accounts/accounts.routes';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { clientHash, hashClientPassword } from '../auth/passwords';
import { mayAssignDepartments, mayAssignRole, mayEditAccount } from '../auth/privilegeRules';
import { parseId } from '../auth/scope';
import { revokeAllTokens } from '../auth/sessions';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { containsPattern } from '../db/textMatch';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  staffCreateSchema,
  staffListSchema,
  staffResetSchema,
  staffSchema,
  staffStatusSchema,
  staffUpdateSchema,
} from './people.schemas';
import { assertNotLastActiveAdmin, assignRole, roleCodes } from './roles.service';

/**
 * Staff accounts (客服 / 财务 / 合伙人, standard and small-scale), one set of routes per page of STAFF_VIEWS:
 * - GET   /api/v1/staff/:view?q=username:;displayName:;mobile:;status:&page&size   a page of accounts;
 * - GET   /api/v1/staff/:view/:id;
 * - POST  /api/v1/staff/:view      { username, displayName, mobile, roleId, deptIds[], subIds[] }: a random
 *                                  password goes to the mobile by SMS (never logged, never answered);
 * - PUT   /api/v1/staff/:view/:id  { displayName, mobile, roleId, deptIds[], subIds[] };
 * - PATCH /api/v1/staff/:view/:id/status { status: 0 | 1 }: a disabled account's tokens stop at once;
 * - POST  /api/v1/staff/:view/:id/resetpwd: a new random password by SMS; every session of the account ends.
 * Usernames and mobiles are unique among all accounts. Department-scoped callers (a partner managing partners)
 * see and give only their own departments. Privileges only go down (auth/privilegeRules.ts): a caller gives only
 * roles whose codes it holds, never changes its own role, departments or status, changes nothing of a stronger
 * account, and only the admin changes another account's mobile or resets its password.
 */
/** The list's filters and sort fields: the pages' declaration (resources/staff.ts, the same for every view). */
const DECLARATION = STAFF_RESOURCES[0];
const FILTERS = DECLARATION.filters;
const LIST_SPEC = {
  filterKeys: filterKeys(DECLARATION),
  sortFields: sortFields(DECLARATION),
  defaultSort: { field: 'id', order: 'desc' as const },
};

export interface StaffRecord {
  id: number;
  username: string;
  displayName: string;
  mobile: string;
  status: number;
  roleId: number;
  roleName: string;
  platformmark: number;
  createTime: string;
  departments: { id: number; name: string }[];
  subsidiaries: { id: number; sname: string }[];
  /** The list's 部门 and 分公司 columns. */
  departmentNames: string;
  subsidiaryNames: string;
}

function viewOf(request: FastifyRequest): { view: StaffView; auth: AuthContext } {
  const name = (request.params as { view: string }).view;
  const view = STAFF_VIEWS.find((item) => item.name === name);
  if (!view) fail('页面不存在');
  const auth = requireAuth(request);
  if (auth.roleId !== ROLE.admin && !view.codes.some((code) => auth.authorities.has(code))) {
    throw new ForbiddenError('无权限访问此页面！');
  }
  return { view, auth };
}

function inView(db: Db, view: StaffView) {
  return db
    .selectFrom('users')
    .where('users.role_id', '=', view.kind)
    .where('users.platform_mark', '=', view.platformMark)
    .where('users.company_id', 'is', null);
}

async function recordsOf(db: Db, ids: number[]): Promise<StaffRecord[]> {
  if (ids.length === 0) return [];
  const [users, departments, subsidiaries] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('roles', (join) => join.on(sql`roles.id`, '=', sql`coalesce(users.permission_role_id, users.role_id)`))
      .select([
        'users.id',
        'users.username',
        'users.display_name',
        'users.mobile',
        'users.status',
        'users.role_id',
        'users.permission_role_id',
        'users.platform_mark',
        'users.create_time',
        'roles.name as roleName',
      ])
      .where('users.id', 'in', ids)
      .execute(),
    db
      .selectFrom('user_departments')
      .innerJoin('departments', 'departments.id', 'user_departments.department_id')
      .select(['user_departments.user_id', 'departments.id', 'departments.name'])
      .where('user_departments.user_id', 'in', ids)
      .orderBy('departments.id')
      .execute(),
    db
      .selectFrom('user_subsidiaries')
      .innerJoin('subsidiaries', 'subsidiaries.id', 'user_subsidiaries.subsidiary_id')
      .select(['user_subsidiaries.user_id', 'subsidiaries.id', 'subsidiaries.sname'])
      .where('user_subsidiaries.user_id', 'in', ids)
      .orderBy('subsidiaries.id')
      .execute(),
  ]);
  const byId = new Map(users.map((user) => [Number(user.id), user]));
  return ids.flatMap((id) => {
    const user = byId.get(id);
    if (!user) return [];
    const own = departments
      .filter((row) => Number(row.user_id) === id)
      .map((row) => ({ id: Number(row.id), name: row.name }));
    const branches = subsidiaries
      .filter((row) => Number(row.user_id) === id)
      .map((row) => ({ id: Number(row.id), sname: row.sname }));
    return [
      {
        id,
        username: user.username,
        displayName: user.display_name,
        mobile: user.mobile,
        status: user.status,
        roleId: Number(user.permission_role_id ?? user.role_id),
        roleName: user.roleName ?? '',
        platformmark: user.platform_mark,
        createTime: user.create_time,
        departments: own,
        subsidiaries: branches,
        departmentNames: own.map((item) => item.name).join('、'),
        subsidiaryNames: branches.map((item) => item.sname).join('、'),
      },
    ];
  });
}

/** The account of this page, inside the caller's departments; a refusal otherwise. */
async function accountOf(db: Db, view: StaffView, auth: AuthContext, id: number): Promise<StaffRecord> {
  const found = await inView(db, view).select('users.id').where('users.id', '=', id).executeTakeFirst();
  if (!found) fail('账号不存在');
  const [record] = await recordsOf(db, [id]);
  if (auth.deptScope && !record.departments.some((department) => auth.deptScope?.includes(department.id))) {
    throw new ForbiddenError('无权访问该部门的账号');
  }
  return record;
}

function idList(raw: unknown, label: string): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = Array.isArray(raw) ? raw : String(raw).split(',');
  const ids = items.map((item) => Number(item));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) fail(`${label}格式不正确`);
  return [...new Set(ids)];
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') fail(`请求参数有误：${key}`);
  return String(value).trim();
}

interface StaffForm {
  displayName: string;
  mobile: string;
  roleId: number;
  deptIds: number[];
  subIds: number[];
}

async function checkedForm(
  db: Db,
  view: StaffView,
  auth: AuthContext,
  body: Record<string, unknown>,
): Promise<StaffForm> {
  const displayName = text(body, 'displayName');
  if ([...displayName].length < 2 || [...displayName].length > 20) fail(STAFF_NAME_MESSAGE);
  const mobile = text(body, 'mobile');
  if (!mobile) fail(MSG.mobileRequired);
  if (!MOBILE_PATTERN.test(mobile)) fail(MSG.mobile);
  const roleId = Number(body.roleId);
  if (!Number.isSafeInteger(roleId) || roleId <= 0) fail('请选择角色');
  const role = await db.selectFrom('roles').select(['id', 'kind']).where('id', '=', roleId).executeTakeFirst();
  if (!role || role.kind !== view.kind) fail(`请选择${view.noun}类的角色`);
  refuse(mayAssignRole(auth, await roleCodes(db, roleId)));
  const deptIds = idList(body.deptIds, '部门');
  // Customer service and partners see the companies of their departments: they need at least one.
  if (view.kind !== ROLE.finance && deptIds.length === 0) fail('请选择部门');
  if (deptIds.length > 0) {
    const found = await db.selectFrom('departments').select('id').where('id', 'in', deptIds).execute();
    if (found.length !== deptIds.length) fail('部门不存在');
  }
  refuse(mayAssignDepartments(auth, deptIds));
  const subIds = idList(body.subIds, '分公司');
  if (subIds.length > 0) {
    const found = await db
      .selectFrom('subsidiaries')
      .select(['id', 'department_id'])
      .where('id', 'in', subIds)
      .execute();
    if (found.length !== subIds.length) fail('分公司不存在');
    if (found.some((row) => !deptIds.includes(Number(row.department_id)))) fail('分公司须属于所选部门');
  }
  return { displayName, mobile, roleId, deptIds, subIds };
}

/** A privilege rule's refusal (auth/privilegeRules.ts) answered as 403. */
function refuse(refusal: string | null): void {
  if (refusal) throw new ForbiddenError(refusal);
}

/** The account's effective codes, which a caller without them may not change (privileges only go down). */
async function codesOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_authorities').select('authority').where('user_id', '=', userId).execute();
  return rows.map((row) => row.authority);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

async function mobileTaken(db: Db, mobile: string, exceptId?: number): Promise<boolean> {
  const query = db.selectFrom('users').select('id').where('mobile', '=', mobile).where('company_id', 'is', null);
  return !!(await (exceptId === undefined ? query : query.where('id', '<>', exceptId)).executeTakeFirst());
}

async function writeLinks(tx: Db, userId: number, form: StaffForm): Promise<void> {
  await tx.deleteFrom('user_departments').where('user_id', '=', userId).execute();
  await tx.deleteFrom('user_subsidiaries').where('user_id', '=', userId).execute();
  if (form.deptIds.length > 0) {
    await tx
      .insertInto('user_departments')
      .values(form.deptIds.map((department_id) => ({ user_id: userId, department_id })))
      .execute();
  }
  if (form.subIds.length > 0) {
    await tx
      .insertInto('user_subsidiaries')
      .values(form.subIds.map((subsidiary_id) => ({ user_id: userId, subsidiary_id })))
      .execute();
  }
}

function snapshot(record: StaffRecord | (StaffForm & { username?: string })): Record<string, unknown> {
  const base = record as unknown as Record<string, unknown>;
  const deptIds = 'departments' in record ? record.departments.map((item) => item.id) : record.deptIds;
  const subIds = 'subsidiaries' in record ? record.subsidiaries.map((item) => item.id) : record.subIds;
  return {
    username: base.username,
    displayName: base.displayName,
    mobile: base.mobile,
    roleId: base.roleId,
    deptIds: deptIds.join(','),
    subIds: subIds.join(','),
  };
}

/** The body, an object by its schema (people.schemas.ts). */
const bodyOf = (request: FastifyRequest) => request.body as Record<string, unknown>;

export async function staffRoutes(app: FastifyInstance, { db, sms }: AppServices): Promise<void> {
  app.get('/api/v1/staff/:view', { schema: staffListSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, FILTERS);
    const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
    const status = read.number('status');
    if (status !== undefined && status !== 0 && status !== 1) fail('状态只能是 0（停用）或 1（启用）');
    let query = inView(db, view);
    for (const [key, column] of [
      ['username', 'users.username'],
      ['displayName', 'users.display_name'],
      ['mobile', 'users.mobile'],
    ] as const) {
      const value = read.text(key);
      if (value) query = query.where(sql<boolean>`${sql.ref(column)} ${like} ${containsPattern(value)} ESCAPE '\\'`);
    }
    if (status !== undefined) query = query.where('users.status', '=', status);
    if (auth.deptScope) {
      const scope = auth.deptScope.length > 0 ? auth.deptScope : [-1];
      query = query.where(
        'users.id',
        'in',
        db.selectFrom('user_departments').select('user_id').where('department_id', 'in', scope),
      );
    }
    const order = list.sort?.order ?? 'desc';
    const [rows, count] = await Promise.all([
      query
        .select('users.id')
        .$if(list.sort?.field === 'createTime', (q) => q.orderBy('users.create_time', order))
        .orderBy('users.id', order)
        .limit(list.size)
        .offset(list.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      pageOf(
        await recordsOf(
          db,
          rows.map((row) => Number(row.id)),
        ),
        Number(count.n),
        list,
      ),
    );
  });

  app.get('/api/v1/staff/:view/:id', { schema: staffSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    return ok(await accountOf(db, view, auth, parseId((request.params as { id: string }).id, '账号编号')));
  });

  app.post('/api/v1/staff/:view', { schema: staffCreateSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    const body = bodyOf(request);
    const username = text(body, 'username');
    if (!username) fail(MSG.usernameRequired);
    if (!STAFF_USERNAME_PATTERN.test(username)) fail(STAFF_USERNAME_MESSAGE);
    const form = await checkedForm(db, view, auth, body);
    if (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst())
      fail('用户名已存在');
    if (await mobileTaken(db, form.mobile)) fail('手机号已被其他账号使用');
    const password = randomPassword();
    const passwordHash = await hashClientPassword(clientHash(password));
    let id: number;
    try {
      id = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('users')
          .values({
            username,
            mobile: form.mobile,
            password_hash: passwordHash,
            role_id: view.kind,
            company_id: null,
            platform_mark: view.platformMark,
            display_name: form.displayName,
            is_change: 0,
            status: 1,
            parent_user_id: null,
            create_time: chinaTime(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const userId = Number(row.id);
        await assignRole(tx, userId, form.roleId);
        await writeLinks(tx, userId, form);
        await recordOperation(tx, request, auth, {
          action: 'create',
          resource: view.name,
          recordId: userId,
          changes: changesBetween(null, snapshot({ ...form, username })),
        });
        return userId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) fail('用户名已存在');
      throw error;
    }
    await sms.send(form.mobile, {
      kind: 'ACCOUNT_OPENED',
      variables: { noun: view.noun, account: username, password },
    });
    return ok((await recordsOf(db, [id]))[0], '新增成功，初始密码已通过短信发送');
  });

  app.put('/api/v1/staff/:view/:id', { schema: staffUpdateSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    const id = parseId((request.params as { id: string }).id, '账号编号');
    const before = await accountOf(db, view, auth, id);
    const form = await checkedForm(db, view, auth, bodyOf(request));
    refuse(
      mayEditAccount(
        auth,
        { id, codes: await codesOf(db, id) },
        {
          role: form.roleId !== before.roleId,
          departments:
            !sameIds(
              form.deptIds,
              before.departments.map((item) => item.id),
            ) ||
            !sameIds(
              form.subIds,
              before.subsidiaries.map((item) => item.id),
            ),
          mobile: form.mobile !== before.mobile,
          other: form.displayName !== before.displayName,
        },
      ),
    );
    if (await mobileTaken(db, form.mobile, id)) fail('手机号已被其他账号使用');
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ display_name: form.displayName, mobile: form.mobile })
        .where('id', '=', id)
        .execute();
      if (form.roleId !== before.roleId) await assignRole(tx, id, form.roleId);
      await writeLinks(tx, id, form);
      await recordOperation(tx, request, auth, {
        action: 'update',
        resource: view.name,
        recordId: id,
        changes: changesBetween(snapshot(before), snapshot({ ...form, username: before.username })),
      });
    });
    return ok((await recordsOf(db, [id]))[0], '保存成功');
  });

  app.patch('/api/v1/staff/:view/:id/status', { schema: staffStatusSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    const id = parseId((request.params as { id: string }).id, '账号编号');
    const before = await accountOf(db, view, auth, id);
    const status = Number(bodyOf(request).status);
    if (status !== 0 && status !== 1) fail('状态只能是 0（停用）或 1（启用）');
    refuse(mayEditAccount(auth, { id, codes: await codesOf(db, id) }, { status: status !== before.status }));
    if (status === 0 && id === auth.userId) fail('不能停用自己的账号');
    await db.transaction().execute(async (tx) => {
      if (status === 0) await assertNotLastActiveAdmin(tx, id);
      await tx.updateTable('users').set({ status }).where('id', '=', id).execute();
      // The access check refuses a disabled account's tokens at once; the version bump keeps them dead after enabling.
      if (status === 0) await revokeAllTokens(tx, id);
      await recordOperation(tx, request, auth, {
        action: status === 1 ? 'enable' : 'disable',
        resource: view.name,
        recordId: id,
        changes: changesBetween({ status: before.status }, { status }),
      });
    });
    return ok((await recordsOf(db, [id]))[0], status === 1 ? '启用成功' : '停用成功');
  });

  app.post('/api/v1/staff/:view/:id/resetpwd', { schema: staffResetSchema }, async (request) => {
    const { view, auth } = viewOf(request);
    const id = parseId((request.params as { id: string }).id, '账号编号');
    const account = await accountOf(db, view, auth, id);
    refuse(mayEditAccount(auth, { id, codes: await codesOf(db, id) }, { passwordReset: true }));
    // The new password goes to the mobile on record, never to one named in the request.
    const password = randomPassword();
    const passwordHash = await hashClientPassword(clientHash(password));
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
      await revokeAllTokens(tx, id);
      await recordOperation(tx, request, auth, {
        action: 'resetpwd',
        resource: view.name,
        recordId: id,
        changes: { password: ['******', '******'] },
      });
    });
    await sms.send(account.mobile, { kind: 'NEW_PASSWORD', variables: { account: account.username, password } });
    return ok(null, '密码已重置，新密码已通过短信发送');
  });
}
