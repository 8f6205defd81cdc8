import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import { MSG, validateMobile, validateUsername } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { hashClientPassword, isClientHash } from '../auth/passwords';
import { codesBeyond } from '../auth/privilegeRules';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';

/**
 * The company's sub-accounts, for its owner only (the main merchant user: role 2, parent_user_id null):
 * - GET   /api/v1/company/subaccounts           the owner's sub-accounts with their permission codes;
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

async function listSubaccounts(db: Db, owner: Owner) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'mobile', 'status', 'create_time'])
    .where('parent_user_id', '=', owner.id)
    .where('company_id', '=', owner.companyId)
    .orderBy('id')
    .execute();
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
  return users.map((user) => ({
    id: user.id,
    username: user.username,
    mobile: user.mobile,
    status: user.status,
    createTime: user.create_time,
    authorities: codes.filter((row) => row.user_id === user.id).map((row) => row.authority),
  }));
}

export async function subaccountsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/company/subaccounts', async (request) => {
    const owner = await ownerOf(db, requireAuth(request));
    return ok({ permissions: owner.codes, accounts: await listSubaccounts(db, owner) });
  });

  app.post('/api/v1/company/subaccounts', async (request) => {
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

  app.patch('/api/v1/company/subaccounts/:id', async (request) => {
    const auth = requireAuth(request);
    const owner = await ownerOf(db, auth);
    const id = parseId((request.params as { id: string }).id, '子账号编号');
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
