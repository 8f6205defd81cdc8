import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 结算单: a company's month from the ledger, generated, confirmed, downloaded, never changed after
 * confirmation; a correction is a new sheet naming the old one. The history below is posted at fixed times in
 * May 2020 (and around it), so every expected figure is worked out by hand here.
 */
let test: TestApp;
let caiwu: AuthedClient;
const Y = 10_000;
const MONTH = '2020-05';
let companyId: number;
let companyName: string;

async function post(time: string, entries: { kind: number; amount: number }[]) {
  await test.db.transaction().execute((tx) =>
    postEntries(
      tx,
      { companyId, platformMark: 1 },
      entries.map((entry) => ({ ...entry, refType: 'recharge' as const, refId: 1, operatorId: null })),
      time,
    ),
  );
}

function json(client: AuthedClient, method: 'POST' | 'PATCH', url: string, payload?: unknown) {
  return client({ method, url, payload: payload as Record<string, unknown> });
}

async function sheetsOfMonth(client = caiwu) {
  const answer = envelopeOf(
    await client.get(`/api/v1/settlementsheets/search?q=periodMonth:${MONTH}&page=0&size=50&sort=id,asc`),
  );
  expect(answer.code).toBe(1020000);
  return answer.content.content as Record<string, any>[];
}

beforeAll(async () => {
  test = await createTestApp();
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
  const company = await test.db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('platform_mark', '=', 1)
    .where('department_id', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  companyId = Number(company.id);
  companyName = company.name;
  await post('2020-04-10 09:00:00', [{ kind: LEDGER.recharge, amount: 1_000 * Y }]);
  await post('2020-05-03 10:00:00', [{ kind: LEDGER.recharge, amount: 500 * Y }]);
  await post('2020-05-10 11:00:00', [
    { kind: LEDGER.payout, amount: -300 * Y },
    { kind: LEDGER.serviceCharge, amount: -6 * Y },
  ]);
  await post('2020-05-20 12:00:00', [{ kind: LEDGER.refund, amount: 100 * Y }]);
  await post('2020-05-31 23:59:59', [{ kind: LEDGER.recharge, amount: 1 * Y }]);
  await post('2020-06-01 00:00:00', [{ kind: LEDGER.recharge, amount: 50 * Y }]);
});
afterAll(async () => test?.close());

describe('结算单', () => {
  it('generates one company’s month from the ledger: opening + movements = closing', async () => {
    const answer = envelopeOf(
      await json(caiwu, 'POST', '/api/v1/settlementsheets/generate', { month: MONTH, platformmark: 1, companyId }),
    );
    expect(answer.code).toBe(1020000);
    expect(answer.content).toMatchObject({ created: 1, updated: 0 });
    const [sheet] = await sheetsOfMonth();
    expect(sheet).toMatchObject({
      companyName,
      periodMonth: MONTH,
      status: 0,
      openingBalance: 1_000 * Y,
      topupAmount: 501 * Y,
      topupCount: 2,
      payoutAmount: 300 * Y,
      payoutCount: 1,
      chargeAmount: 6 * Y,
      refundAmount: 100 * Y,
      closingBalance: 1_295 * Y,
      entryCount: 5,
    });
    expect(sheet.sheetNo).toMatch(/^JS2020051\d{7}$/);
  });

  it('generating the whole month again leaves an unchanged pending sheet as it is', async () => {
    const answer = envelopeOf(
      await json(caiwu, 'POST', '/api/v1/settlementsheets/generate', { month: MONTH, platformmark: 1 }),
    );
    expect(answer.code).toBe(1020000);
    expect(answer.content.unchanged).toBeGreaterThanOrEqual(1);
    expect((await sheetsOfMonth()).filter((row) => row.companyName === companyName)).toHaveLength(1);
  });

  it('refuses to confirm a sheet the ledger has moved past, then confirms the regenerated one once', async () => {
    const [sheet] = await sheetsOfMonth();
    await post('2020-05-25 08:00:00', [{ kind: LEDGER.recharge, amount: 10 * Y }]);
    const stale = envelopeOf(await json(caiwu, 'PATCH', `/api/v1/settlementsheets/${sheet.id}/confirm`));
    expect(stale.message).toBe('账本在生成结算单后有变动，请重新生成后再确认');
    const again = envelopeOf(
      await json(caiwu, 'POST', '/api/v1/settlementsheets/generate', { month: MONTH, platformmark: 1, companyId }),
    );
    expect(again.content).toMatchObject({ created: 0, updated: 1 });
    const confirmed = envelopeOf(await json(caiwu, 'PATCH', `/api/v1/settlementsheets/${sheet.id}/confirm`));
    expect(confirmed.code).toBe(1020000);
    const twice = envelopeOf(await json(caiwu, 'PATCH', `/api/v1/settlementsheets/${sheet.id}/confirm`));
    expect(twice.message).toBe('该结算单已确认，不能重复确认');
    const [after] = await sheetsOfMonth();
    expect(after).toMatchObject({ status: 1, topupAmount: 511 * Y, closingBalance: 1_305 * Y });
    expect(after.confirmTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('never changes a confirmed sheet: regenerating leaves it, a correction is a new sheet naming it', async () => {
    const [original] = await sheetsOfMonth();
    const same = envelopeOf(
      await json(caiwu, 'POST', `/api/v1/settlementsheets/${original.id}/correct`, { reason: '复核' }),
    );
    expect(same.message).toBe('账本数据与原结算单一致，无需更正');
    await post('2020-05-26 08:00:00', [{ kind: LEDGER.payout, amount: -4 * Y }]);
    const regenerate = envelopeOf(
      await json(caiwu, 'POST', '/api/v1/settlementsheets/generate', { month: MONTH, platformmark: 1, companyId }),
    );
    expect(regenerate.content).toMatchObject({ created: 0, updated: 0, confirmed: 1 });
    const noReason = envelopeOf(await json(caiwu, 'POST', `/api/v1/settlementsheets/${original.id}/correct`, {}));
    expect(noReason.message).toBe('请填写更正原因');
    const corrected = envelopeOf(
      await json(caiwu, 'POST', `/api/v1/settlementsheets/${original.id}/correct`, { reason: '补记5月26日打款' }),
    );
    expect(corrected.code).toBe(1020000);
    expect(corrected.content.sheetNo).toBe(`${original.sheetNo}-1`);
    const rows = await sheetsOfMonth();
    const old = rows.find((row) => row.id === original.id);
    const fresh = rows.find((row) => row.id === corrected.content.id);
    expect(old).toMatchObject({ status: 1, payoutAmount: 300 * Y, closingBalance: 1_305 * Y });
    expect(old?.correctedByNo).toBe(fresh?.sheetNo);
    expect(fresh).toMatchObject({ status: 0, payoutAmount: 304 * Y, closingBalance: 1_301 * Y });
    const one = envelopeOf(await caiwu.get(`/api/v1/settlementsheets/${fresh?.id}`));
    expect(one.content).toMatchObject({ correctsNo: original.sheetNo, reason: '补记5月26日打款' });
    const twice = envelopeOf(
      await json(caiwu, 'POST', `/api/v1/settlementsheets/${original.id}/correct`, { reason: '再次更正' }),
    );
    expect(twice.message).toBe(`该结算单已被 ${fresh?.sheetNo} 更正，请更正最新的结算单`);
  });

  it('downloads a sheet as PDF and as xlsx whose figures are the sheet’s', async () => {
    const [sheet] = await sheetsOfMonth();
    const pdf = await caiwu.get(`/api/v1/settlementsheets/${sheet.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain(encodeURIComponent(sheet.sheetNo));
    const xlsx = await caiwu.get(`/api/v1/settlementsheets/${sheet.id}/xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = new Map<string, unknown>();
    workbook.worksheets[0].eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(3).value));
    expect(cells.get('期初余额')).toBe(1_000);
    expect(cells.get('加：充值')).toBe(511);
    expect(cells.get('减：批量打款')).toBe(300);
    expect(cells.get('减：服务费')).toBe(6);
    expect(cells.get('加：失败退回')).toBe(100);
    expect(cells.get('期末余额')).toBe(1_305);
  });

  it('validates its input and keeps to the caller’s scope', async () => {
    const current = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const cases: [unknown, string][] = [
      [{ month: current }, '只能为已结束的月份生成结算单'],
      [{ month: '2020-13' }, '结算月份格式不正确，应为 YYYY-MM'],
      [{}, '请选择结算月份'],
      [{ month: MONTH, platformmark: 2 }, '版本格式不正确'],
      [{ month: MONTH, companyId: 'x' }, '企业编号格式不正确'],
      [{ month: '1999-01' }, '所选月份没有需要结算的企业'],
    ];
    for (const [body, message] of cases) {
      const answer = envelopeOf(await json(caiwu, 'POST', '/api/v1/settlementsheets/generate', body));
      expect(answer.message, JSON.stringify(body)).toBe(message);
    }
    const bad = await caiwu({ method: 'POST', url: '/api/v1/settlementsheets/generate', payload: '[1,2]' });
    expect(bad.statusCode).toBeLessThan(500);
    expect((await caiwu.get('/api/v1/settlementsheets/abc/pdf')).statusCode).toBeLessThan(500);
    expect(envelopeOf(await caiwu.get('/api/v1/settlementsheets/99999/pdf')).message).toBe('结算单不存在');

    const merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
    expect((await merchant.get('/api/v1/settlementsheets/search?page=0&size=10')).statusCode).toBe(403);
    const [sheet] = await sheetsOfMonth();
    // hehuoren is confined to department 2; the sheet's company is in department 1.
    const partner = authed(test.app, await tokenOf(test.app, 'hehuoren'));
    await test.db
      .insertInto('user_authorities')
      .values({ user_id: await userId('hehuoren'), authority: 'UI_SETTLEMENT_SHEET' })
      .execute();
    expect((await partner.get(`/api/v1/settlementsheets/${sheet.id}/pdf`)).statusCode).toBe(403);
    expect(await sheetsOfMonth(partner)).toHaveLength(0);
  });
});

async function userId(username: string): Promise<number> {
  const row = await test.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return Number(row.id);
}
