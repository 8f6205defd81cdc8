import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../src/domain/charges';
import { ABNORMAL, BATCH, ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { createTestApp, type TestApp } from './support/testApp';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => test?.close());

const ACCOUNT = { companyId: 910001, platformMark: 1 };
const RATE = 600;

function idCard(serial: number): string {
  const body = `11010119900101${String(serial).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

function card(serial: number, valid = true): string {
  const body = `62220200${String(serial).padStart(10, '0')}`;
  const check = Number(luhnCheckDigit(body));
  return body + String(valid ? check : (check + 1) % 10);
}

const row = (serial: number, amount: number, validCard = true): PayoutRow => ({
  rowNo: serial + 1,
  name: `收款人${serial}`,
  idCard: idCard(serial),
  bankCard: card(serial, validCard),
  mobile: null,
  amount,
  remark: null,
});

describe('batch payouts: creation and processing', () => {
  it('debits payouts plus charge, pays the items, refunds a failed one and records it as abnormal', async () => {
    await test.db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          ACCOUNT,
          [{ kind: LEDGER.recharge, amount: 10_000_000, refType: 'recharge', refId: 1, operatorId: null }],
          chinaTime(),
        ),
      );
    const rows = [row(1, 1_000_000), row(2, 333_300, false), row(3, 12_300)];
    const charges = rows.map((item) => itemServiceCharge(item.amount, RATE));
    const created = await test.db
      .transaction()
      .execute((tx) =>
        createBatch(tx, { ...ACCOUNT, operatorId: 1, rows, rate: RATE, draftId: null, now: chinaTime() }),
      );
    const total = 1_000_000 + 333_300 + 12_300;
    const charge = charges.reduce((sum, value) => sum + value, 0);
    expect(created).toMatchObject({
      totalAmount: total,
      serviceCharge: charge,
      balanceAfter: 10_000_000 - total - charge,
    });
    expect(created.batchNo).toMatch(/^PL\d{20}$/);

    expect(await test.app.payouts.drain()).toBe(3);
    const batch = await test.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ status: BATCH.partlyFailed, success_count: 2, failed_count: 1 });
    expect(Number(batch.success_amount)).toBe(1_012_300);
    expect(Number(batch.success_charge)).toBe(charges[0] + charges[2]);
    expect(Number(batch.failed_amount)).toBe(333_300);
    const items = await test.db
      .selectFrom('payout_items')
      .select(['status', 'fail_reason'])
      .where('batch_id', '=', created.batchId)
      .orderBy('id')
      .execute();
    expect(items.map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.failed, ITEM.succeeded]);
    const abnormal = await test.db
      .selectFrom('abnormal_funds')
      .selectAll()
      .where('batch_id', '=', created.batchId)
      .execute();
    expect(abnormal).toHaveLength(1);
    expect(abnormal[0]).toMatchObject({ status: ABNORMAL.pending, name: '收款人2' });
    expect(await balanceOf(test.db, ACCOUNT)).toBe(10_000_000 - 1_012_300 - charges[0] - charges[2]);
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);
    // Nothing is left to pay, and a second drain changes nothing.
    expect(await test.app.payouts.drain()).toBe(0);
  });

  it('writes nothing when the balance cannot cover payouts and charge', async () => {
    const account = { companyId: 910002, platformMark: 3 };
    const before = await test.db
      .selectFrom('payout_batches')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      test.db.transaction().execute((tx) =>
        createBatch(tx, {
          ...account,
          operatorId: 1,
          rows: [row(9, 10_000)],
          rate: RATE,
          draftId: null,
          now: chinaTime(),
        }),
      ),
    ).rejects.toMatchObject({ content: { shortfall: 10_600, balance: 0 } });
    const after = await test.db
      .selectFrom('payout_batches')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const items = await test.db
      .selectFrom('payout_items')
      .select('id')
      .where('company_id', '=', account.companyId)
      .execute();
    expect(items).toEqual([]);
  });
});
