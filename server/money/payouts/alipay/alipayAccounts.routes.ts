import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../appServices';
import { type AuthContext, requireAuth } from '../../../auth/access';
import { assertEnterpriseEdition, parseId } from '../../../auth/scope';
import { ALIPAY_PRODUCTION_GATEWAY } from '../../../config';
import { chinaTime } from '../../../db/time';
import { recordOperation } from '../../../engine/operationLog';
import { enterpriseOrFail } from '../../../enterprises/enterprises.service';
import { ok } from '../../../http/envelope';
import { fail } from '../../../http/errors';
import { accountProblems, normalizeKey } from './alipayAccounts';
import { alipayAccountSchema, removeAlipayAccountSchema, saveAlipayAccountSchema } from './alipayAccounts.schemas';

/**
 * A signing entity's own Alipay account, on /adAgentmanagement (and the small-scale page) as row actions:
 * - GET    /api/v1/enterprises/:id/alipay  the account the entity pays from and its available balance; the keys
 *   only as 已设置 / 未设置 (they never leave the server);
 * - PUT    /api/v1/enterprises/:id/alipay  sets it; a key left empty keeps the stored one (write-only), the
 *   operation log records that a key changed, never its text;
 * - DELETE /api/v1/enterprises/:id/alipay  back to the platform's default account.
 */
const MANAGE = ['UI_MANAGEMENT_LEVY_AGENT', 'UI_XGM_MANAGEMENT_LEVY_AGENT'];
const manage = { config: { access: { permissions: MANAGE } } };
const SET = '已设置';
const UNSET = '未设置';
const MASK = '******';

export async function alipayAccountRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db } = services;

  async function enterpriseOf(request: FastifyRequest, auth: AuthContext) {
    const id = parseId((request.params as { id: string }).id, '主体编号');
    const enterprise = await enterpriseOrFail(db, id);
    assertEnterpriseEdition(auth, enterprise.platformMark);
    return enterprise;
  }

  const rowOf = (enterpriseId: number) =>
    db.selectFrom('alipay_accounts').selectAll().where('enterprise_id', '=', enterpriseId).executeTakeFirst();

  async function view(enterpriseId: number) {
    const row = await rowOf(enterpriseId);
    const defaults = services.config.payoutChannel.alipay;
    let balance: number | null = null;
    let balanceNote = '';
    const channel = services.payoutChannel;
    if (!channel.balance) balanceNote = `当前打款通道（${channel.provider}）没有可查询余额的账户`;
    else {
      try {
        balance = await channel.balance(enterpriseId);
        if (balance === null) balanceNote = '通道未返回余额';
      } catch {
        balanceNote = '余额查询失败，请稍后重试';
      }
    }
    return {
      enterpriseId,
      own: Boolean(row),
      account: row ? '本主体账户' : '平台默认账户',
      appId: row?.app_id ?? defaults?.appId ?? null,
      privateKey: row || defaults ? SET : UNSET,
      alipayPublicKey: row || defaults ? SET : UNSET,
      gateway: row ? row.gateway || ALIPAY_PRODUCTION_GATEWAY : (defaults?.gateway ?? null),
      balance,
      balanceNote,
    };
  }

  app.get('/api/v1/enterprises/:id/alipay', { ...manage, schema: alipayAccountSchema }, async (request) => {
    const enterprise = await enterpriseOf(request, requireAuth(request));
    return ok(await view(enterprise.id));
  });

  app.put('/api/v1/enterprises/:id/alipay', { ...manage, schema: saveAlipayAccountSchema }, async (request) => {
    const auth = requireAuth(request);
    const enterprise = await enterpriseOf(request, auth);
    const body = request.body as {
      appId: string;
      privateKey?: string | null;
      alipayPublicKey?: string | null;
      gateway?: string | null;
    };
    const before = await rowOf(enterprise.id);
    const pastedPrivate = body.privateKey?.trim() ? normalizeKey(body.privateKey, 'private') : undefined;
    const pastedPublic = body.alipayPublicKey?.trim() ? normalizeKey(body.alipayPublicKey, 'public') : undefined;
    if (pastedPrivate === null) fail('应用私钥无法读取，请粘贴支付宝密钥工具生成的应用私钥');
    if (pastedPublic === null) fail('支付宝公钥无法读取，请粘贴开放平台「接口加签方式」中的支付宝公钥');
    const privateKey = pastedPrivate ?? before?.private_key;
    const alipayPublicKey = pastedPublic ?? before?.alipay_public_key;
    if (!privateKey || !alipayPublicKey) fail('首次设置需填写应用私钥和支付宝公钥');
    const gateway = body.gateway?.trim() || null;
    const problems = accountProblems({
      appId: String(body.appId).trim(),
      privateKey,
      alipayPublicKey,
      gateway: gateway ?? undefined,
    });
    if (problems.length > 0) fail(problems.join('；'));
    const values = {
      app_id: String(body.appId).trim(),
      private_key: privateKey,
      alipay_public_key: alipayPublicKey,
      gateway,
      update_time: chinaTime(),
    };
    await db.transaction().execute(async (tx) => {
      if (before)
        await tx.updateTable('alipay_accounts').set(values).where('enterprise_id', '=', enterprise.id).execute();
      else
        await tx
          .insertInto('alipay_accounts')
          .values({ enterprise_id: enterprise.id, ...values })
          .execute();
      const changes: Record<string, [unknown, unknown]> = {};
      if (before?.app_id !== values.app_id) changes.APPID = [before?.app_id ?? null, values.app_id];
      if (before?.private_key !== values.private_key) changes.应用私钥 = [before ? MASK : null, MASK];
      if (before?.alipay_public_key !== values.alipay_public_key) changes.支付宝公钥 = [before ? MASK : null, MASK];
      if ((before?.gateway ?? null) !== values.gateway) changes.网关地址 = [before?.gateway ?? null, values.gateway];
      await recordOperation(tx, request, auth, {
        action: 'alipayAccount',
        resource: 'adAgentmanagement',
        recordId: enterprise.id,
        recordTitle: enterprise.name,
        changes,
      });
    });
    return ok(await view(enterprise.id), '支付宝账户已保存');
  });

  app.delete('/api/v1/enterprises/:id/alipay', { ...manage, schema: removeAlipayAccountSchema }, async (request) => {
    const auth = requireAuth(request);
    const enterprise = await enterpriseOf(request, auth);
    const before = await rowOf(enterprise.id);
    if (!before) fail('该主体未设置自己的支付宝账户');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('alipay_accounts').where('enterprise_id', '=', enterprise.id).execute();
      await recordOperation(tx, request, auth, {
        action: 'alipayAccountRemove',
        resource: 'adAgentmanagement',
        recordId: enterprise.id,
        recordTitle: enterprise.name,
        changes: { APPID: [before.app_id, null], 应用私钥: [MASK, null], 支付宝公钥: [MASK, null] },
      });
    });
    return ok(null, '已删除，该主体改用平台默认账户');
  });
}
