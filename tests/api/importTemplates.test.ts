import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_FILE_MSG } from '../../src/domain/payoutBatch';
import {
  TEMPLATE_EXAMPLE_MSG,
  TEMPLATE_EXAMPLE_PERSON,
  TEMPLATE_EXAMPLE_SHEET,
} from '../../src/domain/templateExample';
import { WORKER_MSG } from '../../src/domain/workers';
import { bankCard, csvFile, HEADERS, idCard, payee } from '../support/batchFiles';
import { openpyxlSheets } from '../support/openpyxlSheets';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The import templates a merchant downloads (批量打款模板 on /remit, 人员导入模板 on the worker import pages): the
 * data sheet holds only the header, the example person (张三) sits on the sheet 「填写示例」 that no upload reads,
 * and a row that is the example, left in a template downloaded before it moved, is refused by name.
 */
let t: TestApp;
let merchant: AuthedClient;
const SERIAL = 910_000;
const WORKER_HEADERS = ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'];
/** The templates also carry how a person is paid (收款方式, blank = 银行卡) and the Alipay account, after the rest. */
const PAYEE_COLUMNS = ['收款方式', '支付宝账号'];
const PAYOUT_TEMPLATE_HEADERS = [...HEADERS, ...PAYEE_COLUMNS];
const WORKER_TEMPLATE_HEADERS = [...WORKER_HEADERS, ...PAYEE_COLUMNS];
const EXAMPLE_PAYEE = [
  TEMPLATE_EXAMPLE_PERSON.name,
  TEMPLATE_EXAMPLE_PERSON.idCard,
  TEMPLATE_EXAMPLE_PERSON.bankCard,
  TEMPLATE_EXAMPLE_PERSON.mobile,
  '1000.00',
  '6月劳务报酬',
];
const EXAMPLE_WORKER = [
  TEMPLATE_EXAMPLE_PERSON.name,
  TEMPLATE_EXAMPLE_PERSON.idCard,
  TEMPLATE_EXAMPLE_PERSON.mobile,
  TEMPLATE_EXAMPLE_PERSON.bankCard,
  '中国工商银行',
];

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  // The example person signed: a refusal below is the example rule's, not 未签约's.
  await signPayees(t, { companyId: 1, platformMark: 1 }, [SERIAL, SERIAL + 1], [TEMPLATE_EXAMPLE_PERSON.idCard]);
}, 120_000);
afterAll(async () => t?.close());

async function upload(url: string, content: Buffer, filename: string) {
  const { payload, headers } = multipartRequest([{ name: 'file', filename, content }]);
  const response = await merchant({ method: 'POST', url, payload, headers });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

const validatePayout = (content: Buffer, filename: string) =>
  upload('/api/v1/remittances/batch/validate', content, filename);
const importWorkers = (content: Buffer, filename: string) => upload('/api/v1/workers/import/sign', content, filename);

/** The downloaded workbook with `rows` typed under the header of its sheet `sheetName`. */
async function filledIn(template: Buffer, sheetName: string, rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function workerCount(): Promise<number> {
  return envelopeOf(await merchant.get('/api/v1/workers/search?size=1')).content.totalElements;
}

describe('批量打款模板', () => {
  it('openpyxl reads a data sheet with only the header and the example on 「填写示例」', async () => {
    const response = await merchant.get('/api/v1/remittances/template?format=xlsx');
    expect(response.statusCode).toBe(200);
    const sheets = openpyxlSheets(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['收款人', TEMPLATE_EXAMPLE_SHEET]);
    expect(sheets[0].rows).toEqual([PAYOUT_TEMPLATE_HEADERS]);
    // Digit columns are text, so Excel keeps an 18-digit id as typed.
    expect(sheets[0].formats[0].slice(0, 4)).toEqual(['@', '@', '@', '@']);
    expect(sheets[1].rows[0]).toEqual(PAYOUT_TEMPLATE_HEADERS);
    // The example pays a bank card: 收款方式 银行卡, no Alipay account.
    expect(sheets[1].rows[1]).toEqual([...EXAMPLE_PAYEE, '银行卡', null]);
    expect(sheets[1].rows.at(-1)?.[0]).toContain('上传时不会读取');
  });

  it('uploaded as downloaded it pays nobody; with a real row typed in, it pays that row only', async () => {
    const template = (await merchant.get('/api/v1/remittances/template?format=xlsx')).rawPayload;
    const untouched = await validatePayout(template, '批量打款模板.xlsx');
    expect(untouched.code).toBe(1040400);
    expect(untouched.message).toBe(BATCH_FILE_MSG.noRows);

    const filled = await validatePayout(await filledIn(template, '收款人', [payee(SERIAL)]), '批量打款.xlsx');
    expect(filled.code, filled.message).toBe(1020000);
    expect(filled.content.itemCount).toBe(1);
    expect(filled.content.rows.map((row: { name: string }) => row.name)).toEqual([payee(SERIAL)[0]]);
  });

  it('the CSV template is the header alone', async () => {
    const response = await merchant.get('/api/v1/remittances/template?format=csv');
    expect(response.rawPayload.subarray(3).toString('utf8')).toBe(`${PAYOUT_TEMPLATE_HEADERS.join(',')}\r\n`);
    expect((await validatePayout(response.rawPayload, '批量打款模板.csv')).message).toBe(BATCH_FILE_MSG.noRows);
  });

  it('refuses the example row of an older template, as CSV and as .xlsx, even with another amount', async () => {
    const old = csvFile([payee(SERIAL), EXAMPLE_PAYEE, payee(SERIAL + 1)]);
    const answer = await validatePayout(old, '旧模板.csv');
    expect(answer.code).toBe(1040400);
    expect(answer.content.errors).toEqual([{ rowNo: 3, field: 'name', message: TEMPLATE_EXAMPLE_MSG }]);

    const edited = [...EXAMPLE_PAYEE];
    edited[4] = '88.00';
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('收款人');
    sheet.addRow([...HEADERS]);
    sheet.addRow(edited);
    const xlsx = await validatePayout(Buffer.from(await workbook.xlsx.writeBuffer()), '旧模板.xlsx');
    expect(xlsx.content.errors).toEqual([{ rowNo: 2, field: 'name', message: TEMPLATE_EXAMPLE_MSG }]);
  });
});

describe('人员导入模板', () => {
  it('openpyxl reads a data sheet with only the header and the example on 「填写示例」', async () => {
    const response = await merchant.get('/api/v1/workers/template?format=xlsx');
    expect(response.statusCode).toBe(200);
    const sheets = openpyxlSheets(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['人员', TEMPLATE_EXAMPLE_SHEET]);
    expect(sheets[0].rows).toEqual([WORKER_TEMPLATE_HEADERS]);
    expect(sheets[1].rows[1]).toEqual([...EXAMPLE_WORKER, '银行卡', '']);
    const csv = await merchant.get('/api/v1/workers/template?format=csv');
    expect(csv.rawPayload.subarray(3).toString('utf8')).toBe(`${WORKER_TEMPLATE_HEADERS.join(',')}\r\n`);
  });

  it('imports nobody as downloaded, only the typed-in person when filled, and refuses an old example row', async () => {
    const template = (await merchant.get('/api/v1/workers/template?format=xlsx')).rawPayload;
    const before = await workerCount();
    const untouched = await importWorkers(template, '人员导入模板.xlsx');
    expect(untouched.message).toBe(WORKER_MSG.noRows);

    const person = ['孙测试', idCard(SERIAL + 50), '13700910050', bankCard(SERIAL + 50), '招商银行'];
    const old = await importWorkers(csvFile([person, EXAMPLE_WORKER], { headers: WORKER_HEADERS }), '旧模板.csv');
    expect(old.code).toBe(1040400);
    expect(old.content.errors).toEqual([{ rowNo: 3, field: 'name', message: TEMPLATE_EXAMPLE_MSG }]);
    expect(await workerCount()).toBe(before);

    const filled = await importWorkers(await filledIn(template, '人员', [person]), '人员.xlsx');
    expect(filled.code, filled.message).toBe(1020000);
    expect(filled.content.count).toBe(1);
    expect(await workerCount()).toBe(before + 1);
  });
});
