import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACKLISTED_ID_CARD, DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { parseBatchFile } from '../../server/money/payouts/batchFile';
import { MSG_CARD_REJECTED } from '../../server/money/payouts/payoutChannel';
import { itemServiceCharge } from '../../src/domain/charges';
import { ABNORMAL, BATCH, ITEM, LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { duplicateMessage, PAYEE_MSG } from '../../src/domain/payees';
import { BATCH_FILE_MSG, BATCH_MAX_BYTES, MAX_OPEN_DRAFTS, SUBMIT_MSG } from '../../src/domain/payoutBatch';
import { bankCard, csvFile, HEADERS, idCard, payee, xlsxFile } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Batch payouts (/remit): template, validation, preview, submission (idempotent, never overdrawn), blacklist. */

let test: TestApp;
let merchant: AuthedClient;
let xgm: AuthedClient;
const MERCHANT = { companyId: 1, platformMark: 1 };
const MERCHANT_RATE = 600;

beforeAll(async () => {
  test = await createTestApp();
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  xgm = authed(test.app, await tokenOf(test.app, 'xgm', 3), 3);
  // Payouts go only to signed workers: the payees this file uploads have signed with companies 1 and 2.
  await signPayees(test, { companyId: 1, platformMark: 1 }, range(0, 31_000));
  await signPayees(test, { companyId: 2, platformMark: 3 }, [...range(0, 100), ...range(4500, 4510)]);
  await signPayees(test, { companyId: 3, platformMark: 3 }, [4201]);
});
afterAll(async () => test?.close());

async function validate(client: AuthedClient, file: Buffer, filename = '批量打款.csv') {
  const { payload, headers } = multipartRequest([{ name: 'file', filename, content: file }]);
  const response = await client({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function submit(
  client: AuthedClient,
  draftId: unknown,
  payPassword = DEMO_PAYMENT_PASSWORD,
  extra: Record<string, unknown> = {},
) {
  const response = await client({
    method: 'POST',
    url: '/api/v1/remittances/batch/submit',
    payload: { draftId, payPassword, ...extra },
  });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

/** A clean draft of these payee lines; fails the test if validation does not pass. */
async function draftOf(client: AuthedClient, rows: string[][]): Promise<number> {
  const answer = await validate(client, csvFile(rows));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.draftId as number;
}

/** Credits the account like a confirmed top-up: a recharges row and its ledger entry, in one transaction. */
async function credit(account: { companyId: number; platformMark: number }, units: number): Promise<void> {
  await test.db.transaction().execute(async (tx) => {
    const now = chinaTime();
    const row = await tx
      .insertInto('recharges')
      .values({
        company_id: account.companyId,
        platform_mark: account.platformMark,
        amount: units,
        payer_name: '测试付款人',
        payer_account: '6222020200000000000',
        bank_serial: `T${Date.now()}${Math.random().toString(36).slice(2, 10)}`,
        voucher_url: '/api-v1/dl?file=1',
        remark: null,
        status: RECHARGE.confirmed,
        applicant_id: 1,
        handler_id: 1,
        handle_time: now,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postEntries(
      tx,
      account,
      [{ kind: LEDGER.recharge, amount: units, refType: 'recharge', refId: Number(row.id), operatorId: 1 }],
      now,
    );
  });
}

async function count(table: 'payout_drafts' | 'payout_batches' | 'payout_items'): Promise<number> {
  const row = await test.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const yuan = (text: string) => Number(text.replace('.', '')) * 100;

describe('template', () => {
  it('downloads the .xlsx template, which validates once a real payee is typed under its header', async () => {
    const response = await merchant.get('/api/v1/remittances/template?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('批量打款模板.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    workbook.getWorksheet('收款人')?.addRow(payee(7));
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const rows = await parseBatchFile('t.xlsx', filled);
    expect(rows.map((row) => row.values.idCard)).toEqual([payee(7)[1]]);
    const answer = await validate(merchant, filled, '模板.xlsx');
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.itemCount).toBe(1);
  });

  it('downloads the CSV template with a UTF-8 BOM and the Chinese header row', async () => {
    const response = await merchant.get('/api/v1/remittances/template?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      [...HEADERS, '收款方式', '支付宝账号'].join(','),
    );
  });

  it('refuses an unknown format, and users without MER_INVOICE_APPLY', async () => {
    expect(envelopeOf(await merchant.get('/api/v1/remittances/template?format=pdf')).message).toBe(
      '模板格式只能是 xlsx 或 csv',
    );
    const caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
    expect((await caiwu.get('/api/v1/remittances/template?format=csv')).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/v1/remittances/template' })).statusCode).toBe(401);
  });
});

describe('validate', () => {
  it('answers the preview of a clean file and keeps it as a draft', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => payee(1000 + index));
    const balance = await balanceOf(test.db, MERCHANT);
    const drafts = await count('payout_drafts');
    const answer = await validate(merchant, csvFile(rows));
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.message).toBe('文件校验通过，共 250 笔');
    const amounts = rows.map((row) => yuan(row[4]));
    const totalAmount = amounts.reduce((sum, value) => sum + value, 0);
    const serviceCharge = amounts.reduce((sum, value) => sum + itemServiceCharge(value, MERCHANT_RATE), 0);
    expect(answer.content).toMatchObject({
      itemCount: 250,
      totalAmount,
      serviceCharge,
      total: totalAmount + serviceCharge,
      rate: MERCHANT_RATE,
      balance,
      balanceAfter: balance - totalAmount - serviceCharge,
      shortfall: Math.max(0, totalAmount + serviceCharge - balance),
    });
    expect(answer.content.rows).toHaveLength(200);
    // Masked as the payout records show them: the preview never echoes full numbers.
    expect(answer.content.rows[0]).toEqual({
      rowNo: 2,
      name: rows[0][0],
      idCard: `${rows[0][1].slice(0, 6)}********${rows[0][1].slice(-4)}`,
      bankCard: `****${rows[0][2].slice(-4)}`,
      mobile: rows[0][3],
      amount: amounts[0],
      remark: rows[0][5],
      // A file without 收款方式 pays bank cards.
      method: 'bankcard',
      alipayAccount: null,
      serviceCharge: itemServiceCharge(amounts[0], MERCHANT_RATE),
      // A first payment of 100–149 元 this year: 80% of it is below the month's 5 000 元 deduction, so no tax.
      taxAmount: 0,
      netAmount: amounts[0],
    });
    expect(answer.content).toMatchObject({ taxAmount: 0, netAmount: totalAmount });
    expect(await count('payout_drafts')).toBe(drafts + 1);
    const draft = await test.db
      .selectFrom('payout_drafts')
      .selectAll()
      .where('id', '=', answer.content.draftId)
      .executeTakeFirstOrThrow();
    expect(draft).toMatchObject({ company_id: 1, platform_mark: 1, item_count: 250, batch_id: null });
    expect(JSON.parse(draft.items)).toHaveLength(250);
  });

  it('reports every bad row with its reason and stores nothing', async () => {
    const good = payee(2000);
    const rows = [
      payee(2001, { 姓名: '' }), // row 2
      payee(2002, { 姓名: '张' }), // row 3
      payee(2003, { 身份证号: '' }), // row 4
      payee(2004, { 身份证号: '110101199001010011' }), // row 5: wrong check character
      payee(2005, { 银行卡号: '' }), // row 6
      payee(2006, { 银行卡号: '62220202' }), // row 7
      payee(2007, { 手机号: '12345' }), // row 8
      payee(2008, { '金额（元）': '' }), // row 9
      payee(2009, { '金额（元）': '12.345' }), // row 10
      payee(2010, { '金额（元）': '0' }), // row 11
      payee(2011, { '金额（元）': '100000.01' }), // row 12
      payee(2012, { 备注: '备'.repeat(51) }), // row 13
      payee(2013, { 身份证号: BLACKLISTED_ID_CARD }), // row 14
      good, // row 15
      [...good], // row 16: the same payee and card again
      payee(2014, { 姓名: '', 手机号: 'x' }), // row 17: two problems
    ];
    const drafts = await count('payout_drafts');
    const answer = await validate(merchant, csvFile(rows));
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe('文件中有 15 行数据有误，请修改后重新上传');
    expect(answer.content.badRowCount).toBe(15);
    expect(answer.content.rowCount).toBe(16);
    expect(answer.content.errors).toEqual([
      { rowNo: 2, field: 'name', message: PAYEE_MSG.nameRequired },
      { rowNo: 3, field: 'name', message: PAYEE_MSG.nameLength },
      { rowNo: 4, field: 'idCard', message: PAYEE_MSG.idRequired },
      { rowNo: 5, field: 'idCard', message: PAYEE_MSG.idInvalid },
      { rowNo: 6, field: 'bankCard', message: PAYEE_MSG.cardRequired },
      { rowNo: 7, field: 'bankCard', message: PAYEE_MSG.cardInvalid },
      { rowNo: 8, field: 'mobile', message: PAYEE_MSG.mobileInvalid },
      { rowNo: 9, field: 'amount', message: PAYEE_MSG.amountRequired },
      { rowNo: 10, field: 'amount', message: PAYEE_MSG.amountInvalid },
      { rowNo: 11, field: 'amount', message: PAYEE_MSG.amountPositive },
      { rowNo: 12, field: 'amount', message: PAYEE_MSG.amountTooLarge },
      { rowNo: 13, field: 'remark', message: PAYEE_MSG.remarkLength },
      { rowNo: 14, field: 'idCard', message: PAYEE_MSG.blacklisted },
      { rowNo: 16, field: 'idCard', message: duplicateMessage(15) },
      { rowNo: 17, field: 'name', message: PAYEE_MSG.nameRequired },
      { rowNo: 17, field: 'mobile', message: PAYEE_MSG.mobileInvalid },
    ]);
    expect(await count('payout_drafts')).toBe(drafts);
  });

  it('warns about a card failing the check digit, beside errors and in the preview; paying needs the acknowledgement', async () => {
    const wrongCard = bankCard(2101, false);
    const withError = await validate(
      merchant,
      csvFile([payee(2100, { '金额（元）': '0' }), payee(2101, { 银行卡号: wrongCard })]),
    );
    expect(withError.code).toBe(1040400);
    expect(withError.content.errors).toEqual([{ rowNo: 2, field: 'amount', message: PAYEE_MSG.amountPositive }]);
    expect(withError.content.warnings).toEqual([{ rowNo: 3, field: 'bankCard', message: PAYEE_MSG.cardCheckDigit }]);

    await credit(MERCHANT, 10_000_000);
    const rows = [payee(2102), payee(2103, { 银行卡号: wrongCard })];
    const preview = await validate(merchant, csvFile(rows));
    expect(preview.code, preview.message).toBe(1020000);
    expect(preview.content.warnings).toEqual([{ rowNo: 3, field: 'bankCard', message: PAYEE_MSG.cardCheckDigit }]);
    expect(preview.content.rows.map((row: { bankCard: string }) => row.bankCard)).toEqual([
      `****${rows[0][2].slice(-4)}`,
      `****${wrongCard.slice(-4)}`,
    ]);
    expect(JSON.stringify(preview.content)).not.toContain(rows[1][1]);
    expect(JSON.stringify(preview.content)).not.toContain(wrongCard);

    const refused = await submit(merchant, preview.content.draftId);
    expect(refused.message).toBe(SUBMIT_MSG.warningsUnaccepted(1));
    expect(
      (await submit(merchant, preview.content.draftId, DEMO_PAYMENT_PASSWORD, { acceptWarnings: 'yes' })).code,
    ).toBe(1040400);
    const paid = await submit(merchant, preview.content.draftId, DEMO_PAYMENT_PASSWORD, { acceptWarnings: true });
    expect(paid.code, paid.message).toBe(1020000);
    expect(paid.content.itemCount).toBe(2);
    // Let the bank settle this batch (its refund) here rather than inside a later test's balance check.
    await test.app.payouts.drain();

    // A file without warnings needs no acknowledgement.
    const clean = await validate(merchant, csvFile([payee(2104)]));
    expect(clean.content.warnings).toEqual([]);
    expect((await submit(merchant, clean.content.draftId)).code).toBe(1020000);
  });

  it('refuses a 10 000-row file with one bad row whole', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => payee(20_000 + index));
    rows[6789] = payee(26_789, { 银行卡号: 'abc' });
    const drafts = await count('payout_drafts');
    const answer = await validate(merchant, csvFile(rows));
    expect(answer.message).toBe('文件中有 1 行数据有误，请修改后重新上传');
    expect(answer.content.errors).toEqual([{ rowNo: 6791, field: 'bankCard', message: PAYEE_MSG.cardInvalid }]);
    expect(await count('payout_drafts')).toBe(drafts);
  });

  it('reads .xlsx files, and reports long numbers Excel turned into floats', async () => {
    const base = payee(3000);
    const file = await xlsxFile([
      ['备注', '金额', '姓名', '银行卡号', '身份证号'],
      ['', 123.45, base[0], base[2], base[1]],
      ['', 88, payee(3001)[0], payee(3001)[2], Number('110101199003077000')],
    ]);
    const answer = await validate(merchant, file, '打款.xlsx');
    expect(answer.content.errors).toEqual([
      { rowNo: 3, field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') },
    ]);
    const clean = await validate(
      merchant,
      await xlsxFile([
        ['姓名', '身份证号', '银行卡号', '金额（元）'],
        [base[0], base[1], base[2], 123.45],
      ]),
      '打款.xlsx',
    );
    expect(clean.code, clean.message).toBe(1020000);
    expect(clean.content.totalAmount).toBe(1_234_500);
  });

  it('answers the file problems with their messages', async () => {
    expect((await validate(merchant, csvFile([payee(1)]), 'a.txt')).message).toBe(BATCH_FILE_MSG.badType);
    expect((await validate(merchant, csvFile([payee(1)], { headers: ['姓名', '金额'] }))).message).toBe(
      BATCH_FILE_MSG.missingColumns(['身份证号', '银行卡号']),
    );
    expect((await validate(merchant, csvFile([]))).message).toBe(BATCH_FILE_MSG.noRows);
    const huge = Buffer.concat([csvFile([payee(1)]), Buffer.alloc(BATCH_MAX_BYTES, 0x0a)]);
    expect((await validate(merchant, huge)).message).toBe(BATCH_FILE_MSG.tooLarge);
    const noFile = multipartRequest([{ name: 'other', value: 'x' }]);
    const response = await merchant({
      method: 'POST',
      url: '/api/v1/remittances/batch/validate',
      payload: noFile.payload,
      headers: noFile.headers,
    });
    expect(envelopeOf(response).message).toBe(BATCH_FILE_MSG.noFile);
    const json = await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload: {} });
    expect(envelopeOf(json).message).toBe(BATCH_FILE_MSG.noFile);
  });

  it('refuses staff: only merchants pay their payees', async () => {
    const admin = authed(test.app, await tokenOf(test.app, 'admin'));
    const { payload, headers } = multipartRequest([{ name: 'file', filename: 'a.csv', content: csvFile([payee(1)]) }]);
    const response = await admin({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers });
    expect(response.statusCode).toBe(403);
    const caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
    expect(
      (await caiwu({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers })).statusCode,
    ).toBe(403);
  });
});

describe('submit', () => {
  it('debits payouts plus charge once; the same draft again answers the same batch and pays nothing more', async () => {
    await credit(MERCHANT, 10_000_000_000);
    const rows = [payee(4000), payee(4001), payee(4002)];
    const draftId = await draftOf(merchant, rows);
    const before = await balanceOf(test.db, MERCHANT);
    const first = await submit(merchant, draftId);
    expect(first.code, first.message).toBe(1020000);
    const { batchId, batchNo, totalAmount, serviceCharge } = first.content;
    expect(first.message).toBe(`提交成功，批次号 ${batchNo}`);
    expect(first.content).toMatchObject({
      itemCount: 3,
      duplicate: false,
      balanceAfter: before - totalAmount - serviceCharge,
    });
    expect(totalAmount).toBe(rows.reduce((sum, row) => sum + yuan(row[4]), 0));
    expect(await balanceOf(test.db, MERCHANT)).toBe(before - totalAmount - serviceCharge);

    const again = await submit(merchant, draftId);
    expect(again.code).toBe(1020000);
    expect(again.message).toBe(SUBMIT_MSG.alreadySubmitted);
    expect(again.content).toMatchObject({ batchId, batchNo, duplicate: true });
    expect(await balanceOf(test.db, MERCHANT)).toBe(before - totalAmount - serviceCharge);
    const items = await test.db.selectFrom('payout_items').select('id').where('batch_id', '=', batchId).execute();
    expect(items).toHaveLength(3);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);

    // One operation-log entry, written in the submission's transaction with the batch it created; the repeat
    // created nothing and is not a second 提交打款.
    const entries = await test.db
      .selectFrom('operation_logs')
      .select(['action', 'resource', 'record_id', 'changes'])
      .where('path', '=', '/api/v1/remittances/batch/submit')
      .where('action', '=', '提交打款')
      .where('record_id', '=', batchId)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0].resource).toBe('remit');
    expect(JSON.parse(entries[0].changes)).toEqual({
      batchNo: [null, batchNo],
      itemCount: [null, 3],
      totalAmount: [null, totalAmount],
      serviceCharge: [null, serviceCharge],
    });
  });

  it('pays a draft once when it is submitted many times at the same moment', async () => {
    const draftId = await draftOf(merchant, [payee(4100), payee(4101)]);
    const before = await balanceOf(test.db, MERCHANT);
    const batches = await count('payout_batches');
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(merchant, draftId)));
    expect(answers.every((answer) => answer.code === 1020000)).toBe(true);
    expect(new Set(answers.map((answer) => answer.content.batchId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.content.batchNo)).size).toBe(1);
    expect(answers.filter((answer) => !answer.content.duplicate)).toHaveLength(1);
    expect(await count('payout_batches')).toBe(batches + 1);
    const { totalAmount, serviceCharge } = answers[0].content;
    expect(await balanceOf(test.db, MERCHANT)).toBe(before - totalAmount - serviceCharge);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });

  it('needs the payment password: format, wrong, and not yet set', async () => {
    const draftId = await draftOf(merchant, [payee(4200)]);
    expect((await submit(merchant, draftId, '12345')).message).toBe(SUBMIT_MSG.passwordFormat);
    // The first wrong try of the company leaves 4 of the 5 before the lock.
    expect((await submit(merchant, draftId, '654321')).message).toBe(`${SUBMIT_MSG.passwordWrong}，还可尝试4次`);
    expect(await test.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute()).toEqual(
      [],
    );
    // xgm02's company (3) has no payment password.
    const xgm02 = authed(test.app, await tokenOf(test.app, 'xgm02', 3), 3);
    const other = await draftOf(xgm02, [payee(4201)]);
    const answer = await submit(xgm02, other, '123456');
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(SUBMIT_MSG.passwordNotSet);
  });

  it("refuses another company's draft, and an unknown one", async () => {
    const draftId = await draftOf(merchant, [payee(4300)]);
    const answer = await submit(xgm, draftId);
    expect(answer.code).toBe(1040400);
    expect(answer.message).toBe(SUBMIT_MSG.draftMissing);
    expect(await test.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute()).toEqual(
      [],
    );
    expect((await submit(merchant, 99_999_999)).message).toBe(SUBMIT_MSG.draftMissing);
    expect((await submit(merchant, 'abc')).message).toBe('上传记录编号格式不正确');
  });

  it('says when an upload expires, and refuses it after, saying when it did; it stays listed as expired', async () => {
    const created = Date.now();
    const preview = await validate(merchant, csvFile([payee(4400)]));
    const draftId = preview.content.draftId as number;
    const stored = await test.db
      .selectFrom('payout_drafts')
      .select(['create_time', 'expire_time', 'task_id'])
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(stored.task_id).toBeNull();
    expect(preview.content.expireTime).toBe(stored.expire_time);
    // 24 hours after it was made, to the second (China time, as every stored time).
    expect(Date.parse(`${String(stored.expire_time).replace(' ', 'T')}+08:00`) - created).toBeGreaterThan(
      24 * 3600_000 - 5000,
    );
    expect(Date.parse(`${String(stored.expire_time).replace(' ', 'T')}+08:00`) - created).toBeLessThan(
      24 * 3600_000 + 5000,
    );
    const expiredAt = chinaTime(Date.now() - 3600_000);
    await test.db
      .updateTable('payout_drafts')
      .set({ create_time: chinaTime(Date.now() - 25 * 3600_000), expire_time: expiredAt })
      .where('id', '=', draftId)
      .execute();
    const refused = await submit(merchant, draftId);
    expect(refused.message).toBe(`上传的文件已于 ${expiredAt} 过期，请重新上传`);
    const listed = await merchant({ method: 'GET', url: '/api/v1/remittances/batch/drafts' });
    const row = (JSON.parse(listed.body).content as { id: number; expired: boolean; expireTime: string }[]).find(
      (draft) => draft.id === draftId,
    );
    expect(row).toMatchObject({ expired: true, expireTime: expiredAt });
  });

  it('refuses the whole batch when the balance is short, with the shortfall; it goes through after a top-up', async () => {
    const account = { companyId: 2, platformMark: 3 };
    const balance = await balanceOf(test.db, account);
    // 10 rows of 100,000.00 yuan plus the 5% charge: more than the company holds (checked below).
    const rows = Array.from({ length: 10 }, (_, index) => payee(4500 + index, { '金额（元）': '100000.00' }));
    const preview = await validate(xgm, csvFile(rows));
    expect(preview.code, preview.message).toBe(1020000);
    const total = preview.content.total as number;
    expect(total).toBe(10 * 1_000_000_000 + 10 * itemServiceCharge(1_000_000_000, 500));
    if (balance >= total) throw new Error('the seeded balance of company 2 is larger than the test assumes');
    expect(preview.content.shortfall).toBe(total - balance);
    expect(preview.content.balanceAfter).toBe(balance - total);

    const batches = await count('payout_batches');
    const refused = await submit(xgm, preview.content.draftId);
    expect(refused.code).toBe(1040400);
    expect(refused.content).toEqual({ balance, required: total, shortfall: total - balance });
    expect(refused.message).toContain('账户余额不足');
    expect(refused.message).toContain('还差');
    expect(await count('payout_batches')).toBe(batches);
    expect(await balanceOf(test.db, account)).toBe(balance);

    await credit(account, total - balance);
    const accepted = await submit(xgm, preview.content.draftId);
    expect(accepted.code, accepted.message).toBe(1020000);
    expect(await balanceOf(test.db, account)).toBe(0);
  });

  it('parallel submissions of every open draft that together exceed the balance never overdraw', async () => {
    const available = await balanceOf(test.db, MERCHANT);
    // A company keeps at most MAX_OPEN_DRAFTS open drafts (5). Each batch costs about 1/2.5 of the balance (rows
    // of at most 90,000 yuan): two fit, five do not.
    const batchTarget = available / 2.5 / 1.06;
    const rowsPerBatch = Math.max(1, Math.ceil(batchTarget / 900_000_000));
    const rowAmountCents = Math.floor(batchTarget / rowsPerBatch / 100);
    expect(rowAmountCents).toBeGreaterThan(0);
    const amountText = `${Math.floor(rowAmountCents / 100)}.${String(rowAmountCents % 100).padStart(2, '0')}`;
    const drafts: number[] = [];
    for (let batch = 0; batch < MAX_OPEN_DRAFTS; batch += 1) {
      const rows = Array.from({ length: rowsPerBatch }, (_, row) =>
        payee(5000 + batch * rowsPerBatch + row, { '金额（元）': amountText }),
      );
      drafts.push(await draftOf(merchant, rows));
    }
    const rowUnits = rowAmountCents * 100;
    const batchTotal = rowsPerBatch * (rowUnits + itemServiceCharge(rowUnits, MERCHANT_RATE));

    const answers = await Promise.all(drafts.map((draftId) => submit(merchant, draftId)));
    const accepted = answers.filter((answer) => answer.code === 1020000);
    const refused = answers.filter((answer) => answer.code !== 1020000);
    expect(accepted.length).toBe(Math.floor(available / batchTotal));
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBe(MAX_OPEN_DRAFTS - accepted.length);
    for (const answer of refused) {
      expect(answer.code).toBe(1040400);
      expect(answer.content.shortfall).toBeGreaterThan(0);
    }
    const after = await balanceOf(test.db, MERCHANT);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBe(available - accepted.length * batchTotal);
    expect(after).toBeLessThan(batchTotal);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);

    // What the accepted batches cost is exactly what the ledger debited for them.
    const batchIds = accepted.map((answer) => answer.content.batchId as number);
    const debits = await test.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string>('amount').as('sum'))
      .where('ref_type', '=', 'batch')
      .where('ref_id', 'in', batchIds)
      .executeTakeFirstOrThrow();
    expect(-Number(debits.sum)).toBe(accepted.length * batchTotal);
    const stored = await test.db
      .selectFrom('payout_batches')
      .select(['total_amount', 'service_charge'])
      .where('id', 'in', batchIds)
      .execute();
    expect(stored.reduce((sum, row) => sum + Number(row.total_amount) + Number(row.service_charge), 0)).toBe(
      accepted.length * batchTotal,
    );
  });

  it('after the bank pays, a card that fails the check digit is failed, refunded and listed as abnormal', async () => {
    await credit(MERCHANT, 100_000_000);
    const rows = [payee(6000), payee(6001, { 银行卡号: bankCard(6001, false) }), payee(6002)];
    const draftId = await draftOf(merchant, rows);
    const before = await balanceOf(test.db, MERCHANT);
    // The upload warned about that card: paying needs the merchant's acknowledgement.
    const unacknowledged = await submit(merchant, draftId);
    expect(unacknowledged.code).toBe(1040400);
    expect(unacknowledged.message).toBe(SUBMIT_MSG.warningsUnaccepted(1));
    expect(await balanceOf(test.db, MERCHANT)).toBe(before);
    const answer = await submit(merchant, draftId, DEMO_PAYMENT_PASSWORD, { acceptWarnings: true });
    expect(answer.code, answer.message).toBe(1020000);
    const { batchId, totalAmount, serviceCharge } = answer.content;
    expect(await balanceOf(test.db, MERCHANT)).toBe(before - totalAmount - serviceCharge);

    await test.app.payouts.drain();
    const batch = await test.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: BATCH.partlyFailed, success_count: 2, failed_count: 1 });
    const failed = await test.db
      .selectFrom('payout_items')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('status', '=', ITEM.failed)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ name: rows[1][0], bank_card: rows[1][2], fail_reason: MSG_CARD_REJECTED });
    const refund = Number(failed.amount) + Number(failed.service_charge);
    expect(Number(failed.amount)).toBe(yuan(rows[1][4]));
    expect(await balanceOf(test.db, MERCHANT)).toBe(before - totalAmount - serviceCharge + refund);
    const abnormal = await test.db
      .selectFrom('abnormal_funds')
      .selectAll()
      .where('item_id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(abnormal).toMatchObject({ status: ABNORMAL.pending, company_id: 1, reason: MSG_CARD_REJECTED });
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });
});

describe('settlement blacklist', () => {
  let admin: AuthedClient;
  beforeAll(async () => {
    admin = authed(test.app, await tokenOf(test.app, 'admin'));
  });

  const add = (client: AuthedClient, body: Record<string, unknown>) =>
    client({ method: 'POST', url: '/api/v1/settlementblacklist', payload: body });

  it('lists the seeded entries with filters, newest first', async () => {
    const all = envelopeOf(await admin.get('/api/v1/settlementblacklist/search?page=0&size=50'));
    expect(all.code).toBe(1020000);
    expect(all.content.totalElements).toBeGreaterThanOrEqual(5);
    const times = all.content.content.map((row: { createTime: string }) => row.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.content.content[0]).toMatchObject({ operatorName: '系统管理员' });
    const byId = envelopeOf(
      await admin.get(`/api/v1/settlementblacklist/search?q=idCard:${BLACKLISTED_ID_CARD.slice(0, 10)}`),
    );
    expect(byId.content.content.map((row: { idCard: string }) => row.idCard)).toEqual([BLACKLISTED_ID_CARD]);
    const byName = envelopeOf(
      await admin.get(`/api/v1/settlementblacklist/search?q=name:${encodeURIComponent('可疑')}`),
    );
    expect(byName.content.totalElements).toBe(1);
    const future = envelopeOf(
      await admin.get('/api/v1/settlementblacklist/search?q=stime:2099-01-01;etime:2099-12-31'),
    );
    expect(future.content.totalElements).toBe(0);
    expect(envelopeOf(await admin.get('/api/v1/settlementblacklist/search?q=stime:2024-01-01')).code).toBe(1040400);
  });

  it('checks every field when adding, and refuses an id already listed', async () => {
    const bad = envelopeOf(await add(admin, { name: '张', idCard: '110101199001010011', reason: '短' }));
    expect(bad.code).toBe(1040400);
    expect(bad.content.errors).toEqual({
      name: '姓名应为2-20个字符',
      idCard: '身份证号格式或校验位不正确',
      reason: '原因应为2-128个字符',
    });
    const missing = envelopeOf(await add(admin, {}));
    expect(Object.keys(missing.content.errors).sort()).toEqual(['idCard', 'name', 'reason']);
    const taken = envelopeOf(await add(admin, { name: '王可疑', idCard: BLACKLISTED_ID_CARD, reason: '再次加入' }));
    expect(taken.message).toBe('该身份证号已在黑名单中');
  });

  it('adds a payee (lower-case x accepted), refuses them in a batch, and lets them through once removed', async () => {
    let serial = 7000;
    while (!idCard(serial).endsWith('X')) serial += 1;
    const listedId = idCard(serial);
    const added = envelopeOf(
      await add(admin, { name: '周新增', idCard: listedId.toLowerCase(), reason: '测试加入黑名单' }),
    );
    expect(added.code, added.message).toBe(1020000);
    expect(added.content).toMatchObject({ name: '周新增', idCard: listedId, operatorName: '系统管理员' });
    const refused = await validate(merchant, csvFile([payee(serial)]));
    expect(refused.content.errors).toEqual([{ rowNo: 2, field: 'idCard', message: PAYEE_MSG.blacklisted }]);

    const removed = envelopeOf(
      await admin({ method: 'DELETE', url: `/api/v1/settlementblacklist/${added.content.id}` }),
    );
    expect(removed.code).toBe(1020000);
    expect((await validate(merchant, csvFile([payee(serial)]))).code).toBe(1020000);
    const again = envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/settlementblacklist/${added.content.id}` }));
    expect(again.message).toBe('黑名单记录不存在');
  });

  it('is only for holders of UI_SETTLEMENT_BLACK_LIST_MGR', async () => {
    expect((await merchant.get('/api/v1/settlementblacklist/search')).statusCode).toBe(403);
    const caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
    expect((await caiwu.get('/api/v1/settlementblacklist/search')).statusCode).toBe(403);
    expect((await add(caiwu, { name: '张三', idCard: BLACKLISTED_ID_CARD, reason: '无权限' })).statusCode).toBe(403);
    expect((await caiwu({ method: 'DELETE', url: '/api/v1/settlementblacklist/1' })).statusCode).toBe(403);
  });
});
