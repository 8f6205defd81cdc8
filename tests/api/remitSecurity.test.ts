import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { PAYEE_MSG } from '../../src/domain/payees';
import { BATCH_FILE_MSG, SUBMIT_MSG } from '../../src/domain/payoutBatch';
import { csvFile, payee } from '../support/batchFiles';
import { headerRow, inlineRow, repeated, workbookOf } from '../support/xlsxBombs';
import { multipartRequest } from './support/multipart';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The attacks on batch payout uploads, each as the probe ran it:
 * - finding 2: a ~100 KB .xlsx whose one cell inflates to 100 MB, and whitespace bombs, sent by a merchant to
 *   /batch/validate. Each is refused with 1040400 文件内容过大或格式异常… and the server answers the next request;
 * - finding 7: "10,00" and "0,50" in the amount column were paid as 1 000.00 and 50.00 yuan;
 * - finding 11: every validated upload was kept for a day, however many.
 */

const MB = 1024 * 1024;
let test: TestApp;
let merchant: AuthedClient;

beforeAll(async () => {
  test = await createTestApp();
  // Payouts go only to signed workers: the payees this file uploads have signed.
  for (const company of [{ companyId: 1, platformMark: 1 }])
    await signPayees(test, company, [...range(0, 200), ...range(2000, 2500), ...range(3000, 3200)]);
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
});
afterAll(async () => test?.close());

async function validate(file: Buffer, filename: string) {
  const { payload, headers } = multipartRequest([{ name: 'file', filename, content: file }]);
  const started = performance.now();
  const response = await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers });
  expect(response.statusCode).toBe(200);
  return { ...envelopeOf(response), ms: performance.now() - started };
}

/** The server still reads a normal file and answers an ordinary request. */
async function expectServerAlive(serial: number) {
  const clean = await validate(csvFile([payee(serial), payee(serial + 1)]), '正常.csv');
  expect(clean.code, clean.message).toBe(1020000);
  expect(clean.content.itemCount).toBe(2);
  const template = await merchant({ method: 'GET', url: '/api/v1/remittances/template?format=csv' });
  expect(template.statusCode).toBe(200);
}

/** A row whose name cell holds `count` copies of `text` (inline string, never one string in the test). */
function giantInlineRow(rowNo: number, text: string, count: number): Iterable<string> {
  return [`<row r="${rowNo}"><c r="A${rowNo}" t="inlineStr"><is><t>`, ...repeated(text, count), '</t></is></c></row>'];
}

describe('upload bombs (finding 2)', () => {
  it('the hand-built workbooks themselves are read like any other file', async () => {
    // The control: the same builder without a bomb gives a clean preview, so a refusal below is the bomb's doing.
    const file = workbookOf({ sheetData: [headerRow(), inlineRow(2, payee(11)), inlineRow(3, payee(12))] });
    const answer = await validate(file, '对照.xlsx');
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.itemCount).toBe(2);
    expect(answer.content.rows[0].name).toBe(payee(11)[0]);
  });

  it('refuses an .xlsx whose one shared string inflates to 100 MB, and the server carries on', async () => {
    const file = workbookOf({
      sheetData: [headerRow(), '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'],
      sharedStrings: ['<si><t>', ...repeated('A', 100 * MB), '</t></si>'],
    });
    expect(file.length).toBeLessThan(200 * 1024);
    const answer = await validate(file, '炸弹.xlsx');
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(BATCH_FILE_MSG.overLimit);
    await expectServerAlive(20);
  });

  it('refuses a 100 MB inline cell whose zip headers claim 1 KB', async () => {
    const file = workbookOf({
      sheetData: [headerRow(), ...giantInlineRow(2, 'A', 100 * MB)],
      sheetDeclaredSize: 1024,
    });
    const answer = await validate(file, '炸弹2.xlsx');
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(BATCH_FILE_MSG.overLimit);
    await expectServerAlive(30);
  });

  it('refuses whitespace bombs quickly: one run of 60 MB between two tags, and in a cell', async () => {
    const between = workbookOf({ sheetData: [headerRow(), ...repeated(' ', 60 * MB), inlineRow(2, payee(40))] });
    const inCell = workbookOf({ sheetData: [headerRow(), ...giantInlineRow(2, ' \t', 30 * MB)] });
    for (const file of [between, inCell]) {
      expect(file.length).toBeLessThan(200 * 1024);
      const answer = await validate(file, '空白.xlsx');
      expect(answer.code).toBe(1040400);
      expect(answer.message).toBe(BATCH_FILE_MSG.overLimit);
      expect(answer.ms).toBeLessThan(5000);
    }
    await expectServerAlive(50);
  });

  it('refuses a sheet of a million blank rows', async () => {
    const blankRows = workbookOf({
      sheetData: [headerRow(), ...repeated('<row/>', 1_000_000), inlineRow(2, payee(60))],
    });
    const answer = await validate(blankRows, '空行.xlsx');
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(BATCH_FILE_MSG.overLimit);
  });

  it('gives CSV the same caps: a cell past 32 767 characters, more than 100 000 lines', async () => {
    const longCell = csvFile([payee(70, { 备注: 'x'.repeat(40_000) })]);
    const long = await validate(longCell, '长单元格.csv');
    expect(long.code).toBe(1040400);
    expect(long.message).toBe(BATCH_FILE_MSG.overLimit);

    const lines = Buffer.concat([csvFile([payee(71)]), Buffer.from('\r\n'.repeat(100_001))]);
    const many = await validate(lines, '空行.csv');
    expect(many.code).toBe(1040400);
    expect(many.message).toBe(BATCH_FILE_MSG.overLimit);
    await expectServerAlive(72);
  });

  it('refuses bombs sent in parallel while a clean upload among them goes through', async () => {
    const bomb = workbookOf({ sheetData: [headerRow(), ...giantInlineRow(2, 'B', 50 * MB)] });
    const clean = csvFile(Array.from({ length: 500 }, (_, index) => payee(2000 + index)));
    const answers = await Promise.all([
      validate(bomb, 'a.xlsx'),
      validate(bomb, 'b.xlsx'),
      validate(clean, '正常.csv'),
      validate(bomb, 'c.xlsx'),
    ]);
    expect(answers.map((answer) => answer.message)).toEqual([
      BATCH_FILE_MSG.overLimit,
      BATCH_FILE_MSG.overLimit,
      // The file's earlier uploads may push older drafts out, which the answer then names after this.
      expect.stringMatching(/^文件校验通过，共 500 笔(；|$)/),
      BATCH_FILE_MSG.overLimit,
    ]);
  });
});

describe('amounts with commas (finding 7)', () => {
  it('refuses a decimal comma with the row and its reason, and reads thousands separators', async () => {
    const file = csvFile([
      payee(80, { '金额（元）': '10,00' }),
      payee(81, { '金额（元）': '0,50' }),
      payee(82, { '金额（元）': '1,234.56' }),
      payee(83, { '金额（元）': '12,345' }),
    ]);
    const refused = await validate(file, '逗号.csv');
    expect(refused.code).toBe(1040400);
    expect(refused.message).toBe(BATCH_FILE_MSG.badRows(2));
    expect(refused.content.errors).toEqual([
      { rowNo: 2, field: 'amount', message: PAYEE_MSG.amountComma },
      { rowNo: 3, field: 'amount', message: PAYEE_MSG.amountComma },
    ]);

    const accepted = await validate(
      csvFile([payee(82, { '金额（元）': '1,234.56' }), payee(83, { '金额（元）': '12,345' })]),
      '千分位.csv',
    );
    expect(accepted.code, accepted.message).toBe(1020000);
    // 1 234.56 + 12 345.00 yuan, in units of 1/10000 yuan.
    expect(accepted.content.totalAmount).toBe(12_345_600 + 123_450_000);
  });
});

describe('open drafts per company (finding 11)', () => {
  async function openDrafts(): Promise<number[]> {
    const rows = await test.db
      .selectFrom('payout_drafts')
      .select('id')
      .where('company_id', '=', 1)
      .where('batch_id', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  async function upload(serial: number): Promise<number> {
    const answer = await validate(csvFile([payee(serial, { '金额（元）': '1.00' })]), `草稿${serial}.csv`);
    expect(answer.code, answer.message).toBe(1020000);
    return answer.content.draftId;
  }

  async function submit(draftId: number) {
    const response = await merchant({
      method: 'POST',
      url: '/api/v1/remittances/batch/submit',
      payload: { draftId, payPassword: DEMO_PAYMENT_PASSWORD },
    });
    return envelopeOf(response);
  }

  it('keeps the newest 5 open drafts of a company and drops the older ones (20 uploads)', async () => {
    const uploaded: number[] = [];
    for (let round = 0; round < 20; round += 1) uploaded.push(await upload(3000 + round));
    expect(await openDrafts()).toEqual(uploaded.slice(-5));

    // A dropped draft cannot be paid; the merchant is told to upload again.
    const dropped = await submit(uploaded[0]);
    expect(dropped.code).toBe(1040400);
    expect(dropped.message).toBe(SUBMIT_MSG.draftMissing);

    // A submitted draft is never dropped: it keeps answering its batch (no second payment).
    const paid = await submit(uploaded[15]);
    expect(paid.code, paid.message).toBe(1020000);
    for (let round = 0; round < 6; round += 1) await upload(3100 + round);
    const again = await submit(uploaded[15]);
    expect(again.code, again.message).toBe(1020000);
    expect(again.content.duplicate).toBe(true);
    expect(again.content.batchNo).toBe(paid.content.batchNo);
    expect((await openDrafts()).length).toBe(5);
  });
});
