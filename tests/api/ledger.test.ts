import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import {
  balanceOf,
  InsufficientBalanceError,
  ledgerDiscrepancies,
  postEntries,
} from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { createTestApp, type TestApp } from './support/testApp';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => test?.close());

const ACCOUNT = { companyId: 900001, platformMark: 1 };
const entry = (amount: number, kind: number = LEDGER.recharge) => ({
  kind,
  amount,
  refType: 'recharge' as const,
  refId: 1,
  operatorId: null,
});

describe('ledger', () => {
  it('credits and debits through entries that add up to the balance', async () => {
    await test.db.transaction().execute((tx) => postEntries(tx, ACCOUNT, [entry(1_000_000)], chinaTime()));
    const after = await test.db
      .transaction()
      .execute((tx) =>
        postEntries(tx, ACCOUNT, [entry(-300_000, LEDGER.payout), entry(-18_000, LEDGER.serviceCharge)], chinaTime()),
      );
    expect(after).toBe(682_000);
    expect(await balanceOf(test.db, ACCOUNT)).toBe(682_000);
    const entries = await test.db
      .selectFrom('ledger_entries')
      .select(['amount', 'balance_after'])
      .where('company_id', '=', ACCOUNT.companyId)
      .orderBy('id')
      .execute();
    expect(entries.map((row) => [Number(row.amount), Number(row.balance_after)])).toEqual([
      [1_000_000, 1_000_000],
      [-300_000, 700_000],
      [-18_000, 682_000],
    ]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });

  it('refuses a debit beyond the balance whole, with the shortfall, and writes nothing', async () => {
    const before = await balanceOf(test.db, ACCOUNT);
    const attempt = test.db
      .transaction()
      .execute((tx) =>
        postEntries(tx, ACCOUNT, [entry(-before, LEDGER.payout), entry(-100, LEDGER.serviceCharge)], chinaTime()),
      );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(attempt).rejects.toMatchObject({
      content: { shortfall: 100, balance: before, required: before + 100 },
    });
    expect(await balanceOf(test.db, ACCOUNT)).toBe(before);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });

  it('never lets parallel debits overdraw', async () => {
    const account = { companyId: 900002, platformMark: 3 };
    await test.db.transaction().execute((tx) => postEntries(tx, account, [entry(10_000)], chinaTime()));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        test.db.transaction().execute((tx) => postEntries(tx, account, [entry(-700, LEDGER.payout)], chinaTime())),
      ),
    );
    const paid = results.filter((result) => result.status === 'fulfilled').length;
    expect(paid).toBe(14);
    expect(await balanceOf(test.db, account)).toBe(10_000 - 14 * 700);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
  });
});
