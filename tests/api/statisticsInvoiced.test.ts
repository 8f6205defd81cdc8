import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { fillInvoicedSplit } from '../../server/db/migrations/381_statistics_invoiced';
import { postEntries } from '../../server/money/ledger/ledger';
import { BATCH, LEDGER } from '../../src/domain/moneyEnums';
import { type Answer, call, clientOf, OK } from './support/invoiceTestKit';
import { type FixtureBatch, insertBatch, setAsideEligibleBatches } from './support/payoutFixtures';
import type { AuthedClient, TestApp } from './support/testApp';
import { createTestApp } from './support/testApp';

/**
 * 已开票金额 / 未开票金额 on the statistics pages, moved by the real invoice routes: a merchant applies for an
 * invoice over its batches, finance rejects one application and issues another, and 企业汇总 (both editions), the
 * time reports, the company summary and the xlsx export follow; 重建统计汇总 recomputes the same figures.
 */
let t: TestApp;
let admin: AuthedClient;
let caiwu: AuthedClient;

const DAY = '2032-03-05';
const TIME = `${DAY} 10:00:00`;
const YUAN = 10_000;

interface Edition {
  label: string;
  companyId: number;
  mark: 1 | 3;
  merchant: AuthedClient;
  summary: string;
  platform: string;
  category: number;
}
const editions: Edition[] = [];
const EDITIONS = [
  { index: 0, name: '标准版企业汇总' },
  { index: 1, name: '小规模企业汇总' },
];

/** A finished batch written as a fixture, debited from the company's account as a submitted batch is. */
async function paidBatch(db: Db, edition: Edition, amounts: number[], status: number): Promise<FixtureBatch> {
  const batch = await insertBatch(db, {
    companyId: edition.companyId,
    platformMark: edition.mark,
    amounts,
    status,
    createTime: TIME,
  });
  const row = await db
    .selectFrom('payout_batches')
    .select(['total_amount', 'service_charge', 'item_count'])
    .where('id', '=', batch.id)
    .executeTakeFirstOrThrow();
  const account = { companyId: edition.companyId, platformMark: edition.mark };
  const total = Number(row.total_amount);
  const charge = Number(row.service_charge);
  await db.transaction().execute(async (tx) => {
    await postEntries(
      tx,
      account,
      [{ kind: LEDGER.recharge, amount: total + charge, refType: 'recharge', refId: 1, operatorId: null }],
      TIME,
    );
    await postEntries(
      tx,
      account,
      [
        {
          kind: LEDGER.payout,
          amount: -total,
          refType: 'batch',
          refId: batch.id,
          operatorId: 1,
          payments: Number(row.item_count),
        },
        { kind: LEDGER.serviceCharge, amount: -charge, refType: 'batch', refId: batch.id, operatorId: 1 },
      ],
      TIME,
    );
  });
  return batch;
}

function expectOk(answer: Answer) {
  expect(answer.status, answer.message).toBe(200);
  expect(answer.code, answer.message).toBe(OK);
}

async function totalsOf(route: string, mark: number): Promise<Record<string, number>> {
  const answer = await call(
    admin,
    'GET',
    `/api/v1/statistics/reports/${route}?period=day&day=${DAY}&platformmark=${mark}`,
  );
  expectOk(answer);
  return answer.content.totals;
}

async function companyRow(edition: Edition): Promise<Record<string, number>> {
  const answer = await call(
    admin,
    'GET',
    `/api/v1/statistics/reports/${edition.summary}?period=day&day=${DAY}&platformmark=${edition.mark}&size=200`,
  );
  expectOk(answer);
  return answer.content.content.find((row: { companyId: number }) => row.companyId === edition.companyId);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientOf(t.app, 'admin');
  caiwu = await clientOf(t.app, 'caiwu');
  await t.db
    .updateTable('companies')
    .set({
      invoice_title: '杭州小微电子商务有限公司',
      invoice_tax_number: '91330100MA2H7XWE3K',
      invoice_bank: '杭州银行西湖支行',
      invoice_account: '3301040160012345678',
      invoice_address: '杭州市西湖区文三路90号',
      invoice_phone: '0571-88886666',
    })
    .where('id', '=', 2)
    .execute();
  const categories = await t.db.selectFrom('invoice_categories').select(['id', 'platform_mark', 'status']).execute();
  const category = (mark: number) =>
    Number(categories.find((row) => Number(row.platform_mark) === mark && Number(row.status) === 1)?.id);
  editions.push(
    {
      label: '标准版',
      companyId: 1,
      mark: 1,
      merchant: await clientOf(t.app, 'merchant'),
      summary: 'adEnterpriseFlow',
      platform: 'adPlatform',
      category: category(1),
    },
    {
      label: '小规模',
      companyId: 2,
      mark: 3,
      merchant: await clientOf(t.app, 'xgm', 3),
      summary: 'adSmallEnterpriseFlow',
      platform: 'adSmallPlatform',
      category: category(3),
    },
  );
  for (const edition of editions) await setAsideEligibleBatches(t.db, edition.companyId);
});
afterAll(() => t?.close());

describe('已开票金额 and 未开票金额 follow the invoice routes', () => {
  it.each(EDITIONS)(
    '$name: a payout is 未开票; an application or a rejection moves nothing; issuing moves the covered payouts to 已开票',
    async ({ index }) => {
      const edition = editions[index];
      // 400.00 paid (300.00 succeeded, 100.00 failed) and 50.00 paid in full.
      const partly = await paidBatch(t.db, edition, [1_000_000, 2_000_000], BATCH.partlyFailed);
      await paidBatch(t.db, edition, [500_000], BATCH.completed);
      const paid = { payoutAmount: 450 * YUAN, invoicedAmount: 0, uninvoicedAmount: 450 * YUAN };
      expect(await totalsOf(edition.summary, edition.mark)).toMatchObject(paid);

      const apply = () =>
        call(edition.merchant, 'POST', '/api/v1/invoices', {
          batchIds: [partly.id],
          kind: 2,
          categoryId: edition.category,
        });
      const first = await apply();
      expectOk(first);
      expect(await totalsOf(edition.summary, edition.mark)).toMatchObject(paid);
      expectOk(await call(caiwu, 'POST', `/api/v1/invoices/${first.content.id}/reject`, { reason: '抬头有误' }));
      expect(await totalsOf(edition.summary, edition.mark)).toMatchObject(paid);

      const second = await apply();
      expectOk(second);
      expectOk(
        await call(caiwu, 'POST', `/api/v1/invoices/${second.content.id}/issue`, { invoiceNumber: '044001900222' }),
      );
      // The invoice covers the 300.00 that succeeded; the failed 100.00 and the other batch stay 未开票.
      const invoiced = { payoutAmount: 450 * YUAN, invoicedAmount: 300 * YUAN, uninvoicedAmount: 150 * YUAN };
      expect(await totalsOf(edition.summary, edition.mark)).toMatchObject(invoiced);
      expect(await totalsOf(edition.platform, edition.mark)).toMatchObject(invoiced);
      expect(await companyRow(edition)).toMatchObject(invoiced);

      const summary = await call(
        admin,
        'GET',
        `/api/v1/companies/${edition.companyId}/summary/platform/${edition.mark}`,
      );
      expectOk(summary);
      const month = summary.content.content.find((row: { month: string }) => row.month === DAY.slice(0, 7));
      expect(month).toMatchObject(invoiced);
    },
  );

  it.each(EDITIONS)('$name: the xlsx export carries both columns, in its rows and its 合计 row', async ({ index }) => {
    const edition = editions[index];
    const response = await admin.get(
      `/api/v1/statistics/reports/${edition.summary}/export?period=day&day=${DAY}&platformmark=${edition.mark}`,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(2).values as unknown[];
    const invoicedColumn = header.indexOf('已开票金额（元）');
    const uninvoicedColumn = header.indexOf('未开票金额（元）');
    const payoutColumn = header.indexOf('打款金额（元）');
    expect(invoicedColumn).toBeGreaterThan(0);
    expect(uninvoicedColumn).toBeGreaterThan(0);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(payoutColumn).value).toBe(450);
    expect(last.getCell(invoicedColumn).value).toBe(300);
    expect(last.getCell(uninvoicedColumn).value).toBe(150);
    expect(last.getCell(invoicedColumn).numFmt).toBe('#,##0.00');
    const names = (sheet.getColumn(1).values as unknown[]).map(String);
    const company = await t.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', edition.companyId)
      .executeTakeFirstOrThrow();
    const row = sheet.getRow(names.indexOf(company.name));
    expect(row.getCell(invoicedColumn).value).toBe(300);
    expect(row.getCell(uninvoicedColumn).value).toBe(150);
  });

  it('重建统计汇总 recomputes the split from the batches and their issued invoices', async () => {
    const before = await Promise.all(editions.map((edition) => totalsOf(edition.summary, edition.mark)));
    // A drifted split: the rebuild finds it and puts it back.
    for (const table of ['stat_company_day', 'stat_company_month', 'stat_group_day'] as const) {
      await t.db.updateTable(table).set({ invoiced_amount: 0, uninvoiced_amount: 0 }).execute();
    }
    expect((await totalsOf(editions[0].summary, 1)).invoicedAmount).toBe(0);
    const rebuilt = await call(admin, 'POST', '/api/v1/systemtools/statistics/rebuild', {});
    expectOk(rebuilt);
    expect(rebuilt.content.changed).toEqual(['companyDay', 'companyMonth', 'groupDay']);
    const after = await Promise.all(editions.map((edition) => totalsOf(edition.summary, edition.mark)));
    expect(after).toEqual(before);
    expect(after.map((totals) => totals.invoicedAmount)).toEqual([300 * YUAN, 300 * YUAN]);
  });

  it('migration 381 fills the split of rows written before it, as the rollups keep it', async () => {
    const before = await Promise.all(editions.map((edition) => totalsOf(edition.summary, edition.mark)));
    const rows = await companyRow(editions[0]);
    for (const table of ['stat_company_day', 'stat_company_month', 'stat_group_day'] as const) {
      await t.db.updateTable(table).set({ invoiced_amount: 0, uninvoiced_amount: 0 }).execute();
    }
    await fillInvoicedSplit(t.db);
    expect(await Promise.all(editions.map((edition) => totalsOf(edition.summary, edition.mark)))).toEqual(before);
    expect(await companyRow(editions[0])).toEqual(rows);
  });
});
