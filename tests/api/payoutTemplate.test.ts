import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBatchFile } from '../../server/money/payouts/batchFile';
import { PAYOUT_TEMPLATE_MSG } from '../../server/workers/payoutTemplate.routes';
import { PAYEE_MSG } from '../../src/domain/payees';
import { SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, csvFile, idCard } from '../support/batchFiles';
import { openpyxlSheets } from '../support/openpyxlSheets';
import { multipartRequest } from './support/multipart';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 导出打款模板 on /signUser (POST /api/v1/workers/payout_template): the company's signed workers as the payout
 * template, amount left empty; filled in, the file passes the real /remit upload. Another company's workers and
 * workers who have not signed never appear, whatever ids or filters are sent.
 */
let t: TestApp;
let merchant: AuthedClient;
let xgm: AuthedClient;
const OWN = range(920_000, 920_006);
const OTHER = range(920_100, 920_103);
const PENDING = 920_200;

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  await signPayees(t, { companyId: 1, platformMark: 1 }, OWN);
  await signPayees(t, { companyId: 2, platformMark: 3 }, OTHER);
  // One worker of company 1 who has not signed yet: imported, 待签署.
  const { payload, headers } = multipartRequest([
    {
      name: 'file',
      filename: '人员.csv',
      content: csvFile([['周待签', idCard(PENDING), '13700920200', bankCard(PENDING), '招商银行']], {
        headers: ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'],
      }),
    },
  ]);
  const imported = envelopeOf(await merchant({ method: 'POST', url: '/api/v1/workers/import/sign', payload, headers }));
  expect(imported.code, imported.message).toBe(1020000);
}, 120_000);
afterAll(async () => t?.close());

const q = (pairs: Record<string, string>) =>
  encodeURIComponent(
    Object.entries(pairs)
      .map(([key, value]) => `${key}:${value}`)
      .join(';'),
  );

async function exported(client: AuthedClient, body: { ids?: number[] } = {}, query = 'format=xlsx') {
  return client({ method: 'POST', url: `/api/v1/workers/payout_template?${query}`, payload: body });
}

async function idOf(serial: number): Promise<number> {
  const row = await t.db
    .selectFrom('workers')
    .select('id')
    .where('id_card', '=', idCard(serial))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** ID numbers of the company's signed workers, read from the table itself. */
async function signedIdCards(companyId: number): Promise<Set<string>> {
  const rows = await t.db
    .selectFrom('workers')
    .select('id_card')
    .where('company_id', '=', companyId)
    .where('sign_status', '=', SIGN_STATUS.signed)
    .execute();
  return new Set(rows.map((row) => row.id_card));
}

/** The file with an amount typed on every payee row of 收款人. */
async function withAmounts(file: Buffer, amount: (rowNo: number) => number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('收款人');
  if (!sheet) throw new Error('no sheet 收款人');
  const amountColumn = (sheet.getRow(1).values as unknown[]).indexOf('金额（元）');
  sheet.eachRow((row, rowNo) => {
    if (rowNo > 1) row.getCell(amountColumn).value = amount(rowNo);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function validate(file: Buffer) {
  const { payload, headers } = multipartRequest([{ name: 'file', filename: '打款.xlsx', content: file }]);
  return envelopeOf(await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }));
}

describe('导出打款模板', () => {
  it('fills the template with every signed worker of the company only, amount empty (openpyxl reads it)', async () => {
    const response = await exported(merchant);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('批量打款模板-已签署人员.xlsx'));
    const rows = await parseBatchFile('t.xlsx', response.rawPayload);
    const ids = rows.map((row) => row.values.idCard);
    expect(new Set(ids)).toEqual(await signedIdCards(1));
    for (const serial of OWN) expect(ids).toContain(idCard(serial));
    for (const serial of [...OTHER, PENDING]) expect(ids).not.toContain(idCard(serial));
    expect(rows.every((row) => row.values.amount === '')).toBe(true);
    const own = rows.find((row) => row.values.idCard === idCard(OWN[0]));
    expect(own?.values).toMatchObject({ bankCard: bankCard(OWN[0]), mobile: `139${String(OWN[0]).padStart(8, '0')}` });

    const sheets = openpyxlSheets(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['收款人', '填写示例']);
    const [header, ...body] = sheets[0].rows;
    expect(header).toEqual(['姓名', '身份证号', '银行卡号', '手机号', '金额（元）', '备注', '收款方式', '支付宝账号']);
    expect(body).toHaveLength(rows.length);
    // Workers stored before 收款方式 existed are paid to their bank card.
    expect(new Set(body.map((row) => row[6]))).toEqual(new Set(['银行卡']));
    // The 18-digit id is text in the file, not a number Excel would round.
    const at = body.findIndex((row) => row[1] === idCard(OWN[0]));
    expect(sheets[0].formats[at + 1][1]).toBe('@');
    expect(body[at][4]).toBeNull();
  });

  it('filled with amounts it passes the /remit upload; left empty every row asks for its amount', async () => {
    const file = (await exported(merchant, {}, `format=xlsx&q=${q({ name: '测试人员' })}`)).rawPayload;
    const count = (await parseBatchFile('t.xlsx', file)).length;
    expect(count).toBeGreaterThanOrEqual(OWN.length);
    const empty = await validate(file);
    expect(empty.code).toBe(1040400);
    expect(new Set(empty.content.errors.map((error: { message: string }) => error.message))).toEqual(
      new Set([PAYEE_MSG.amountRequired]),
    );
    const answer = await validate(await withAmounts(file, (rowNo) => 100 + rowNo));
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.itemCount).toBe(count);
  });

  it('takes the picked workers only, and never another company’s, even by their ids', async () => {
    const picked = [await idOf(OWN[1]), await idOf(OWN[3])];
    const rows = await parseBatchFile('t.xlsx', (await exported(merchant, { ids: picked })).rawPayload);
    expect(rows.map((row) => row.values.idCard).sort()).toEqual([idCard(OWN[1]), idCard(OWN[3])].sort());

    const others = await Promise.all(OTHER.map(idOf));
    const mixed = await parseBatchFile(
      't.xlsx',
      (await exported(merchant, { ids: [...others, picked[0]] })).rawPayload,
    );
    expect(mixed.map((row) => row.values.idCard)).toEqual([idCard(OWN[1])]);

    const foreign = envelopeOf(await exported(merchant, { ids: others }));
    expect(foreign.message).toBe(PAYOUT_TEMPLATE_MSG.nobody);
    const pending = envelopeOf(await exported(merchant, { ids: [await idOf(PENDING)] }));
    expect(pending.message).toBe(PAYOUT_TEMPLATE_MSG.nobody);

    // The other company's merchant gets its own workers, none of company 1's.
    const theirs = await parseBatchFile('t.csv', (await exported(xgm, {}, 'format=csv')).rawPayload);
    const theirIds = theirs.map((row) => row.values.idCard);
    expect(new Set(theirIds)).toEqual(await signedIdCards(2));
    for (const serial of OWN) expect(theirIds).not.toContain(idCard(serial));
  });

  it('follows the list filters, refuses unknown ones, and is written in the operation log', async () => {
    const byId = await parseBatchFile(
      't.xlsx',
      (await exported(merchant, {}, `format=xlsx&q=${q({ idCard: idCard(OWN[2]) })}`)).rawPayload,
    );
    expect(byId.map((row) => row.values.idCard)).toEqual([idCard(OWN[2])]);
    const pendingOnly = envelopeOf(await exported(merchant, {}, `format=xlsx&q=${q({ signStatus: '0' })}`));
    expect(pendingOnly.message).toBe(PAYOUT_TEMPLATE_MSG.nobody);
    expect(envelopeOf(await exported(merchant, {}, `format=xlsx&q=${q({ companyName: 'x' })}`)).message).toContain(
      '不支持的查询条件',
    );
    expect(envelopeOf(await exported(merchant, {}, 'format=pdf')).message).toBe('模板格式只能是 xlsx 或 csv');

    const logged = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'record_title', 'changes', 'username'])
      .where('action', '=', '导出打款模板')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.username).toBe('merchant');
    expect(logged.record_title).toBe('1名已签署人员');
    expect(JSON.parse(logged.changes)).toMatchObject({ 人数: [null, 1], 范围: [null, '列表筛选结果'] });
  });

  it('is for merchants only', async () => {
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    expect((await exported(admin)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/workers/payout_template', payload: {} })).statusCode,
    ).toBe(401);
  });
});
