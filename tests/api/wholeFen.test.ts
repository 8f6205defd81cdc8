import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropWholeFenChecks, up as migrateToWholeFen } from '../../server/db/migrations/120_whole_fen';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import {
  balanceOf,
  type EntryInput,
  ledgerDiscrepancies,
  NonFenAmountError,
  postEntries,
} from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { amountsBelowFen, MONEY_COLUMNS, NOT_MONEY } from '../../server/money/wholeFen';
import { rebuildStatistics } from '../../server/statistics/rollups';
import { ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { csvFile, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Every amount that moves is whole fen. The service charge is amount × rate rounded half up to the
 * fen per item; a batch debits the sum of its items and their charges; the ledger refuses anything finer; the
 * demo seed and every flow here leave no money column below a fen; migration 120 brings old data there.
 */
let test: TestApp;
let merchant: AuthedClient;
const MERCHANT = { companyId: 1, platformMark: 1 };

beforeAll(async () => {
  test = await createTestApp();
  merchant = authed(test.app, await tokenOf(test.app, 'merchant'));
  await signPayees(test, MERCHANT, [61_515, 61_516, 61_517]);
});
afterAll(async () => test?.close());

/** Half up to the fen, stated as a property of the result: c fen is within half a fen of the exact charge. */
function isHalfUpCharge(chargeUnits: number, amountUnits: number, rate: number): boolean {
  // exact charge in units = amount × rate / 10000; c (units, whole fen) rounds it half up when
  // c − 50 ≤ exact < c + 50, i.e. (c − 50) × 10000 ≤ amount × rate < (c + 50) × 10000.
  const exact = BigInt(amountUnits) * BigInt(rate);
  const c = BigInt(chargeUnits);
  return chargeUnits % 100 === 0 && (c - 50n) * 10000n <= exact && exact < (c + 50n) * 10000n;
}

/** Every account's entries: running balances are the sums of the entries before them. */
async function runningBalanceErrors(companyId: number, platformMark: number): Promise<number> {
  const entries = await test.db
    .selectFrom('ledger_entries')
    .select(['amount', 'balance_after'])
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', platformMark)
    .orderBy('id')
    .execute();
  let running = 0;
  let errors = 0;
  for (const entry of entries) {
    running += Number(entry.amount);
    if (Number(entry.balance_after) !== running) errors += 1;
  }
  return errors;
}

/** The statistics rows of a company against its ledger entries, per day: the differences (empty when equal). */
async function statisticsVsLedger(companyId: number): Promise<string[]> {
  const ledger = await test.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount', 'create_time'])
    .where('company_id', '=', companyId)
    .execute();
  const expected = new Map<string, { charge: number; payout: number; refund: number; topup: number; net: number }>();
  for (const row of ledger) {
    const day = row.create_time.slice(0, 10);
    const sums = expected.get(day) ?? { charge: 0, payout: 0, refund: 0, topup: 0, net: 0 };
    const amount = Number(row.amount);
    sums.net += amount;
    if (row.kind === LEDGER.serviceCharge) sums.charge -= amount;
    if (row.kind === LEDGER.payout) sums.payout -= amount;
    if (row.kind === LEDGER.refund) sums.refund += amount;
    if (row.kind === LEDGER.recharge) sums.topup += amount;
    expected.set(day, sums);
  }
  const stats = await test.db.selectFrom('stat_company_day').selectAll().where('company_id', '=', companyId).execute();
  const differences: string[] = [];
  for (const row of stats) {
    const want = expected.get(row.day);
    const got = {
      charge: Number(row.charge_amount),
      payout: Number(row.payout_amount),
      refund: Number(row.refund_amount),
      topup: Number(row.topup_amount),
      net: Number(row.net_amount),
    };
    if (JSON.stringify(got) !== JSON.stringify(want)) differences.push(`${row.day}: ${JSON.stringify({ got, want })}`);
    expected.delete(row.day);
  }
  for (const day of expected.keys()) differences.push(`${day}: no statistics row`);
  return differences;
}

describe('the list of money columns', () => {
  it('names every integer column of the schema that reads like money, or declares it a rate', async () => {
    const columns =
      test.dialect === 'postgres'
        ? (
            await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name
              FROM information_schema.columns WHERE table_schema = current_schema()
              AND data_type IN ('bigint', 'integer', 'smallint', 'numeric')`.execute(test.db)
          ).rows
        : (
            await sql<{ table_name: string; column_name: string }>`SELECT m.name AS table_name, p.name AS column_name
              FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'
              AND lower(p.type) IN ('bigint', 'integer', 'int', 'numeric')`.execute(test.db)
          ).rows;
    const MONEY_WORDS = new Set([
      'amount',
      'balance',
      'charge',
      'total',
      'tax',
      'net',
      'deduction',
      'price',
      'credit',
      'debit',
      'rate',
      'fee',
      'income',
      'money',
    ]);
    const moneyLike = (column: string) => column.split('_').some((word) => MONEY_WORDS.has(word));
    const listed = (lists: Readonly<Record<string, readonly string[]>>, table: string, column: string) =>
      (lists[table] ?? []).includes(column);
    const unclassified = columns
      .filter(({ column_name }) => moneyLike(column_name) && !/_count$/.test(column_name))
      .filter(({ table_name }) => table_name !== 'rate_counters')
      .filter(
        ({ table_name, column_name }) =>
          !listed(MONEY_COLUMNS, table_name, column_name) && !listed(NOT_MONEY, table_name, column_name),
      )
      .map(({ table_name, column_name }) => `${table_name}.${column_name}`);
    expect(unclassified).toEqual([]);
    // and the list names only columns that exist
    const existing = new Set(columns.map(({ table_name, column_name }) => `${table_name}.${column_name}`));
    const missing = Object.entries(MONEY_COLUMNS)
      .flatMap(([table, names]) => names.map((name) => `${table}.${name}`))
      .filter((name) => !existing.has(name));
    expect(missing).toEqual([]);
  });
});

describe('after the demo seed', () => {
  it('no money column holds a fraction of a fen, and balances are the sums of their entries', async () => {
    const seeded = await test.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', '=', LEDGER.serviceCharge)
      .executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBeGreaterThan(10);
    expect(await amountsBelowFen(test.db)).toEqual([]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });

  it('every seeded item is charged its amount × its batch rate, half up to the fen', async () => {
    const items = await test.db
      .selectFrom('payout_items')
      .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
      .select(['payout_items.amount', 'payout_items.service_charge', 'payout_batches.rate'])
      .execute();
    expect(items.length).toBeGreaterThan(100);
    const wrong = items.filter(
      (item) => !isHalfUpCharge(Number(item.service_charge), Number(item.amount), Number(item.rate)),
    );
    expect(wrong).toEqual([]);
  });
});

describe('615.15 yuan at 6 % (the case of the issue), through /remit', () => {
  async function validate(rows: string[][]) {
    const { payload, headers } = multipartRequest([{ name: 'file', filename: '批量打款.csv', content: csvFile(rows) }]);
    const answer = envelopeOf(
      await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
    );
    expect(answer.code, answer.message).toBe(1020000);
    return answer.content;
  }

  async function submitAndCheck(rows: string[][], expectedCharge: number, expectedAmount: number) {
    const preview = await validate(rows);
    expect(preview.rate).toBe(600);
    // What the merchant sees before entering the payment password…
    expect(preview.totalAmount).toBe(expectedAmount);
    expect(preview.serviceCharge).toBe(expectedCharge);
    expect(preview.total).toBe(expectedAmount + expectedCharge);
    const rowCharges = (preview.rows as { serviceCharge: number }[]).map((row) => row.serviceCharge);
    expect(rowCharges.reduce((sum, charge) => sum + charge, 0)).toBe(expectedCharge);
    expect(rowCharges.every((charge) => charge % 100 === 0)).toBe(true);

    const before = await balanceOf(test.db, MERCHANT);
    const response = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/remittances/batch/submit',
        payload: { draftId: preview.draftId, payPassword: DEMO_PAYMENT_PASSWORD },
      }),
    );
    expect(response.code, response.message).toBe(1020000);
    // …is what is debited.
    expect(response.content.serviceCharge).toBe(expectedCharge);
    expect(before - (await balanceOf(test.db, MERCHANT))).toBe(expectedAmount + expectedCharge);
    const entries = await test.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount'])
      .where('ref_type', '=', 'batch')
      .where('ref_id', '=', response.content.batchId)
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => [entry.kind, Number(entry.amount)])).toEqual([
      [LEDGER.payout, -expectedAmount],
      [LEDGER.serviceCharge, -expectedCharge],
    ]);
    const items = await test.db
      .selectFrom('payout_items')
      .select('service_charge')
      .where('batch_id', '=', response.content.batchId)
      .orderBy('id')
      .execute();
    expect(items.map((item) => Number(item.service_charge))).toEqual(rowCharges);
    return response.content.batchId as number;
  }

  it('one item of 615.15 yuan: the charge debited is 36.91 yuan (369100 units), not 36.909', async () => {
    await submitAndCheck([payee(61_515, { '金额（元）': '615.15' })], 369_100, 6_151_500);
  });

  it('a batch of 300.00 + 315.15 yuan: 18.00 + 18.91 (18.909 half up) = 36.91 yuan, the sum of its items', async () => {
    await submitAndCheck(
      [payee(61_516, { '金额（元）': '300.00' }), payee(61_517, { '金额（元）': '315.15' })],
      369_100,
      6_151_500,
    );
    expect(await test.app.payouts.drain()).toBeGreaterThan(0);
    expect(await amountsBelowFen(test.db)).toEqual([]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });
});

describe('the ledger', () => {
  const account = { companyId: 930_001, platformMark: 1 };
  const entry = (amount: number, kind: number = LEDGER.recharge): EntryInput => ({
    kind,
    amount,
    refType: 'recharge',
    refId: 1,
    operatorId: null,
  });
  const post = (entries: EntryInput[]) =>
    test.db.transaction().execute((tx) => postEntries(tx, account, entries, chinaTime()));
  const entryCount = async () =>
    Number(
      (
        await test.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('company_id', '=', account.companyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses an amount below a fen, among whole ones, and writes none of them', async () => {
    await post([entry(1_000_000)]);
    await expect(post([entry(-6_151_500, LEDGER.payout), entry(-369_090, LEDGER.serviceCharge)])).rejects.toThrow(
      NonFenAmountError,
    );
    await expect(post([entry(1)])).rejects.toThrow(NonFenAmountError);
    await expect(post([entry(50)])).rejects.toThrow(NonFenAmountError);
    expect(await balanceOf(test.db, account)).toBe(1_000_000);
    expect(await entryCount()).toBe(1);
  });

  it('the database refuses a ledger row below a fen too, written around postEntries', async () => {
    const row = {
      company_id: account.companyId,
      platform_mark: account.platformMark,
      kind: LEDGER.recharge,
      amount: 369_090,
      balance_after: 1_369_100,
      ref_type: 'recharge',
      ref_id: 1,
      operator_id: null,
      remark: null,
      create_time: chinaTime(),
    };
    await expect(test.db.insertInto('ledger_entries').values(row).execute()).rejects.toThrow();
    await expect(
      test.db
        .insertInto('ledger_entries')
        .values({ ...row, amount: 369_100, balance_after: 1_369_090 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      test.db
        .updateTable('ledger_entries')
        .set({ amount: 1_000_001 })
        .where('company_id', '=', account.companyId)
        .execute(),
    ).rejects.toThrow();
    expect(await entryCount()).toBe(1);
  });

  it('refuses to move a balance that is not whole fen (data no code may have written)', async () => {
    await test.db
      .updateTable('accounts')
      .set({ balance: 1_000_050 })
      .where('company_id', '=', account.companyId)
      .execute();
    await expect(post([entry(100)])).rejects.toThrow(NonFenAmountError);
    expect(await balanceOf(test.db, account)).toBe(1_000_050);
    expect(await entryCount()).toBe(1);
    await test.db
      .updateTable('accounts')
      .set({ balance: 1_000_000 })
      .where('company_id', '=', account.companyId)
      .execute();
  });
});

function payeeRow(serial: number, amount: number, failing: boolean): PayoutRow {
  const idBody = `11010119850101${String(serial % 1000).padStart(3, '0')}`;
  const cardBody = `62170000${String(serial).padStart(10, '0')}`;
  const check = Number(luhnCheckDigit(cardBody));
  return {
    rowNo: serial + 2,
    name: `收款人${serial}`,
    idCard: idBody + nationalIdCheckChar(idBody),
    bankCard: cardBody + String(failing ? (check + 1) % 10 : check),
    mobile: null,
    amount,
    remark: null,
  };
}

describe('property: any batch debits the sum of its items and their charges, each whole fen', () => {
  let nextCompany = 940_000;
  const batch = fc.record({
    rate: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(600, 550, 649, 1, 9_999)),
    rows: fc.array(fc.tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.boolean()), { minLength: 1, maxLength: 6 }),
  });

  it('holds for random amounts (whole fen) and rates (1/10000), with failures refunded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 3 }), async (batches) => {
        nextCompany += 1;
        const account = { companyId: nextCompany, platformMark: 1 };
        const now = chinaTime();
        await test.db
          .transaction()
          .execute((tx) =>
            postEntries(
              tx,
              account,
              [{ kind: LEDGER.recharge, amount: 100_000_000_000, refType: 'recharge', refId: 1, operatorId: null }],
              now,
            ),
          );
        let expectedBalance = 100_000_000_000;
        for (const planned of batches) {
          const rows = planned.rows.map(([fen, failing], index) => payeeRow(index, fen * 100, failing));
          const before = await balanceOf(test.db, account);
          const created = await test.db
            .transaction()
            .execute((tx) =>
              createBatch(tx, { ...account, operatorId: 1, rows, rate: planned.rate, draftId: null, now }),
            );
          const items = await test.db
            .selectFrom('payout_items')
            .select(['amount', 'service_charge'])
            .where('batch_id', '=', created.batchId)
            .orderBy('id')
            .execute();
          const amounts = items.map((item) => Number(item.amount));
          const charges = items.map((item) => Number(item.service_charge));
          for (const [index, charge] of charges.entries()) {
            expect(isHalfUpCharge(charge, amounts[index], planned.rate)).toBe(true);
          }
          const sumAmounts = amounts.reduce((sum, value) => sum + value, 0);
          const sumCharges = charges.reduce((sum, value) => sum + value, 0);
          expect(created.totalAmount).toBe(sumAmounts);
          expect(created.serviceCharge).toBe(sumCharges);
          expect(before - (await balanceOf(test.db, account))).toBe(sumAmounts + sumCharges);
          await test.app.payouts.drain();
          const failed = await test.db
            .selectFrom('payout_items')
            .select(['amount', 'service_charge'])
            .where('batch_id', '=', created.batchId)
            .where('status', '=', ITEM.failed)
            .execute();
          const refunded = failed.reduce((sum, item) => sum + Number(item.amount) + Number(item.service_charge), 0);
          expectedBalance += -(sumAmounts + sumCharges) + refunded;
        }
        expect(await balanceOf(test.db, account)).toBe(expectedBalance);
        expect(expectedBalance % 100).toBe(0);
        expect(await runningBalanceErrors(account.companyId, account.platformMark)).toBe(0);
        expect(await statisticsVsLedger(account.companyId)).toEqual([]);
      }),
      { numRuns: 25 },
    );
    expect(await amountsBelowFen(test.db)).toEqual([]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });
});

describe('migration 120 (whole fen) on data written by the old rule', () => {
  it('charges items by the rule, and carries it to batches, refunds, abnormal funds, balances, statistics and invoices', async () => {
    const account = { companyId: 935_001, platformMark: 1 };
    const now = chinaTime();
    await test.db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          account,
          [{ kind: LEDGER.recharge, amount: 100_000_000, refType: 'recharge', refId: 1, operatorId: null }],
          now,
        ),
      );
    // 615.15 yuan paid, 12.34 yuan to a card the bank returns; both at 6 %.
    const rows = [payeeRow(1, 6_151_500, false), payeeRow(2, 123_400, true)];
    const created = await test.db
      .transaction()
      .execute((tx) => createBatch(tx, { ...account, operatorId: 1, rows, rate: 600, draftId: null, now }));
    await test.app.payouts.drain();
    const items = await test.db
      .selectFrom('payout_items')
      .select(['id', 'status'])
      .where('batch_id', '=', created.batchId)
      .orderBy('id')
      .execute();
    expect(items.map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.failed]);

    // Write it back as the old rule left it: charges in 1/10000 yuan (36.909 and 0.7404 yuan). The database's own
    // checks came with migration 120, so they go first, as they were not there before it.
    await dropWholeFenChecks(test.db);
    const legacy = [369_090, 7_404];
    let invoiceId = 0;
    await test.db.transaction().execute(async (tx) => {
      for (const [index, item] of items.entries()) {
        await tx.updateTable('payout_items').set({ service_charge: legacy[index] }).where('id', '=', item.id).execute();
      }
      await tx
        .updateTable('abnormal_funds')
        .set({ service_charge: legacy[1] })
        .where('item_id', '=', items[1].id)
        .execute();
      await tx
        .updateTable('payout_batches')
        .set({ service_charge: legacy[0] + legacy[1], success_charge: legacy[0] })
        .where('id', '=', created.batchId)
        .execute();
      await tx
        .updateTable('ledger_entries')
        .set({ amount: -(legacy[0] + legacy[1]) })
        .where('kind', '=', LEDGER.serviceCharge)
        .where('ref_id', '=', created.batchId)
        .execute();
      await tx
        .updateTable('ledger_entries')
        .set({ amount: 123_400 + legacy[1] })
        .where('kind', '=', LEDGER.refund)
        .where('ref_type', '=', 'item')
        .where('ref_id', '=', items[1].id)
        .execute();
      const entries = await tx
        .selectFrom('ledger_entries')
        .select(['id', 'amount'])
        .where('company_id', '=', account.companyId)
        .orderBy('id')
        .execute();
      let running = 0;
      for (const row of entries) {
        running += Number(row.amount);
        await tx.updateTable('ledger_entries').set({ balance_after: running }).where('id', '=', row.id).execute();
      }
      await tx.updateTable('accounts').set({ balance: running }).where('company_id', '=', account.companyId).execute();
      // an invoice applied for over the batch: 价税合计 615.15 + 36.909 = 652.059 yuan, tax at 6/106
      const invoice = await tx
        .insertInto('invoices')
        .values({
          apply_no: 'KP-LEGACY-1',
          company_id: account.companyId,
          platform_mark: 1,
          kind: 1,
          category_id: 1,
          title: '旧数据公司',
          tax_number: '91110000600001760P',
          bank_name: '工商银行',
          bank_account: '6222020200000000000',
          address: '北京',
          phone: '010-12345678',
          batch_count: 1,
          total: 6_151_500 + legacy[0],
          deduction: 0,
          tax: 369_100,
          net: 6_151_500 + legacy[0] - 369_100,
          rate_percent: 6,
          applicant_id: 1,
          create_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      invoiceId = Number(invoice.id);
      await tx
        .insertInto('invoice_batches')
        .values({
          invoice_id: invoiceId,
          batch_id: created.batchId,
          success_amount: 6_151_500,
          success_charge: legacy[0],
        })
        .execute();
    });
    await rebuildStatistics(test.db);
    expect(await amountsBelowFen(test.db)).not.toEqual([]);
    expect(await balanceOf(test.db, account)).toBe(100_000_000 - 6_151_500 - 369_090);

    await test.db.transaction().execute((tx) => migrateToWholeFen(tx));

    expect(await amountsBelowFen(test.db)).toEqual([]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
    const migrated = await test.db
      .selectFrom('payout_items')
      .select('service_charge')
      .where('batch_id', '=', created.batchId)
      .orderBy('id')
      .execute();
    expect(migrated.map((item) => Number(item.service_charge))).toEqual([369_100, 7_400]);
    const batchRow = await test.db
      .selectFrom('payout_batches')
      .select(['service_charge', 'success_charge'])
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect([Number(batchRow.service_charge), Number(batchRow.success_charge)]).toEqual([376_500, 369_100]);
    const fund = await test.db
      .selectFrom('abnormal_funds')
      .select('service_charge')
      .where('item_id', '=', items[1].id)
      .executeTakeFirstOrThrow();
    expect(Number(fund.service_charge)).toBe(7_400);
    // recharge, payouts, charge, refund of the failed item (12.34 + 0.74)
    const entries = await test.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount'])
      .where('company_id', '=', account.companyId)
      .orderBy('id')
      .execute();
    expect(entries.map((row) => [row.kind, Number(row.amount)])).toEqual([
      [LEDGER.recharge, 100_000_000],
      [LEDGER.payout, -6_274_900],
      [LEDGER.serviceCharge, -376_500],
      [LEDGER.refund, 130_800],
    ]);
    expect(await balanceOf(test.db, account)).toBe(100_000_000 - 6_151_500 - 369_100);
    expect(await runningBalanceErrors(account.companyId, account.platformMark)).toBe(0);
    expect(await statisticsVsLedger(account.companyId)).toEqual([]);
    const groups = await test.db
      .selectFrom('stat_group_day')
      .select(sql<string>`SUM(charge_amount)`.as('charge'))
      .executeTakeFirstOrThrow();
    const ledgerCharge = await test.db
      .selectFrom('ledger_entries')
      .select(sql<string>`-SUM(amount)`.as('charge'))
      .where('kind', '=', LEDGER.serviceCharge)
      .executeTakeFirstOrThrow();
    expect(Number(groups.charge)).toBe(Number(ledgerCharge.charge));

    // 价税合计 615.15 + 36.91 = 652.06 yuan; tax 652.06 × 6 / 106 = 36.9090… → 36.91; net 615.15
    const invoice = await test.db
      .selectFrom('invoices')
      .select(['total', 'tax', 'net'])
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect([Number(invoice.total), Number(invoice.tax), Number(invoice.net)]).toEqual([6_520_600, 369_100, 6_151_500]);

    // Run again: nothing changes.
    const snapshot = await test.db.selectFrom('ledger_entries').select(['id', 'amount', 'balance_after']).execute();
    await test.db.transaction().execute((tx) => migrateToWholeFen(tx));
    expect(await test.db.selectFrom('ledger_entries').select(['id', 'amount', 'balance_after']).execute()).toEqual(
      snapshot,
    );
  });
});
