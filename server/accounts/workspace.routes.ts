import type { FastifyInstance } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import { SMS_TYPE } from '../../src/domain/session';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { hashClientPassword, isClientHash } from '../auth/passwords';
import { parseId } from '../auth/scope';
import { revokeAllTokens, revokeSession } from '../auth/sessions';
import { EDITABLE_MAX_CHARS, type EditableSource, findCompany, updateCompany } from '../companies/companies.repository';
import { chinaTime } from '../db/time';
import { validatedValues } from '../http/declaredForm';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import { checkPasswordGuess } from './loginAttempts';
import { clearPaymentPasswordFailures } from './paymentPasswords';
import { verifySmsCode } from './sms/smsCodes';
import { findCompaniesByMobile, paymentPasswordHash, savePaymentPassword } from './workspace.repository';
import {
  CONTACT_FIELDS,
  changePasswordSchema,
  contactsSchema,
  paymentPasswordStateSchema,
  setPaymentPasswordSchema,
  switchableCompaniesSchema,
} from './workspace.schemas';

/**
 * The logged-in merchant's own workspace:
 * - GET   /api/v1/companies/findcompanybymobile?q=coname:..;mobile:..&page&size  accounts bound to the caller's
 *   own mobile in the caller's edition; a mobile in q other than the caller's is refused (403);
 * - PUT   /api/v1/companies/:coid/contacts             the merchant's own contact fields (linkmanName/Mobile);
 * - PATCH /api/v1/accounts/password                    change one's login password (old one required, wrong
 *                                                      ones counted with the login's: 5 lock the account and
 *                                                      end the session); every other token of the user is
 *                                                      revoked, the answer carries a new token of the session;
 * - GET   /api/v1/bankaccounts/password?coid=          whether the payment password is set;
 * - PATCH /api/v1/bankaccounts/password?coid=          the owner sets or changes the company's 6-digit payment
 *                                                      password with the login password or an SMS code (type 4).
 */

const SWITCH_LIST = { filterKeys: ['coname', 'mobile'], sortFields: [] as string[], maxSize: 200 };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function ownCompany(auth: { roleId: number; companyId: number | null }, raw: unknown): number {
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError('仅商户账号可以操作');
  const id = parseId(raw, '公司编号');
  if (id !== auth.companyId) throw new ForbiddenError('无权访问其他公司的数据');
  return id;
}

export async function workspaceRoutes(app: FastifyInstance, { db, tokens, config }: AppServices): Promise<void> {
  app.get('/api/v1/companies/findcompanybymobile', { schema: switchableCompaniesSchema }, async (request) => {
    const auth = requireAuth(request);
    if (auth.roleId !== ROLE.merchant) throw new ForbiddenError('仅商户账号可以切换公司');
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, SWITCH_LIST);
    const me = await db.selectFrom('users').select('mobile').where('id', '=', auth.userId).executeTakeFirstOrThrow();
    if (list.filters.mobile && list.filters.mobile !== me.mobile) {
      throw new ForbiddenError('只能查询本人手机号绑定的公司');
    }
    const { rows, total } = await findCompaniesByMobile(
      db,
      { mobile: me.mobile, platformMark: auth.platformMark, name: list.filters.coname },
      { offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.put('/api/v1/companies/:coid/contacts', { schema: contactsSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = ownCompany(auth, (request.params as { coid: string }).coid);
    const changes = validatedValues(request.body, CONTACT_FIELDS, { maxChars: EDITABLE_MAX_CHARS }) as Partial<
      Record<EditableSource, string | null>
    >;
    if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
    return ok(await findCompany(db, id), '保存成功');
  });

  app.patch('/api/v1/accounts/password', { schema: changePasswordSchema }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as Record<string, unknown>;
    const oldPassword = text(body.oldPassword);
    const newPassword = text(body.newPassword);
    if (!oldPassword) fail('请输入原密码');
    // The browser checked the new password's rules (validateRegisterPassword) before hashing it.
    if (!isClientHash(newPassword)) fail('新密码格式不正确');
    const user = await db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    // Counted and locked with the login's counter (loginAttempts.ts); the guess that locks ends this session.
    const guess = await checkPasswordGuess(db, user.username, oldPassword, user.password_hash);
    if (guess.outcome === 'lockedNow' && request.session) {
      await revokeSession(db, request.session.sid, request.session.lat + config.sessionMaxSeconds);
    }
    if (guess.outcome !== 'right') fail(guess.message);
    if (oldPassword === newPassword) fail('新密码不能与原密码相同');
    await db
      .updateTable('users')
      .set({ password_hash: await hashClientPassword(newPassword) })
      .where('id', '=', auth.userId)
      .execute();
    // Every token of this user stops working (other devices, stolen tokens); this session goes on with a new one.
    await revokeAllTokens(db, auth.userId);
    const fresh = await db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const session = request.session;
    const token =
      session &&
      tokens.renew(session, {
        userId: auth.userId,
        rid: auth.roleId,
        cid: auth.companyId,
        pm: session.pm,
        tokenVersion: fresh.token_version,
      });
    return ok(token ? { token } : null, '密码修改成功');
  });

  app.get('/api/v1/bankaccounts/password', { schema: paymentPasswordStateSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = ownCompany(auth, (request.query as { coid?: string }).coid);
    return ok({ set: (await paymentPasswordHash(db, id)) !== undefined });
  });

  /**
   * Only the company's owner account (parent_user_id null) sets the payment password. Setting it and changing
   * it both need a second proof that the owner is at the keyboard, not just a live session: the login password
   * (`loginPassword`, hashed in the browser like at login, counted with the login's wrong tries) or an SMS code
   * of type 4 (设置支付密码) sent to the owner's own mobile (`smsCode`), which also lifts a payment password lock.
   */
  app.patch('/api/v1/bankaccounts/password', { schema: setPaymentPasswordSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = ownCompany(auth, (request.query as { coid?: string }).coid);
    const owner = await db
      .selectFrom('users')
      .select(['parent_user_id', 'mobile', 'username', 'password_hash'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    if (owner.parent_user_id !== null) throw new ForbiddenError('仅企业主账号可以设置支付密码');
    const body = request.body as Record<string, unknown>;
    const password = text(body.password);
    if (!/^\d{6}$/.test(password)) fail('支付密码为6位数字');
    const stored = await paymentPasswordHash(db, id);
    const smsCode = text(body.smsCode);
    const loginPassword = text(body.loginPassword);
    if (smsCode) {
      const valid = await verifySmsCode(db, { mobile: owner.mobile, type: SMS_TYPE.paymentPassword, code: smsCode });
      if (!valid) fail('短信验证码错误或已失效');
      await clearPaymentPasswordFailures(db, id);
    } else if (loginPassword) {
      const guess = await checkPasswordGuess(db, owner.username, loginPassword, owner.password_hash);
      if (guess.outcome === 'lockedNow' && request.session) {
        await revokeSession(db, request.session.sid, request.session.lat + config.sessionMaxSeconds);
      }
      if (guess.outcome !== 'right') fail(guess.message);
    } else {
      fail('请输入登录密码或短信验证码');
    }
    await savePaymentPassword(db, id, await hashClientPassword(password), chinaTime());
    return ok(null, stored === undefined ? '支付密码设置成功' : '支付密码修改成功');
  });
}
