import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM } from '../../src/domain/moneyEnums';
import { authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** 税费计算: per worker per month, 劳务报酬所得预扣预缴; the user-id exception is a setting. */
let test: TestApp;
const Y = 10_000;
const MONTH = '2031-07';

async function paid(name: string, idCard: string, amount: number, finish: string, status: number = ITEM.succeeded) {
  await test.db
    .insertInto('payout_items')
    .values({
      batch_id: 1,
      company_id: 1,
      platform_mark: 1,
      row_no: 1,
      name,
      id_card: idCard,
      bank_card: '6222020200112233446',
      mobile: null,
      amount,
      service_charge: 0,
      remark: null,
      status,
      fail_reason: null,
      create_time: finish,
      finish_time: finish,
      // The month the income belongs to (the submission's); written without withholding, as earlier items were.
      tax_month: finish.slice(0, 7),
    })
    .execute();
}

beforeAll(async () => {
  test = await createTestApp();
  await paid('张三', '11010519491231002X', 18_000 * Y, `${MONTH}-02 10:00:00`);
  await paid('张三', '11010519491231002X', 12_000 * Y, `${MONTH}-28 10:00:00`);
  await paid('李四', '110105194912310037', 3_000 * Y, `${MONTH}-15 10:00:00`);
  await paid('李四', '110105194912310037', 9_000 * Y, `${MONTH}-16 10:00:00`, ITEM.failed);
  await paid('李四', '110105194912310037', 5_000 * Y, '2031-08-01 00:00:00');
  // Before 2025-10 the per-payment rule was in force, and stays so in the reports.
  await paid('王五', '110105194912310045', 30_000 * Y, '2025-07-10 10:00:00');
});
afterAll(async () => test?.close());

describe('税费计算', () => {
  it("sums a worker's month and withholds by the cumulative method; failed items and other months are left out", async () => {
    const caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
    const answer = envelopeOf(await caiwu.get(`/api/v1/statistics/tax?platformmark=1&month=${MONTH}&page=0&size=10`));
    expect(answer.code).toBe(1020000);
    expect(answer.content.rule).toBe('cumulative');
    const [first, second] = answer.content.content;
    // A first month at the payer: 30 000 × 80% − 5 000 = 19 000 × 3% = 570 (预扣率表二 would have taken 5 200)
    expect(first).toMatchObject({
      name: '张三',
      payCount: 2,
      income: 30_000 * Y,
      cumulativeTaxable: 19_000 * Y,
      ratePercent: 3,
      tax: 570 * Y,
      // Written without withholding: the report says so.
      withheld: 0,
      taxStatusName: '未代扣',
    });
    // 3 000 × 80% is below the month's 5 000 deduction
    expect(second).toMatchObject({ name: '李四', payCount: 1, income: 3_000 * Y, tax: 0 });
    expect(answer.content.totals).toMatchObject({ workerCount: 2, income: 33_000 * Y, tax: 570 * Y, withheld: 0 });
    expect(answer.content.invoices.ratePercent).toBe(6);

    const file = await caiwu.get(`/api/v1/statistics/tax/export?platformmark=1&month=${MONTH}`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(2).values as unknown[];
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(header.indexOf('本月应预扣税额（元）')).value).toBe(570);
    expect(envelopeOf(await caiwu.get('/api/v1/statistics/tax?month=2031-13')).code).toBe(1040400);
  });

  it('a month before 2025-10 keeps the per-payment rule (预扣率表二)', async () => {
    const caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
    const answer = envelopeOf(await caiwu.get('/api/v1/statistics/tax?platformmark=1&month=2025-07&page=0&size=10'));
    expect(answer.content.rule).toBe('perPayment');
    // 30 000 × 80% = 24 000, × 30% − 2 000 = 5 200
    expect(answer.content.content[0]).toMatchObject({
      name: '王五',
      ruleName: '按次预扣（预扣率表二）',
      taxable: 24_000 * Y,
      ratePercent: 30,
      tax: 5_200 * Y,
      cumulativeIncome: null,
    });
  });

  it('without UI_TAX_COLLECTION: refused, unless the user is in TAX_CALCULATION_USER_IDS', async () => {
    const kefu = authed(test.app, await tokenOf(test.app, 'kefu'));
    expect((await kefu.get(`/api/v1/statistics/tax?month=${MONTH}`)).statusCode).toBe(403);
    const user = await test.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    test.config.taxCalculationUserIds.push(Number(user.id));
    expect(envelopeOf(await kefu.get(`/api/v1/statistics/tax?month=${MONTH}`)).code).toBe(1020000);
  });
});
