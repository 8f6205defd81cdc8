import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountPayments } from '../../server/db/migrations/230_operator_fit';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { rebuildStatistics } from '../../server/statistics/rollups';
import { LEDGER } from '../../src/domain/moneyEnums';
import { encodeQ } from '../../src/domain/query';
import { csvFile, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Statistics in operator terms: 打款笔数 counts payments to workers, not batches; the 合伙人
 * filter lists the companies' partners (not 分公司) and filters by them.
 */
let test: TestApp;
let merchant: AuthedClient;
let caiwu: AuthedClient;
let hehuoren: AuthedClient;
const MERCHANT = { companyId: 1, platformMark: 1 };

beforeAll(async () => {
  test = await createTestApp();
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
  hehuoren = authed(test.app, await tokenOf(test.app, 'hehuoren'));
  await signPayees(test, MERCHANT, range(7000, 7010));
  await test.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        MERCHANT,
        [{ kind: LEDGER.recharge, amount: 100_000 * 10_000, refType: 'recharge', refId: 1, operatorId: 1 }],
        chinaTime(),
      ),
    );
});
afterAll(async () => test?.close());

async function payBatch(serials: number[]): Promise<void> {
  const { payload, headers } = multipartRequest([
    { name: 'file', filename: '批量打款.csv', content: csvFile(serials.map((serial) => payee(serial))) },
  ]);
  const draft = envelopeOf(
    await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
  );
  expect(draft.code, draft.message).toBe(1020000);
  const paid = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/remittances/batch/submit',
      payload: { draftId: draft.content.draftId, payPassword: DEMO_PAYMENT_PASSWORD },
    }),
  );
  expect(paid.code, paid.message).toBe(1020000);
}

async function todayOfMerchant(): Promise<{ payoutCount: number }> {
  const day = chinaTime().slice(0, 10);
  const q = encodeQ({ coname: '上海灵动科技有限公司' });
  const page = envelopeOf(
    await caiwu.get(`/api/v1/statistics/reports/adEnterpriseFlow?period=day&day=${day}&q=${q}`),
  ).content;
  return page.content.find((row: { companyId: number }) => row.companyId === MERCHANT.companyId) ?? { payoutCount: 0 };
}

describe('打款笔数', () => {
  it('counts every payment of a batch, as posted and after a rebuild from the ledger', async () => {
    const before = (await todayOfMerchant()).payoutCount;
    await payBatch([7000, 7001, 7002]);
    await payBatch([7003, 7004]);
    expect((await todayOfMerchant()).payoutCount).toBe(before + 5);
    await rebuildStatistics(test.db);
    expect((await todayOfMerchant()).payoutCount).toBe(before + 5);
  });

  it('migration 230 recounts rows written when a batch counted once', async () => {
    const now = (await todayOfMerchant()).payoutCount;
    const day = chinaTime().slice(0, 10);
    // As the rollups stood before: one per batch debit of the day.
    const debits = await test.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', MERCHANT.companyId)
      .where('kind', '=', LEDGER.payout)
      .where('create_time', 'like', `${day}%`)
      .executeTakeFirstOrThrow();
    for (const [table, key, value] of [
      ['stat_company_day', 'day', day],
      ['stat_company_month', 'month', day.slice(0, 7)],
    ] as const) {
      await test.db
        .updateTable(table)
        .set({ payout_count: Number(debits.n) })
        .where('company_id', '=', MERCHANT.companyId)
        .where(key as 'day', '=', value)
        .execute();
    }
    expect((await todayOfMerchant()).payoutCount).toBe(Number(debits.n));
    await recountPayments(test.db);
    expect((await todayOfMerchant()).payoutCount).toBe(now);
  });
});

describe('合伙人 filter', () => {
  it('lists the partners of the companies in scope by name, not 分公司, and filters by them', async () => {
    const partner = await test.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', 'hehuoren')
      .executeTakeFirstOrThrow();
    const all = envelopeOf(await caiwu.get('/api/v1/statistics/options')).content;
    const appearing = await test.db
      .selectFrom('companies')
      .select('sale_partner_id')
      .distinct()
      .where('sale_partner_id', 'is not', null)
      .execute();
    expect(all.partners.map((item: { id: number }) => item.id).sort()).toEqual(
      appearing.map((row) => Number(row.sale_partner_id)).sort(),
    );
    expect(all.partners).toContainEqual({ id: Number(partner.id), name: partner.display_name });
    expect(all.partners.some((item: { name: string }) => item.name.endsWith('分公司'))).toBe(false);
    expect(envelopeOf(await hehuoren.get('/api/v1/statistics/options')).content.partners).toEqual([
      { id: Number(partner.id), name: partner.display_name },
    ]);

    // The filter gives the partner's own figures: what the partner sees of itself.
    const month = chinaTime().slice(0, 7);
    const url = (q: string) => `/api/v1/statistics/reports/adEnterpriseFlow?period=month&month=${month}${q}`;
    const filtered = envelopeOf(await caiwu.get(url(`&q=${encodeQ({ partnerId: String(partner.id) })}`))).content;
    const own = envelopeOf(await hehuoren.get(url(''))).content;
    expect(filtered.totalElements).toBe(own.totalElements);
    expect(filtered.totals).toEqual(own.totals);
    const whole = envelopeOf(await caiwu.get(url(''))).content;
    expect(whole.totalElements).toBeGreaterThan(filtered.totalElements);
    // A partner cannot read another partner's companies through the filter.
    const other = envelopeOf(await hehuoren.get(url(`&q=${encodeQ({ partnerId: String(Number(partner.id) + 1) })}`)));
    expect(other.content.totalElements).toBe(0);
  });
});
