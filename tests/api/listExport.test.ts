import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMoneyManagement } from '../../resources/recharges';
import { chinaTime } from '../../server/db/time';
import { EXPORT_MSG } from '../../server/engine/listExport';
import { downloadUrl } from '../../server/files/downloadUrls';
import { encodeQ } from '../../src/domain/query';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * GET /api/v1/exports/:name: the list's own rows, filters, sort and scope, as .xlsx with
 * numbers as numbers, dates as dates, Chinese headers and file names instead of internal paths, or as CSV.
 */

let t: TestApp;
let caiwu: AuthedClient;
let merchant: AuthedClient;
let admin: AuthedClient;
let kefu: AuthedClient;
const VOUCHER_NAME = '转账凭证-工行回单.png';
const AMOUNT_UNITS = 12_345_678_900; // 1 234 567.89 yuan
const SERIAL = `EXPORT${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  const now = chinaTime();
  await t.db
    .insertInto('recharges')
    .values({
      company_id: 1,
      platform_mark: 1,
      amount: AMOUNT_UNITS,
      payer_name: '导出测试付款人',
      payer_account: '6222020200000000000',
      bank_serial: SERIAL,
      voucher_url: downloadUrl(4242, VOUCHER_NAME),
      status: 0,
      create_time: now,
      applicant_id: 1,
    })
    .execute();
});

afterAll(async () => {
  await t?.close();
});

async function workbookOf(response: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function listTotal(client: AuthedClient, path: string): Promise<number> {
  const answer = envelopeOf(await client.get(path));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.totalElements;
}

describe('list export', () => {
  it('exports 资金管理 as .xlsx: Chinese headers, money as numbers, dates as dates, the voucher by its file name', async () => {
    const q = encodeQ({ bankSerial: SERIAL });
    const response = await caiwu.get(`/api/v1/exports/adMoneyManagement?format=xlsx&platformmark=1&q=${q}`);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(response.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(`资金管理-${chinaTime().slice(0, 10)}.xlsx`);

    const sheet = await workbookOf(response);
    const [header, ...rows] = rowsOf(sheet);
    const labels = adMoneyManagement.fields.filter((field) => field.source !== 'summary').map((field) => field.label);
    expect(header).toEqual(labels);
    expect(rows).toHaveLength(1);
    const cell = (label: string) => rows[0][labels.indexOf(label)];
    expect(cell('充值金额（元）')).toBe(1_234_567.89);
    expect(sheet.getColumn(labels.indexOf('充值金额（元）') + 1).numFmt).toBe('#,##0.00');
    expect(cell('转账凭证')).toBe(VOUCHER_NAME);
    expect(JSON.stringify(rows)).not.toContain('/api-v1/dl');
    expect(cell('状态')).toBe('待确认');
    expect(cell('提交时间')).toBeInstanceOf(Date);
    const stored = await t.db
      .selectFrom('recharges')
      .select('create_time')
      .where('bank_serial', '=', SERIAL)
      .executeTakeFirstOrThrow();
    expect((cell('提交时间') as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(
      String(stored.create_time).slice(0, 19),
    );
    expect(sheet.getColumn(labels.indexOf('企业名称') + 1).width).toBeGreaterThan(
      sheet.getColumn(labels.indexOf('状态') + 1).width ?? 0,
    );
  });

  it('exports every row the list has with the same filters (all pages), as CSV too', async () => {
    const total = await listTotal(caiwu, '/api/v1/recharges/search?platformmark=1&size=1');
    const xlsx = await caiwu.get('/api/v1/exports/adMoneyManagement?format=xlsx&platformmark=1&sort=createTime,desc');
    expect(rowsOf(await workbookOf(xlsx))).toHaveLength(total + 1);
    const csv = await caiwu.get('/api/v1/exports/adMoneyManagement?format=csv&platformmark=1');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF编号,企业名称,充值金额（元）')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    const ours = lines.find((line) => line.includes(SERIAL)) ?? '';
    expect(ours).toContain(',1234567.89,');
    expect(ours).toContain(VOUCHER_NAME);
    expect(ours).not.toContain('/api-v1/dl');
  });

  it("keeps the list's scope and permissions: a merchant gets only its own top-ups and not finance's list", async () => {
    const own = await listTotal(merchant, '/api/v1/recharges/search?size=1');
    const response = await merchant.get('/api/v1/exports/allRechargeRecord?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\r\n')).toHaveLength(own + 1);
    const companyOne = await t.db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('company_id', '=', 1)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect(own).toBe(Number(companyOne.n));
    const refused = await merchant.get('/api/v1/exports/adMoneyManagement?format=xlsx&platformmark=1');
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).code).not.toBe(1020000);
  });

  it("a department-scoped 客服 exports only its departments' companies, as the list shows", async () => {
    const scoped = await listTotal(kefu, '/api/v1/companies/search?size=1');
    const all = await listTotal(admin, '/api/v1/companies/search?size=1');
    expect(scoped).toBeLessThan(all);
    const response = await kefu.get('/api/v1/exports/adMerchant?format=csv');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.body.trim().split('\r\n')).toHaveLength(scoped + 1);
  });

  it('exports an engine-served list through the engine, with its permission check', async () => {
    const total = await listTotal(admin, '/api/v1/industry/search?size=1');
    const response = await admin.get('/api/v1/exports/adIndustrymanagement?format=xlsx');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const [header, ...rows] = rowsOf(await workbookOf(response));
    expect(header).toContain('行业名称');
    expect(rows).toHaveLength(total);
    expect((await merchant.get('/api/v1/exports/adIndustrymanagement?format=xlsx')).statusCode).toBe(403);
  });

  it('exports rates as percentages: a 0.00% number cell in .xlsx, 6.50% text in CSV, never 万分之', async () => {
    const enterprise = await t.db
      .selectFrom('enterprises')
      .select(['id', 'name'])
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('enterprises')
      .set({ rate_level1: 650, rate_level2: 600, rate_level3: 5 })
      .where('id', '=', enterprise.id)
      .execute();
    const q = encodeQ({ name: enterprise.name });
    const xlsx = await admin.get(`/api/v1/exports/adAgentmanagement?format=xlsx&q=${q}`);
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    const sheet = await workbookOf(xlsx);
    const [header, ...rows] = rowsOf(sheet);
    expect(header).toEqual(expect.arrayContaining(['普通用户费率', '优选VIP费率', '尊享VIP费率']));
    expect(JSON.stringify(header)).not.toContain('万分之');
    const ours = rows.find((row) => row.includes(enterprise.name)) ?? [];
    const column = (label: string) => (header as string[]).indexOf(label);
    expect(ours[column('普通用户费率')]).toBe(0.065);
    expect(ours[column('优选VIP费率')]).toBe(0.06);
    expect(ours[column('尊享VIP费率')]).toBe(0.0005);
    for (const label of ['普通用户费率', '优选VIP费率', '尊享VIP费率'])
      expect(sheet.getColumn(column(label) + 1).numFmt).toBe('0.00%');

    const csv = await admin.get(`/api/v1/exports/adAgentmanagement?format=csv&q=${q}`);
    const lines = csv.body.trim().split('\r\n');
    const titles = lines[0].replace('\uFEFF', '').split(',');
    const line = (lines.find((one) => one.includes(enterprise.name)) ?? '').split(',');
    expect(line[titles.indexOf('普通用户费率')]).toBe('6.50%');
    expect(line[titles.indexOf('优选VIP费率')]).toBe('6.00%');
    expect(line[titles.indexOf('尊享VIP费率')]).toBe('0.05%');
  });

  it('refuses an unknown list and an unknown format with a message', async () => {
    const unknown = envelopeOf(await admin.get('/api/v1/exports/nothingHere?format=xlsx'));
    expect(unknown.message).toBe(EXPORT_MSG.unknown);
    const format = envelopeOf(await admin.get('/api/v1/exports/adMoneyManagement?format=pdf&platformmark=1'));
    expect(format.message).toBe(EXPORT_MSG.format);
    const filter = envelopeOf(
      await caiwu.get(`/api/v1/exports/adMoneyManagement?platformmark=1&q=${encodeQ({ x: 1 })}`),
    );
    expect(filter.code).toBe(1040400);
  });

  it("refuses a control character or a direction override in the list's own filters before any row is read", async () => {
    for (const poison of ['%00', '%E2%80%AE1']) {
      const response = await caiwu.get(`/api/v1/exports/adMoneyManagement?format=xlsx&platformmark=${poison}`);
      expect(response.statusCode).toBeLessThan(500);
      const answer = envelopeOf(response);
      expect(answer.code, poison).toBe(1040400);
      expect(answer.message, poison).toMatch(/[\u4e00-\u9fff]/u);
    }
  });
});
