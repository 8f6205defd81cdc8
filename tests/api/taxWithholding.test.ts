import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { taxAccountDiscrepancies } from '../../server/money/tax/taxAccounts';
import { ITEM, LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { TAX_ENTRY, TAX_STATUS } from '../../src/domain/tax/taxEnums';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Income tax withheld when money moves (docs/tax.md): a worker new at the signing entity, paid 10 000.00 this
 * month, has 90.00 withheld, and a second 5 000.00 the same month 120.00 (15 000 × 80% − 5 000 = 7 000 × 3% =
 * 210 − 90); the /remit preview, the payout items, GET /api/v1/statistics/tax and the entity's 代扣税款 account agree.
 * The expected figures are worked by hand from the formula, not read from the code.
 */
let test: TestApp;
let merchant: AuthedClient;
let caiwu: AuthedClient;
const Y = 10_000;
const ACCOUNT = { companyId: 1, platformMark: 1 };
const WORKER = 61_001;
const RACER = 61_002;
const FAILING = 61_003;

beforeAll(async () => {
  test = await createTestApp();
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
  await signPayees(test, ACCOUNT, [WORKER, RACER, FAILING]);
  await credit(1_000_000 * Y);
});
// A test that moves the clock puts it back even when it fails half-way.
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => test?.close());

async function credit(units: number): Promise<void> {
  await test.db.transaction().execute(async (tx) => {
    const now = chinaTime();
    const row = await tx
      .insertInto('recharges')
      .values({
        ...{ company_id: 1, platform_mark: 1, amount: units, payer_name: '测试付款人' },
        payer_account: '6222020200000000000',
        bank_serial: `TAX${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
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
      ACCOUNT,
      [{ kind: LEDGER.recharge, amount: units, refType: 'recharge', refId: Number(row.id), operatorId: 1 }],
      now,
    );
  });
}

async function preview(serial: number, yuan: string, card = bankCard(serial)) {
  const { payload, headers } = multipartRequest([
    { name: 'file', filename: '打款.csv', content: csvFile([payee(serial, { '金额（元）': yuan, 银行卡号: card })]) },
  ]);
  const answer = envelopeOf(
    await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
  );
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content;
}

async function submit(draftId: number) {
  const answer = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/remittances/batch/submit',
      payload: { draftId, payPassword: DEMO_PAYMENT_PASSWORD, acceptWarnings: true },
    }),
  );
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content;
}

async function itemsOf(serial: number) {
  return test.db.selectFrom('payout_items').selectAll().where('id_card', '=', idCard(serial)).orderBy('id').execute();
}

async function monthLedger(enterpriseId: number, month: string): Promise<number> {
  const row = await test.db
    .selectFrom('tax_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('enterprise_id', '=', enterpriseId)
    .where('tax_month', '=', month)
    .where('kind', 'in', [TAX_ENTRY.withheld, TAX_ENTRY.givenBack])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

async function taxPage(month: string) {
  const answer = envelopeOf(await caiwu.get(`/api/v1/statistics/tax?platformmark=1&month=${month}&page=0&size=100`));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content;
}

describe('个税在打款时代扣（累计预扣法）', () => {
  const month = chinaTime().slice(0, 7);

  it('10 000.00 then 5 000.00 this month: 90.00 then 120.00 — preview, items, the tax page and the ledger agree', async () => {
    const first = await preview(WORKER, '10000.00');
    expect(first.rows[0]).toMatchObject({ amount: 10_000 * Y, taxAmount: 90 * Y, netAmount: 9_910 * Y });
    expect(first).toMatchObject({ totalAmount: 10_000 * Y, taxAmount: 90 * Y, netAmount: 9_910 * Y });
    const paid = await submit(first.draftId);
    expect(paid).toMatchObject({ taxAmount: 90 * Y, netAmount: 9_910 * Y });
    await test.app.payouts.drain();

    const second = await preview(WORKER, '5000.00');
    expect(second.rows[0]).toMatchObject({ amount: 5_000 * Y, taxAmount: 120 * Y, netAmount: 4_880 * Y });
    await submit(second.draftId);
    await test.app.payouts.drain();

    const items = await itemsOf(WORKER);
    expect(items.map((item) => [Number(item.amount), Number(item.tax_amount), Number(item.net_amount)])).toEqual([
      [10_000 * Y, 90 * Y, 9_910 * Y],
      [5_000 * Y, 120 * Y, 4_880 * Y],
    ]);
    expect(items.every((item) => Number(item.status) === ITEM.succeeded)).toBe(true);
    expect(items.every((item) => Number(item.tax_status) === TAX_STATUS.withheld && item.tax_month === month)).toBe(
      true,
    );
    const lines = JSON.parse(String(items[1].tax_lines));
    expect(lines).toMatchObject({
      rule: 'cumulative',
      cumulativeIncome: 15_000 * Y,
      cumulativeExpense: 3_000 * Y,
      continuousMonths: 1,
      cumulativeBasicDeduction: 5_000 * Y,
      cumulativeTaxable: 7_000 * Y,
      cumulativeTax: 210 * Y,
      withheldBefore: 90 * Y,
      tax: 120 * Y,
    });

    // The channel was asked to pay the net.
    const calls = await test.db
      .selectFrom('third_party_calls')
      .select('request_body')
      .where('path', 'like', 'payout://%')
      .execute();
    for (const item of items) {
      expect(
        calls.some(
          (call) =>
            String(call.request_body).includes(`"itemId":${item.id},`) &&
            String(call.request_body).includes(`"amount":${Number(item.net_amount)},`),
        ),
      ).toBe(true);
    }

    const enterpriseId = Number(items[0].enterprise_id);
    expect(await monthLedger(enterpriseId, month)).toBe(210 * Y);
    const page = await taxPage(month);
    const row = page.content.find((r: any) => r.name === items[0].name && r.enterpriseId === enterpriseId);
    expect(row).toMatchObject({
      rule: 'cumulative',
      payCount: 2,
      income: 15_000 * Y,
      cumulativeIncome: 15_000 * Y,
      continuousMonths: 1,
      cumulativeTax: 210 * Y,
      withheldBefore: 0,
      tax: 210 * Y,
      withheld: 210 * Y,
      notWithheld: 0,
      afterTax: 14_790 * Y,
      vat: 0,
      taxStatusName: '已代扣',
    });
    const entity = page.entities.find((e: any) => e.enterpriseId === enterpriseId);
    // The page's withheld total of the entity equals its 代扣税款 account's entries of the month.
    expect(entity.withheld).toBe(entity.ledgerWithheld);
    expect(entity.ledgerWithheld).toBe(await monthLedger(enterpriseId, month));
    expect(await taxAccountDiscrepancies(test.db)).toEqual([]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });

  it('two batches for the same worker at once never start from the same base: 90 and 240, not 90 twice', async () => {
    const [a, b] = [await preview(RACER, '10000.00'), await preview(RACER, '10000.00')];
    // Both previews price on the same (empty) base: the claim at submission is what tells them apart.
    expect([a.taxAmount, b.taxAmount]).toEqual([90 * Y, 90 * Y]);
    await Promise.all([submit(a.draftId), submit(b.draftId)]);
    const items = await itemsOf(RACER);
    // 20 000 × 80% − 5 000 = 11 000 × 3% = 330 in all: 90 for the first, 240 for the second.
    expect(items.map((item) => Number(item.tax_amount)).sort((x, y) => x - y)).toEqual([90 * Y, 240 * Y]);
    await test.app.payouts.drain();
  });

  it('a failed item gives back exactly its withholding; the next payment computes from what was paid', async () => {
    const enterpriseId = Number((await itemsOf(WORKER))[0].enterprise_id);
    const before = await monthLedger(enterpriseId, month);
    // A card whose check digit is wrong: the simulated bank returns it.
    const bad = await preview(FAILING, '10000.00', bankCard(FAILING, false));
    expect(bad.rows[0].taxAmount).toBe(90 * Y);
    await submit(bad.draftId);
    expect(await monthLedger(enterpriseId, month)).toBe(before + 90 * Y);
    await test.app.payouts.drain();
    const [failed] = await itemsOf(FAILING);
    expect(Number(failed.status)).toBe(ITEM.failed);
    expect(Number(failed.tax_status)).toBe(TAX_STATUS.givenBack);
    expect(await monthLedger(enterpriseId, month)).toBe(before);
    const givenBack = await test.db
      .selectFrom('tax_entries')
      .select(['amount', 'kind'])
      .where('ref_type', '=', 'item')
      .where('ref_id', '=', Number(failed.id))
      .orderBy('id')
      .execute();
    expect(givenBack.map((entry) => [Number(entry.kind), Number(entry.amount)])).toEqual([
      [TAX_ENTRY.withheld, 90 * Y],
      [TAX_ENTRY.givenBack, -90 * Y],
    ]);
    // Paid again (a good card): the failed 10 000 is not in the base, so it is a first payment again.
    const again = await preview(FAILING, '10000.00');
    expect(again.rows[0].taxAmount).toBe(90 * Y);
    expect(await taxAccountDiscrepancies(test.db)).toEqual([]);
  });

  it('exports the withholding declaration and the quarterly report: openpyxl reads typed cells', async () => {
    const [item] = await itemsOf(WORKER);
    const enterpriseId = Number(item.enterprise_id);
    const quarter = `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
    const declaration = await caiwu.get(
      `/api/v1/statistics/tax/declaration?platformmark=1&month=${month}&enterpriseId=${enterpriseId}`,
    );
    expect(declaration.statusCode).toBe(200);
    const quarterly = await caiwu.get(
      `/api/v1/statistics/tax/quarterly?platformmark=1&quarter=${quarter}&enterpriseId=${enterpriseId}`,
    );
    expect(quarterly.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-tax-'));
    const files = [path.join(dir, 'declaration.xlsx'), path.join(dir, 'quarterly.xlsx')];
    fs.writeFileSync(files[0], declaration.rawPayload);
    fs.writeFileSync(files[1], quarterly.rawPayload);
    const script = [
      'import json, sys, openpyxl',
      'out = []',
      'for path in sys.argv[1:]:',
      '    sheet = openpyxl.load_workbook(path).worksheets[0]',
      '    rows = [[c.value for c in row] for row in sheet.iter_rows()]',
      '    header = next(i for i, r in enumerate(rows) if r and isinstance(r[1], str) and "姓名" in r[1])',
      '    out.append({"header": rows[header], "rows": rows[header + 1:], "types": [[type(v).__name__ for v in r] for r in rows[header + 1:]]})',
      'print(json.dumps(out, ensure_ascii=False, default=str))',
    ].join('\n');
    const result = spawnSync('python3', ['-c', script, ...files], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const [decl, quart] = JSON.parse(result.stdout);
    const col = (sheet: any, label: string) => sheet.header.indexOf(label);
    const workerRow = decl.rows.find((r: unknown[]) => r[col(decl, '*证件号码')] === idCard(WORKER));
    expect(workerRow, 'the full ID number is in the declaration').toBeTruthy();
    expect(workerRow[col(decl, '*本期收入')]).toBe(15_000);
    expect(workerRow[col(decl, '累计应预扣预缴税额')]).toBe(210);
    expect(workerRow[col(decl, '本期应预扣预缴税额')]).toBe(210);
    expect(workerRow[col(decl, '预扣率（%）')]).toBe(3);
    const typeRow = decl.types[decl.rows.indexOf(workerRow)];
    expect(typeRow[col(decl, '*本期收入')]).toMatch(/int|float/);
    expect(typeRow[col(decl, '*证件号码')]).toBe('str');
    const quarterRow = quart.rows.find((r: unknown[]) => r[col(quart, '身份证件号码')] === idCard(WORKER));
    expect(quarterRow[col(quart, '收入总额（元）')]).toBe(15_000);
    expect(quarterRow[col(quart, '已扣缴个人所得税（元）')]).toBe(210);
    fs.rmSync(dir, { recursive: true, force: true });

    // Full ID numbers: only for UI_TAX_EXPORT_FULL_ID, and each export is in the operation log.
    const logged = await test.db
      .selectFrom('operation_logs')
      .select('action')
      .where('action', 'in', ['导出扣缴申报表', '导出涉税信息报送表'])
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('marks an ended month 已申报 with its reference: its 代扣税款 is closed, once, in the operation log', async () => {
    const [item] = await itemsOf(WORKER);
    const enterpriseId = Number(item.enterprise_id);
    const body = { platformmark: 1, month, enterpriseId, reference: 'SB2026120001' };
    // The month is still open today.
    const early = envelopeOf(await caiwu({ method: 'POST', url: '/api/v1/statistics/tax/filings', payload: body }));
    expect(early.message).toBe('只能申报已结束的月份');
    const withheld = await monthLedger(enterpriseId, month);
    const [year, m] = month.split('-').map(Number);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.UTC(m === 12 ? year + 1 : year, m === 12 ? 0 : m, 2, 4, 0, 0)));
      // A session of the next month (the day's token would have expired by then).
      const nextMonth = authed(test.app, await tokenOf(test.app, 'caiwu'));
      const filed = envelopeOf(
        await nextMonth({ method: 'POST', url: '/api/v1/statistics/tax/filings', payload: body }),
      );
      expect(filed.code, filed.message).toBe(1020000);
      expect(filed.content.amount).toBe(withheld);
      const again = envelopeOf(
        await nextMonth({ method: 'POST', url: '/api/v1/statistics/tax/filings', payload: body }),
      );
      expect(again.message).toBe('该签约主体该月已申报，不能重复申报');
    } finally {
      vi.useRealTimers();
    }
    const balance = await test.db
      .selectFrom('tax_entries')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('enterprise_id', '=', enterpriseId)
      .where('tax_month', '=', month)
      .executeTakeFirstOrThrow();
    expect(Number(balance.total)).toBe(0);
    const page = await taxPage(month);
    expect(page.entities.find((e: any) => e.enterpriseId === enterpriseId).filing).toMatchObject({
      reference: 'SB2026120001',
      amount: withheld,
    });
    const log = await test.db
      .selectFrom('operation_logs')
      .select(['action', 'changes'])
      .where('action', '=', '标记已申报')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(log.changes))).toMatchObject({ 申报凭证号: [null, 'SB2026120001'] });
    expect(await taxAccountDiscrepancies(test.db)).toEqual([]);
  });

  it("past 5 000 000 元 in 12 months at one entity: the tax page and the worker's record say to guide registration", async () => {
    const [item] = await itemsOf(RACER);
    const listed = async () => {
      const answer = envelopeOf(await merchant.get(`/api/v1/workers/search?page=0&size=200&q=idCard:${idCard(RACER)}`));
      expect(answer.code, answer.message).toBe(1020000);
      return answer.content.content[0].taxRegistrationWarning;
    };
    expect(await listed()).toBe('');
    // 20 000.00 paid so far; 4 980 000.01 more written as an earlier payout of the month makes 5 000 000.01.
    await test.db
      .insertInto('payout_items')
      .values({
        ...{ batch_id: Number(item.batch_id), company_id: 1, platform_mark: 1, row_no: 9, name: item.name },
        ...{ id_card: item.id_card, bank_card: item.bank_card, mobile: null, amount: 4_980_000 * Y + 100 },
        ...{
          service_charge: 0,
          remark: null,
          status: ITEM.succeeded,
          fail_reason: null,
          create_time: item.create_time,
        },
        ...{ finish_time: item.create_time, tax_month: month, enterprise_id: Number(item.enterprise_id) },
      })
      .execute();
    const page = await taxPage(month);
    expect(page.warnings.map((warning: any) => warning.twelveMonthIncome)).toContain(5_000_000 * Y + 100);
    expect(await listed()).toBe(
      '近12个月在同一签约主体的服务收入超过5,000,000.00元，应引导其依法办理市场主体登记、自行申报增值税',
    );
  });
});
