import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { teamAdmin } from '../../resources/subaccounts';
import { filterKeys, sortFields } from '../../resources/types';
import { permissionLabel } from '../../src/domain/permissionCatalog';
import { ROLE } from '../../src/domain/roles';
import { MSG, validateMobile, validateUsername } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { hashClientPassword, isClientHash } from '../auth/passwords';
import { codesBeyond } from '../auth/privilegeRules';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { containsPattern } from '../db/textMatch';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { type ListQuery, pageOf, parseListQuery } from '../http/listQuery';
import { createSchema, overviewSchema, readSchema, searchSchema, updateSchema } from './subaccounts.schemas';

/**
 * The company's sub-accounts, for its owner only (the main merchant user: role 2, parent_user_id null):
 * - GET   /api/v1/company/subaccounts           the owner's codes (what may be granted) and its sub-accounts;
 * - GET   /api/v1/company/subaccounts/search?q=username:;mobile:;status:&page&size&sort   a page of them (the
 *                                               /teamAdmin list, resources/subaccounts.ts);
 * - GET   /api/v1/company/subaccounts/:id       one of them;
 * - POST  /api/v1/company/subaccounts           { mobile, username, password (SHA-256 hex), authorities[] };
 * - PATCH /api/v1/company/subaccounts/:id       { status: 0 | 1 } and/or { authorities[] }.
 * Permissions are limited to the MER_* codes the owner holds (auth/privilegeRules.ts); a sub-account reaches none
 * of these routes, so it changes neither itself nor another. A disabled account (status 0) cannot log in.
 */

interface Owner {
  id: number;
  companyId: number;
  platformMark: number;
  companyName: string;
  codes: string[];
}

async function ownerOf(db: Db, auth: AuthContext): Promise<Owner> {
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError('仅企业主账号可以管理子账号');
  const user = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.parent_user_id', 'users.platform_mark', 'companies.name'])
    .where('users.id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (user.parent_user_id !== null) throw new ForbiddenError('仅企业主账号可以管理子账号');
  return {
    id: auth.userId,
    companyId: auth.companyId,
    platformMark: user.platform_mark,
    companyName: user.name ?? auth.displayName,
    codes: [...auth.authorities].filter((code) => code.startsWith('MER_')).sort(),
  };
}

/** The codes to grant: only merchant codes the owner holds itself (privileges only go down). */
function authoritiesOf(raw: unknown, owner: Owner, auth: AuthContext): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? raw.split(',') : [];
  const codes = [...new Set(items.map((item) => String(item).trim()))];
  const foreign = codesBeyond({ ...auth, authorities: new Set(owner.codes) }, codes);
  if (foreign.length > 0) fail(`不能授予主账号没有的权限：${foreign.join('、')}`);
  return codes;
}

const LIST_SPEC = {
  filterKeys: filterKeys(teamAdmin),
  sortFields: sortFields(teamAdmin),
  defaultSort: { field: 'id', order: 'asc' as const },
};

/** The owner's sub-accounts, all of them or the page `list` asks for; `id` picks one. */
async function subaccountsOf(db: Db, owner: Owner, list?: ListQuery, id?: number) {
  const read = filterReader(list?.filters ?? {}, teamAdmin.filters);
  const status = read.number('status');
  if (status !== undefined && status !== 0 && status !== 1) fail('状态只能是 0（停用）或 1（启用）');
  const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
  let query = db
    .selectFrom('users')
    .where('parent_user_id', '=', owner.id)
    .where('company_id', '=', owner.companyId)
    .$if(id !== undefined, (q) => q.where('id', '=', id as number))
    .$if(status !== undefined, (q) => q.where('status', '=', status as number));
  for (const key of ['username', 'mobile'] as const) {
    const value = read.text(key);
    if (value) query = query.where(sql<boolean>`${sql.ref(key)} ${like} ${containsPattern(value)} ESCAPE '\\'`);
  }
  const order = list?.sort?.order ?? 'asc';
  const users = await query
    .select(['id', 'username', 'mobile', 'status', 'create_time'])
    .$if(list?.sort?.field === 'createTime', (q) => q.orderBy('create_time', order))
    .orderBy('id', order)
    .$if(list !== undefined, (q) => q.limit(list?.size ?? 0).offset(list?.offset ?? 0))
    .execute();
  const total = list
    ? Number((await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)
    : users.length;
  const codes =
    users.length === 0
      ? []
      : await db
          .selectFrom('user_authorities')
          .select(['user_id', 'authority'])
          .where(
            'user_id',
            'in',
            users.map((user) => user.id),
          )
          .execute();
  const rows = users.map((user) => {
    const authorities = codes.filter((row) => row.user_id === user.id).map((row) => row.authority);
    return {
      id: user.id,
      username: user.username,
      mobile: user.mobile,
      status: user.status,
      createTime: user.create_time,
      authorities,
      authorityNames: authorities.map(permissionLabel).join('、'),
    };
  });
  return { rows, total };
}

async function listSubaccounts(db: Db, owner: Owner) {
  return (await subaccountsOf(db, owner)).rows;
}

export async function subaccountsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/company/subaccounts', { schema: overviewSchema }, async (request) => {
    const owner = await ownerOf(db, requireAuth(request));
    return ok({ permissions: owner.codes, accounts: await listSubaccounts(db, owner) });
  });

  app.get('/api/v1/company/subaccounts/search', { schema: searchSchema }, async (request) => {
    const owner = await ownerOf(db, requireAuth(request));
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const { rows, total } = await subaccountsOf(db, owner, list);
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/company/subaccounts/:id', { schema: readSchema }, async (request) => {
    const owner = await ownerOf(db, requireAuth(request));
    const { id } = request.params as { id: number };
    const [account] = (await subaccountsOf(db, owner, undefined, id)).rows;
    if (!account) fail('子账号不存在');
    return ok(account);
  });

  app.post('/api/v1/company/subaccounts', { schema: createSchema }, async (request) => {
    const auth = requireAuth(request);
    const owner = await ownerOf(db, auth);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const mobile = typeof body.mobile === 'string' ? body.mobile.trim() : '';
    const password = typeof body.password === 'string' ? body.password.trim() : '';
    const message = validateUsername(username) ?? validateMobile(mobile);
    if (message) fail(message);
    if (username.length > 32) fail('用户名不能超过32个字符');
    if (!isClientHash(password)) fail(MSG.registerPassword);
    const authorities = authoritiesOf(body.authorities, owner, auth);
    const taken = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) fail('用户名已存在');
    const passwordHash = await hashClientPassword(password);
    await db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('users')
        .values({
          username,
          mobile,
          password_hash: passwordHash,
          role_id: ROLE.merchant,
          company_id: owner.companyId,
          platform_mark: owner.platformMark,
          display_name: owner.companyName,
          is_change: 0,
          status: 1,
          parent_user_id: owner.id,
          create_time: chinaTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (authorities.length > 0) {
        await tx
          .insertInto('user_authorities')
          .values(authorities.map((authority) => ({ user_id: Number(inserted.id), authority })))
          .execute();
      }
    });
    return ok(await listSubaccounts(db, owner), '子账号已添加');
  });

  app.patch('/api/v1/company/subaccounts/:id', { schema: updateSchema }, async (request) => {
    const auth = requireAuth(request);
    const owner = await ownerOf(db, auth);
    const { id } = request.params as { id: number };
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', id)
      .where('parent_user_id', '=', owner.id)
      .executeTakeFirst();
    if (!account) fail('子账号不存在');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.status !== undefined) {
      const status = Number(body.status);
      if (status !== 0 && status !== 1) fail('状态只能是 0（停用）或 1（启用）');
      await db.updateTable('users').set({ status }).where('id', '=', id).execute();
    }
    if (body.authorities !== undefined) {
      const authorities = authoritiesOf(body.authorities, owner, auth);
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('user_authorities').where('user_id', '=', id).execute();
        if (authorities.length > 0) {
          await tx
            .insertInto('user_authorities')
            .values(authorities.map((authority) => ({ user_id: id, authority })))
            .execute();
        }
      });
    }
    return ok(await listSubaccounts(db, owner), '保存成功');
  });
}
