import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf } from '../../server/money/ledger/ledger';
import { BATCH, ITEM } from '../../src/domain/moneyEnums';
import { bankCard } from '../support/batchFiles';
import { insertBatch } from './support/payoutFixtures';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** /adAdminTool: stuck payouts re-run, SMS resend, ledger integrity; each an audited action. */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let caiwu: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
});

afterAll(async () => {
  await t?.close();
});

const post = (client: AuthedClient, url: string) => client({ method: 'POST', url, payload: {} }).then(envelopeOf);
const logOf = (action: string) =>
  t.db.selectFrom('operation_logs').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('stuck payout items', () => {
  it('lists items still 处理中 ten minutes after submission, and re-runs one through the channel once', async () => {
    const hourAgo = chinaTime(Date.now() - 3600_000);
    const stuck = await insertBatch(t.db, {
      companyId: 1,
      platformMark: 1,
      amounts: [1_000_000, 2_000_000],
      status: BATCH.processing,
      createTime: hourAgo,
    });
    const items = await t.db
      .selectFrom('payout_items')
      .select('id')
      .where('batch_id', '=', stuck.id)
      .orderBy('id')
      .execute();
    const [good, bad] = items.map((row) => Number(row.id));
    await t.db
      .updateTable('payout_items')
      .set({ bank_card: bankCard(7) })
      .where('id', '=', good)
      .execute();
    await t.db
      .updateTable('payout_items')
      .set({ bank_card: bankCard(8, false) })
      .where('id', '=', bad)
      .execute();
    const fresh = await insertBatch(t.db, {
      companyId: 1,
      platformMark: 1,
      amounts: [500_000],
      status: BATCH.processing,
    });

    const list = envelopeOf(await admin.get('/api/v1/systemtools/payouts/stuck'));
    expect(list.code, list.message).toBe(OK);
    const ids = list.content.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([good, bad]));
    const freshItem = await t.db
      .selectFrom('payout_items')
      .select('id')
      .where('batch_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(ids).not.toContain(Number(freshItem.id));
    expect(list.content.find((row: { id: number }) => row.id === good).bankCard).toMatch(/^\*{4}\d{4}$/);

    const paid = await post(admin, `/api/v1/systemtools/payouts/${good}/rerun`);
    expect(paid.code, paid.message).toBe(OK);
    expect(paid.content).toEqual({ id: good, ok: true, status: ITEM.succeeded, reason: null });
    expect(
      (await t.db.selectFrom('payout_items').select('status').where('id', '=', good).executeTakeFirstOrThrow()).status,
    ).toBe(ITEM.succeeded);
    const again = await post(admin, `/api/v1/systemtools/payouts/${good}/rerun`);
    expect(again.code).toBe(BUSINESS);
    expect(again.message).toBe('该笔打款已有结果，无需重新处理');

    const before = await balanceOf(t.db, { companyId: 1, platformMark: 1 });
    const refused = await post(admin, `/api/v1/systemtools/payouts/${bad}/rerun`);
    expect(refused.code, refused.message).toBe(OK);
    expect(refused.content.ok).toBe(false);
    const item = await t.db.selectFrom('payout_items').selectAll().where('id', '=', bad).executeTakeFirstOrThrow();
    expect(item.status).toBe(ITEM.failed);
    // The failed amount and its service charge are back on the balance, as the processor does.
    expect(await balanceOf(t.db, { companyId: 1, platformMark: 1 })).toBe(
      before + Number(item.amount) + Number(item.service_charge),
    );
    const batch = await t.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', stuck.id)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe(BATCH.partlyFailed);

    const log = await logOf('payoutRerun');
    expect(log.map((entry) => Number(entry.record_id)).sort()).toEqual([good, bad].sort());
    expect(log.every((entry) => entry.resource === 'adAdminTool' && entry.username === 'admin')).toBe(true);
  });

  it('is the system tool code’s only', async () => {
    expect((await caiwu.get('/api/v1/systemtools/payouts/stuck')).statusCode).toBe(403);
    expect((await caiwu({ method: 'POST', url: '/api/v1/systemtools/ledger/check', payload: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('SMS resend', () => {
  it('sends a fresh code of the same kind for a code message and refuses a new-password notice', async () => {
    const now = chinaTime();
    const base = {
      mobile_masked: '137****0099',
      provider: '服务器日志（未发送）',
      reason: null,
      create_time: now,
      update_time: now,
    };
    const code = await t.db
      .insertInto('sms_logs')
      .values({ ...base, mobile: '13700000099', type: 4, template: '您的设置支付密码验证码为******', status: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notice = await t.db
      .insertInto('sms_logs')
      .values({ ...base, mobile: '13700000099', type: 10, template: '密码已重置，新密码为******', status: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = envelopeOf(await admin.get('/api/v1/systemtools/sms?mobile=13700000099')).content;
    expect(listed.map((row: { id: number; resendable: boolean }) => [row.id, row.resendable])).toEqual([
      [Number(notice.id), false],
      [Number(code.id), true],
    ]);
    expect(envelopeOf(await admin.get('/api/v1/systemtools/sms?mobile=137')).code).toBe(BUSINESS);

    const sent = t.sms.messages.length;
    const resent = await post(admin, `/api/v1/systemtools/sms/${code.id}/resend`);
    expect(resent.code, resent.message).toBe(OK);
    expect(t.sms.messages.length).toBe(sent + 1);
    const stored = await t.db
      .selectFrom('sms_codes')
      .select(['type', 'code'])
      .where('mobile', '=', '13700000099')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.type).toBe(4);
    expect(t.sms.messages.at(-1)?.text).toContain(stored.code);
    // Limits still hold: a second resend within a minute is refused.
    expect((await post(admin, `/api/v1/systemtools/sms/${code.id}/resend`)).message).toBe(
      '验证码发送过于频繁，请60秒后再试',
    );
    const refused = await post(admin, `/api/v1/systemtools/sms/${notice.id}/resend`);
    expect(refused.message).toBe('只能重发验证码短信；新密码等通知请让用户重新操作');
    expect((await logOf('smsResend')).length).toBe(1);
  });
});

describe('ledger integrity', () => {
  it('finds a planted difference, per company and edition, and logs each check', async () => {
    const clean = await post(admin, '/api/v1/systemtools/ledger/check');
    expect(clean.code, clean.message).toBe(OK);
    expect(clean.content.discrepancies).toEqual([]);
    expect(clean.content.checkedAccounts).toBeGreaterThan(0);

    await t.db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', 12_345) }))
      .where('company_id', '=', 2)
      .where('platform_mark', '=', 3)
      .execute();
    const found = await post(admin, '/api/v1/systemtools/ledger/check');
    expect(found.message).toBe('发现 1 个账户不一致');
    expect(found.content.discrepancies).toHaveLength(1);
    const [row] = found.content.discrepancies;
    expect(row).toMatchObject({ companyId: 2, platformMark: 3, difference: 12_345 });
    expect(row.balance - row.entrySum).toBe(12_345);
    expect(row.companyName).toBeTruthy();
    const log = await logOf('ledgerCheck');
    expect(log).toHaveLength(2);
    expect(JSON.parse(log[0].changes)).toEqual({
      checkedAccounts: [null, clean.content.checkedAccounts],
      discrepancies: [null, 1],
    });
    // The planted difference is taken back: the suite checks every file ends with whole-fen amounts.
    await t.db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '-', 12_345) }))
      .where('company_id', '=', 2)
      .where('platform_mark', '=', 3)
      .execute();
  });
});

describe('rebuilding the statistics rollups', () => {
  /** What each rollup table must hold, summed from the ledger here (not by the code under test). */
  async function ledgerByCompanyDay() {
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select(['company_id', 'platform_mark', 'create_time', 'amount'])
      .execute();
    const sums = new Map<string, { net: number; count: number }>();
    for (const entry of entries) {
      const key = `${entry.company_id}|${entry.platform_mark}|${entry.create_time.slice(0, 10)}`;
      const sum = sums.get(key) ?? { net: 0, count: 0 };
      sum.net += Number(entry.amount);
      sum.count += 1;
      sums.set(key, sum);
    }
    return sums;
  }
  async function rollupByCompanyDay() {
    const rows = await t.db
      .selectFrom('stat_company_day')
      .select(['company_id', 'platform_mark', 'day', 'net_amount', 'entry_count'])
      .execute();
    return new Map(
      rows.map((row) => [
        `${row.company_id}|${row.platform_mark}|${row.day}`,
        { net: Number(row.net_amount), count: Number(row.entry_count) },
      ]),
    );
  }
  const total = async (table: 'stat_company_month' | 'stat_group_day') => {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => [eb.fn.sum<number>('net_amount').as('net'), eb.fn.sum<number>('entry_count').as('n')])
      .executeTakeFirstOrThrow();
    return { net: Number(row.net), count: Number(row.n) };
  };

  it('restores rollups a corruption changed to the ledger’s totals, with a summary, audited', async () => {
    const ledger = await ledgerByCompanyDay();
    expect(ledger.size).toBeGreaterThan(0);
    const ledgerTotal = [...ledger.values()].reduce(
      (sum, row) => ({ net: sum.net + row.net, count: sum.count + row.count }),
      {
        net: 0,
        count: 0,
      },
    );
    // Corrupt: one day's row off by 123.45 元, one month row gone, one group row doubled.
    const victim = await t.db.selectFrom('stat_company_day').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .updateTable('stat_company_day')
      .set((eb) => ({ net_amount: eb('net_amount', '+', 1_234_500), entry_count: eb('entry_count', '+', 3) }))
      .where('id', '=', victim.id)
      .execute();
    const month = await t.db
      .selectFrom('stat_company_month')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('stat_company_month').where('id', '=', month.id).execute();
    const group = await t.db.selectFrom('stat_group_day').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db
      .updateTable('stat_group_day')
      .set((eb) => ({ net_amount: eb('net_amount', '*', 2) }))
      .where('id', '=', group.id)
      .execute();
    expect(await rollupByCompanyDay()).not.toEqual(ledger);

    const denied = await caiwu({ method: 'POST', url: '/api/v1/systemtools/statistics/rebuild', payload: {} });
    expect(denied.statusCode).toBe(403);

    const answer = await post(admin, '/api/v1/systemtools/statistics/rebuild');
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toContain('已修正 3 张汇总表');
    expect(answer.content.consistent).toBe(true);
    expect(answer.content.ledger).toEqual({ entries: ledgerTotal.count, net: ledgerTotal.net });
    const companyDay = answer.content.tables.find((row: { key: string }) => row.key === 'companyDay');
    expect(companyDay.before.net - companyDay.after.net).toBe(1_234_500);

    expect(await rollupByCompanyDay()).toEqual(ledger);
    expect(await total('stat_company_month')).toEqual(ledgerTotal);
    expect(await total('stat_group_day')).toEqual(ledgerTotal);
    const [entry] = await logOf('statisticsRebuild');
    expect(entry?.resource).toBe('adAdminTool');

    // Run again: nothing left to correct.
    const again = await post(admin, '/api/v1/systemtools/statistics/rebuild');
    expect(again.message).toContain('原本就与账本一致');
    expect(again.content.changed).toEqual([]);
  });
});
