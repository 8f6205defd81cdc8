import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as grantFullIdToAdmins } from '../../server/db/migrations/125_tax_export_full_id';
import { chinaTime } from '../../server/db/time';
import { ITEM } from '../../src/domain/moneyEnums';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 税费计算's ID numbers: masked on the page and in the export like every other export; the full
 * numbers, which tax filing needs, only through `…/export?fullId=1` for UI_TAX_EXPORT_FULL_ID, each such export in
 * the operation log.
 */
let t: TestApp;
const MONTH = '2031-09';
const ZHANG = '11010519491231002X';
const LI = '110105194912310037';
/** The masked form, written out here rather than taken from the masking helper. */
const ZHANG_MASKED = '110105********002X';
const LI_MASKED = '110105********0037';

async function paid(name: string, idCard: string, amount: number, finish: string) {
  await t.db
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
      status: ITEM.succeeded,
      fail_reason: null,
      create_time: finish,
      finish_time: finish,
      // The month the income belongs to (the submission's); written without withholding, as earlier items were.
      tax_month: finish.slice(0, 7),
    })
    .execute();
}

/** A 税费计算 user who holds UI_TAX_COLLECTION but not UI_TAX_EXPORT_FULL_ID. */
async function taxClerk(): Promise<AuthedClient> {
  const hash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'caiwu').executeTakeFirstOrThrow()
  ).password_hash;
  const row = await t.db
    .insertInto('users')
    .values({
      username: 'taxClerk',
      mobile: '13700009931',
      password_hash: hash,
      role_id: 5,
      company_id: null,
      platform_mark: 1,
      display_name: '报税助理',
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_authorities')
    .values(
      ['ADM_HOME', 'ADM_STATISTICS_CORE', 'UI_TAX_COLLECTION'].map((authority) => ({ user_id: row.id, authority })),
    )
    .execute();
  return authed(t.app, await tokenOf(t.app, 'taxClerk'));
}

async function idColumn(response: { statusCode: number; rawPayload: Buffer }): Promise<string[]> {
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  let headerRow = 0;
  sheet.eachRow((row, index) => {
    if (!headerRow && (row.values as unknown[]).includes('身份证号')) headerRow = index;
  });
  const column = (sheet.getRow(headerRow).values as unknown[]).indexOf('身份证号');
  const ids: string[] = [];
  for (let index = headerRow + 1; index <= sheet.rowCount; index += 1) {
    const value = sheet.getRow(index).getCell(column).value;
    if (value) ids.push(String(value));
  }
  return ids;
}

async function fullIdLogRows() {
  return t.db
    .selectFrom('operation_logs')
    .select(['username', 'action', 'resource', 'changes'])
    .where('action', '=', '导出完整身份证号')
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await paid('张三', ZHANG, 30_000 * 10_000, `${MONTH}-02 10:00:00`);
  await paid('李四', LI, 3_000 * 10_000, `${MONTH}-15 10:00:00`);
});
afterAll(async () => t?.close());

describe('税费计算 ID numbers', () => {
  it('the page and the plain export mask them, for every holder of the page', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const page = envelopeOf(await caiwu.get(`/api/v1/statistics/tax?platformmark=1&month=${MONTH}&page=0&size=10`));
    expect(page.code, page.message).toBe(1020000);
    expect(page.content.content.map((row: { idCard: string }) => row.idCard)).toEqual([ZHANG_MASKED, LI_MASKED]);
    expect(await idColumn(await caiwu.get(`/api/v1/statistics/tax/export?platformmark=1&month=${MONTH}`))).toEqual([
      ZHANG_MASKED,
      LI_MASKED,
    ]);
    expect(await fullIdLogRows()).toEqual([]);
  });

  it('fullId=1 writes them whole for UI_TAX_EXPORT_FULL_ID (财务 by default) and logs each export', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const url = `/api/v1/statistics/tax/export?platformmark=1&month=${MONTH}&fullId=1`;
    const first = await caiwu.get(url);
    expect(first.headers['content-disposition']).toContain(encodeURIComponent('完整身份证号'));
    expect(await idColumn(first)).toEqual([ZHANG, LI]);
    expect(await idColumn(await caiwu.get(`${url}&q=name:${encodeURIComponent('李')}`))).toEqual([LI]);
    const logged = await fullIdLogRows();
    expect(logged).toHaveLength(2);
    expect(logged.every((row) => row.username === 'caiwu' && row.resource === 'adTaxCalculation')).toBe(true);
    expect(JSON.parse(logged[0].changes)).toMatchObject({
      页面: [null, '税费计算'],
      版本: [null, '标准版'],
      月份: [null, MONTH],
      导出人数: [null, 2],
    });
    expect(JSON.parse(logged[1].changes)).toMatchObject({ 姓名筛选: [null, '李'], 导出人数: [null, 1] });
  });

  it('a holder of the page without the code who asks for fullId=1 is refused, and nothing is logged', async () => {
    const clerk = await taxClerk();
    const before = (await fullIdLogRows()).length;
    const denied = await clerk.get(`/api/v1/statistics/tax/export?platformmark=1&month=${MONTH}&fullId=1`);
    expect(denied.statusCode).toBe(403);
    expect(envelopeOf(denied).message).toBe('无权导出完整身份证号');
    expect(await idColumn(await clerk.get(`/api/v1/statistics/tax/export?platformmark=1&month=${MONTH}`))).toEqual([
      ZHANG_MASKED,
      LI_MASKED,
    ]);
    expect(await fullIdLogRows()).toHaveLength(before);
  });

  it('a user let in by TAX_CALCULATION_USER_IDS alone gets masked numbers only', async () => {
    const kefuId = Number(
      (await t.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow()).id,
    );
    // The setting, as TAX_CALCULATION_USER_IDS=<kefu's id> would give it.
    t.config.taxCalculationUserIds.push(kefuId);
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    expect(await idColumn(await kefu.get(`/api/v1/statistics/tax/export?month=${MONTH}`))).toEqual([
      ZHANG_MASKED,
      LI_MASKED,
    ]);
    expect((await kefu.get(`/api/v1/statistics/tax/export?month=${MONTH}&fullId=1`)).statusCode).toBe(403);
  });

  it('a malformed fullId is a clear message, never a 500', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    for (const value of ['2', 'true', 'x']) {
      const answer = await caiwu.get(`/api/v1/statistics/tax/export?month=${MONTH}&fullId=${value}`);
      expect(answer.statusCode).toBeLessThan(500);
      expect(envelopeOf(answer)).toMatchObject({ code: 1040400, message: 'fullId 只能是 0 或 1' });
    }
  });

  it('migration 125 gives an older database the code on the admin role and its users, once', async () => {
    const admin = await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.deleteFrom('role_permissions').where('code', '=', 'UI_TAX_EXPORT_FULL_ID').execute();
    await t.db.deleteFrom('user_authorities').where('authority', '=', 'UI_TAX_EXPORT_FULL_ID').execute();
    await grantFullIdToAdmins(t.db);
    await grantFullIdToAdmins(t.db);
    const roles = await t.db
      .selectFrom('role_permissions')
      .select('role_id')
      .where('code', '=', 'UI_TAX_EXPORT_FULL_ID')
      .execute();
    expect(roles.map((row) => Number(row.role_id))).toEqual([1]);
    const holders = await t.db
      .selectFrom('user_authorities')
      .select('user_id')
      .where('authority', '=', 'UI_TAX_EXPORT_FULL_ID')
      .execute();
    expect(holders.map((row) => Number(row.user_id))).toEqual([Number(admin.id)]);
  });
});
