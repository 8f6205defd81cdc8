import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Statistics pages: figures, scope, periods, the xlsx export and the company summary call. */
let test: TestApp;
let caiwu: ReturnType<typeof authed>;
let hehuoren: ReturnType<typeof authed>;
let merchant: ReturnType<typeof authed>;
let dept1Company: number;
let dept2Company: number;

const YUAN = 10_000;
const MONTH = '2031-05';

async function post(companyId: number, time: string, entries: { kind: number; amount: number }[]) {
  await test.db.transaction().execute((tx) =>
    postEntries(
      tx,
      { companyId, platformMark: 1 },
      entries.map((entry) => ({ ...entry, refType: 'recharge' as const, refId: 1, operatorId: null })),
      time,
    ),
  );
}

beforeAll(async () => {
  test = await createTestApp();
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
  hehuoren = authed(test.app, await tokenOf(test.app, 'hehuoren'));
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  const pick = async (department: number) =>
    Number(
      (
        await test.db
          .selectFrom('companies')
          .select('id')
          .where('department_id', '=', department)
          .where('platform_mark', '=', 1)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  dept1Company = await pick(1);
  dept2Company = await pick(2);
  // Department 1: top-up 1 000.00, a 300.00 batch with 18.00 service charge, 50.00 of it refunded.
  await post(dept1Company, `${MONTH}-03 10:00:00`, [{ kind: LEDGER.recharge, amount: 1000 * YUAN }]);
  await post(dept1Company, `${MONTH}-04 11:00:00`, [
    { kind: LEDGER.payout, amount: -300 * YUAN },
    { kind: LEDGER.serviceCharge, amount: -18 * YUAN },
  ]);
  await post(dept1Company, `${MONTH}-20 09:30:00`, [{ kind: LEDGER.refund, amount: 50 * YUAN }]);
  // Department 2: top-up 200.01, a 100.00 batch with 6.00 charge; and one entry in the next month.
  await post(dept2Company, `${MONTH}-04 15:00:00`, [{ kind: LEDGER.recharge, amount: 200 * YUAN + 100 }]);
  await post(dept2Company, `${MONTH}-31 23:59:59`, [
    { kind: LEDGER.payout, amount: -100 * YUAN },
    { kind: LEDGER.serviceCharge, amount: -6 * YUAN },
  ]);
  await post(dept2Company, '2031-06-01 00:00:00', [{ kind: LEDGER.recharge, amount: 7 * YUAN }]);
});
afterAll(async () => test?.close());

const report = (route: string, query: string) => `/api/v1/statistics/reports/${route}?${query}`;

describe('statistics reports', () => {
  it('企业汇总 for a month: one row per company, totals exact to the fen, the chart ranks by payout', async () => {
    const answer = envelopeOf(await caiwu.get(report('adEnterpriseFlow', `period=month&month=${MONTH}&size=50`)));
    expect(answer.code).toBe(1020000);
    const page = answer.content;
    expect(page.totalElements).toBe(2);
    expect(page.totals.topupAmount).toBe(1200 * YUAN + 100);
    expect(page.totals.payoutAmount).toBe(400 * YUAN);
    expect(page.totals.chargeAmount).toBe(24 * YUAN);
    expect(page.totals.refundAmount).toBe(50 * YUAN);
    expect(page.totals.netAmount).toBe((1000 - 318 + 50 + 200 - 106) * YUAN + 100);
    expect(page.content[0].companyId).toBe(dept1Company);
    expect(page.content[0].payoutAmount).toBe(300 * YUAN);
    expect(page.content[0].departmentName).toBe('华东事业部');
    expect(page.chart.series[0].key).toBe('payoutAmount');
    expect(page.chart.series[0].data).toEqual([300 * YUAN, 100 * YUAN]);
  });

  it('a day, and a custom range across the month end', async () => {
    const day = envelopeOf(await caiwu.get(report('adEnterpriseFlow', `period=day&day=${MONTH}-04`))).content;
    expect(day.totals.payoutAmount).toBe(300 * YUAN);
    expect(day.totals.topupAmount).toBe(200 * YUAN + 100);
    const range = envelopeOf(
      await caiwu.get(report('adPlatform', `period=range&from=${MONTH}-20&to=2031-06-01&size=100`)),
    ).content;
    expect(range.totals.topupAmount).toBe(7 * YUAN);
    expect(range.totals.refundAmount).toBe(50 * YUAN);
    expect(range.totals.payoutAmount).toBe(100 * YUAN);
    expect(range.content.map((row: { bucket: string }) => row.bucket).sort()).toEqual([
      `${MONTH}-20`,
      `${MONTH}-31`,
      '2031-06-01',
    ]);
  });

  it('partners see only their departments; the department filter narrows', async () => {
    const mine = envelopeOf(await hehuoren.get(report('adPartnerStatistics', `period=month&month=${MONTH}`))).content;
    expect(mine.totals.payoutAmount).toBe(100 * YUAN);
    expect(mine.totals.topupAmount).toBe(200 * YUAN + 100);
    const all = envelopeOf(
      await caiwu.get(
        report('adMarketPerformance', `period=month&month=${MONTH}&q=${encodeURIComponent('departmentId:1')}`),
      ),
    );
    expect(all.code).toBe(1040400);
    const filtered = envelopeOf(
      await caiwu.get(
        report('adEnterpriseFlow', `period=month&month=${MONTH}&q=${encodeURIComponent('departmentId:1')}`),
      ),
    ).content;
    expect(filtered.totals.payoutAmount).toBe(300 * YUAN);
  });

  it("the filter pickers list departments and partners by name, within the caller's scope", async () => {
    const mine = envelopeOf(await hehuoren.get('/api/v1/statistics/options')).content;
    expect(mine.departments).toEqual([{ id: 2, name: '华南事业部' }]);
    // A partner's own companies have one partner: itself (statisticsPayments.test.ts covers the list).
    expect(mine.partners.map((item: { name: string }) => item.name)).toEqual(['合伙人老李']);
    const all = envelopeOf(await caiwu.get('/api/v1/statistics/options')).content;
    expect(all.departments).toHaveLength(4);
    expect((await merchant.get('/api/v1/statistics/options')).statusCode).toBe(403);
  });

  it('merchants and missing codes are refused; bad periods and filters answer a clear message', async () => {
    expect((await merchant.get(report('adPlatform', `period=month&month=${MONTH}`))).statusCode).toBe(403);
    expect(envelopeOf(await hehuoren.get(report('adNoSuchReport', ''))).message).toBe('没有这张报表');
    expect((await hehuoren.get(report('adMarketPerformance', `period=month&month=${MONTH}`))).statusCode).toBe(403);
    const badDay = envelopeOf(await caiwu.get(report('adPlatform', 'period=day&day=2031-02-30')));
    expect(badDay.code).toBe(1040400);
    expect(badDay.message).toContain('日期');
    const reversed = envelopeOf(await caiwu.get(report('adPlatform', 'period=range&from=2031-05-02&to=2031-05-01')));
    expect(reversed.message).toBe('开始日期不能晚于结束日期');
    const wrongEdition = envelopeOf(await caiwu.get(report('adSmallPlatform', 'platformmark=1')));
    expect(wrongEdition.code).toBe(1040400);
    const unknown = envelopeOf(await caiwu.get(report('adPlatform', `q=${encodeURIComponent('coname:x')}`)));
    expect(unknown.code).toBe(1040400);
  });

  it('exports the rows as xlsx: numbers as numbers, money in yuan with two decimals, a 合计 row equal to the totals', async () => {
    const response = await caiwu.get(
      report('adEnterpriseFlow', `period=month&month=${MONTH}`).replace(
        '/adEnterpriseFlow?',
        '/adEnterpriseFlow/export?',
      ),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(`企业汇总_${MONTH}.xlsx`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(2).values as unknown[];
    expect(header).toContain('打款金额（元）');
    const payoutColumn = header.indexOf('打款金额（元）');
    const topupColumn = header.indexOf('充值金额（元）');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(payoutColumn).value).toBe(400);
    expect(last.getCell(topupColumn).value).toBe(1200.01);
    expect(last.getCell(topupColumn).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(3).getCell(payoutColumn).value).toBe(300);
  });

  it('GET /companies/{coid}/summary/platform/{mark}: months newest first, the balance; merchants only their own', async () => {
    const answer = envelopeOf(await caiwu.get(`/api/v1/companies/${dept1Company}/summary/platform/1?page=0&size=200`));
    expect(answer.code).toBe(1020000);
    const may = answer.content.content.find((row: { month: string }) => row.month === MONTH);
    expect(may.payoutAmount).toBe(300 * YUAN);
    expect(may.refundAmount).toBe(50 * YUAN);
    const balance = await test.db
      .selectFrom('accounts')
      .select('balance')
      .where('company_id', '=', dept1Company)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(answer.content.balance).toBe(Number(balance.balance));
    expect(answer.content.totals.netAmount).toBe(Number(balance.balance));
    const own = envelopeOf(await merchant.get('/api/v1/companies/1/summary/platform/1?page=0&size=200'));
    expect(own.code).toBe(1020000);
    expect(
      (await merchant.get(`/api/v1/companies/${dept2Company}/summary/platform/1?page=0&size=200`)).statusCode,
    ).toBe(403);
  });
});
