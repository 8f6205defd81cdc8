import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maskBankCard } from '../../src/domain/masking';
import { ITEM, ITEM_STATUS } from '../../src/domain/moneyEnums';
import { SMS_LOG_STATUS, SMS_LOG_TYPE } from '../../src/domain/smsLog';
import { sendSmsCode } from '../accounts/sms/smsCodes';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { type Changes, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { ledgerDiscrepancies } from '../money/ledger/ledger';
import {
  ledgerCheckSchema,
  rerunPayoutSchema,
  resendSmsSchema,
  SMS_MOBILE_MSG,
  smsLogSchema,
  stuckPayoutsSchema,
} from './adminTools.schemas';

/**
 * /adAdminTool 系统工具 (UI_SYSTEM_TOOL): what an operator needs without a database console, each call an
 * audited action (one operation-log entry, written after the tool ran):
 * - GET  /api/v1/systemtools/payouts/stuck             payout items still 待打款 (never sent) STUCK_AFTER_MS after submission;
 * - POST /api/v1/systemtools/payouts/:id/rerun         sends that item to the payout channel now (keyed by the
 *   item id, so the bank pays it once) and records the outcome like the processor (a failure is refunded);
 * - GET  /api/v1/systemtools/sms?mobile=               the latest messages to a full mobile number;
 * - POST /api/v1/systemtools/sms/:id/resend            a verification-code message: a fresh code of the same kind
 *   to the same number (the usual limits apply; the old code is never re-sent); other messages are refused;
 * - POST /api/v1/systemtools/ledger/check              every account whose balance differs from the sum of its
 *   entries (or is negative), per company and edition, with the difference.
 * Rebuilding statistics rollups belongs to the statistics domain (server/statistics), not here.
 */
export const STUCK_AFTER_MS = 10 * 60 * 1000;
const CODE_TYPES = new Set([1, 2, 4, 6]);
const ACCESS = { config: { access: { permissions: ['UI_SYSTEM_TOOL'] } } };
const MOBILE = /^1[2-9]\d{9}$/;

const nameOf = (choices: readonly { id: number; name: string }[], id: number) =>
  choices.find((choice) => choice.id === id)?.name ?? '';

async function audit(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  action: string,
  changes: Changes,
  recordId?: number,
) {
  await recordOperation(db, request, auth, { action, resource: 'adAdminTool', recordId: recordId ?? null, changes });
}

async function companyNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

export async function adminToolsRoutes(app: FastifyInstance, { db, payouts, sms }: AppServices): Promise<void> {
  app.get('/api/v1/systemtools/payouts/stuck', { ...ACCESS, schema: stuckPayoutsSchema }, async () => {
    const before = chinaTime(Date.now() - STUCK_AFTER_MS);
    const rows = await db
      .selectFrom('payout_items')
      .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
      .select([
        'payout_items.id as id',
        'payout_items.batch_id as batchId',
        'payout_batches.batch_no as batchNo',
        'payout_items.company_id as companyId',
        'payout_items.platform_mark as platformMark',
        'payout_items.name as name',
        'payout_items.bank_card as bankCard',
        'payout_items.amount as amount',
        'payout_items.create_time as createTime',
      ])
      .where('payout_items.status', '=', ITEM.waiting)
      .where('payout_items.create_time', '<=', before)
      .orderBy('payout_items.id')
      .limit(200)
      .execute();
    const names = await companyNames(
      db,
      rows.map((row) => Number(row.companyId)),
    );
    return ok(
      rows.map((row) => ({
        ...row,
        id: Number(row.id),
        batchId: Number(row.batchId),
        companyId: Number(row.companyId),
        amount: Number(row.amount),
        companyName: names.get(Number(row.companyId)) ?? '',
        bankCard: maskBankCard(row.bankCard),
      })),
    );
  });

  app.post('/api/v1/systemtools/payouts/:id/rerun', { ...ACCESS, schema: rerunPayoutSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '打款明细编号');
    const item = await db.selectFrom('payout_items').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!item) fail('打款明细不存在');
    if (item.status !== ITEM.waiting) fail('该笔打款已有结果，无需重新处理');
    const [outcome] = await payouts.payItems([id]);
    if (!outcome) fail('该笔打款已有结果，无需重新处理');
    const label = nameOf(ITEM_STATUS, outcome.status);
    const status = outcome.reason ? `${label}：${outcome.reason}` : label;
    await audit(db, request, auth, 'payoutRerun', { status: ['待打款', status] }, id);
    const failed = outcome.status === ITEM.failed;
    return ok(
      { id, ok: outcome.status === ITEM.succeeded, status: outcome.status, reason: outcome.reason },
      outcome.status === ITEM.succeeded
        ? '重新处理完成：打款成功'
        : failed
          ? `重新处理完成：打款失败（${outcome.reason}），金额已退回余额`
          : `重新处理完成：通道已受理，当前${status}`,
    );
  });

  app.get('/api/v1/systemtools/sms', { ...ACCESS, schema: smsLogSchema }, async (request) => {
    const mobile = String((request.query as { mobile?: unknown }).mobile ?? '').trim();
    if (!MOBILE.test(mobile)) fail(SMS_MOBILE_MSG);
    const rows = await db
      .selectFrom('sms_logs')
      .select(['id', 'mobile_masked', 'type', 'template', 'status', 'reason', 'create_time'])
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return ok(
      rows.map((row) => ({
        id: Number(row.id),
        mobile: row.mobile_masked,
        type: row.type,
        typeName: nameOf(SMS_LOG_TYPE, row.type),
        template: row.template,
        status: row.status,
        statusName: nameOf(SMS_LOG_STATUS, row.status),
        reason: row.reason,
        createTime: row.create_time,
        resendable: CODE_TYPES.has(row.type),
      })),
    );
  });

  app.post('/api/v1/systemtools/sms/:id/resend', { ...ACCESS, schema: resendSmsSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '短信记录编号');
    const row = await db.selectFrom('sms_logs').select(['mobile', 'type']).where('id', '=', id).executeTakeFirst();
    if (!row) fail('短信记录不存在');
    if (!CODE_TYPES.has(row.type)) fail('只能重发验证码短信；新密码等通知请让用户重新操作');
    await sendSmsCode(db, sms, { mobile: row.mobile, type: row.type, ip: request.ip });
    await audit(db, request, auth, 'smsResend', { type: [null, nameOf(SMS_LOG_TYPE, row.type)] }, id);
    return ok(null, '已向该手机号重新发送验证码（新验证码生效，旧验证码作废）');
  });

  app.post('/api/v1/systemtools/ledger/check', { ...ACCESS, schema: ledgerCheckSchema }, async (request) => {
    const auth = requireAuth(request);
    const [found, accounts] = await Promise.all([
      ledgerDiscrepancies(db),
      db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const names = await companyNames(
      db,
      found.map((row) => row.companyId),
    );
    const discrepancies = found.map((row) => ({
      ...row,
      companyName: names.get(row.companyId) ?? '',
      difference: row.balance - row.entrySum,
    }));
    await audit(db, request, auth, 'ledgerCheck', {
      checkedAccounts: [null, Number(accounts.n)],
      discrepancies: [null, discrepancies.length],
    });
    return ok(
      { checkedAccounts: Number(accounts.n), checkTime: chinaTime(), discrepancies },
      discrepancies.length === 0 ? '账本一致：所有账户余额等于流水之和' : `发现 ${discrepancies.length} 个账户不一致`,
    );
  });
}
