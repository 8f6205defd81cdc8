import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import {
  balanceOf,
  InsufficientBalanceError,
  ledgerDiscrepancies,
  postEntries,
} from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../src/domain/charges';
import { LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Property: whatever the interleaving of top-ups, confirmations (repeated ones too), batch
 * submissions (some beyond the balance), item failures and their refunds — sequential or concurrent — every
 * account's balance equals the sum of its ledger entries, is never negative, and equals what a simple model
 * of the same operations expects.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => test?.close());

const RATE = 600;
let nextCompany = 950_000;

type Command =
  | { op: 'topUp'; amount: number }
  | { op: 'confirm'; pick: number }
  | { op: 'submit'; amounts: number[]; failing: boolean[] }
  | { op: 'process' }
  | { op: 'together'; first: Command; second: Command };

// Amounts that move are whole fen: 0.01 to 500 yuan.
const amount = fc.integer({ min: 1, max: 50_000 }).map((fen) => fen * 100);
const simple: fc.Arbitrary<Command> = fc.oneof(
  amount.map((value) => ({ op: 'topUp' as const, amount: value })),
  fc.nat(20).map((pick) => ({ op: 'confirm' as const, pick })),
  fc.array(fc.tuple(amount, fc.boolean()), { minLength: 1, maxLength: 5 }).map((rows) => ({
    op: 'submit' as const,
    amounts: rows.map(([value]) => value),
    failing: rows.map(([, fail]) => fail),
  })),
  fc.constant({ op: 'process' as const }),
);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: simple },
  {
    weight: 1,
    arbitrary: fc.tuple(simple, simple).map(([first, second]) => ({ op: 'together' as const, first, second })),
  },
);

function payee(serial: number, failing: boolean): Omit<PayoutRow, 'amount'> {
  const idBody = `11010119900101${String(serial % 1000).padStart(3, '0')}`;
  const cardBody = `62220200${String(serial).padStart(10, '0')}`;
  const check = Number(luhnCheckDigit(cardBody));
  return {
    rowNo: serial + 1,
    name: `收款人${serial}`,
    idCard: idBody + nationalIdCheckChar(idBody),
    bankCard: cardBody + String(failing ? (check + 1) % 10 : check),
    mobile: null,
    remark: null,
  };
}

interface Model {
  pending: number[];
  rechargeAmounts: Map<number, number>;
  confirmed: Set<number>;
  balance: number;
  /** refunds owed once the processor runs (amount + charge of each failing item of an accepted batch) */
  owedRefunds: number;
}

async function run(companyId: number, cmd: Command, model: Model): Promise<void> {
  const account = { companyId, platformMark: 1 };
  switch (cmd.op) {
    case 'topUp': {
      const row = await test.db
        .insertInto('recharges')
        .values({
          company_id: companyId,
          platform_mark: 1,
          amount: cmd.amount,
          payer_name: '付款人',
          payer_account: '6222020000000000',
          bank_serial: `P${companyId}-${model.rechargeAmounts.size}-${Math.random().toString(36).slice(2)}`,
          voucher_url: '/api-v1/dl?file=1',
          applicant_id: 1,
          create_time: chinaTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      model.pending.push(Number(row.id));
      model.rechargeAmounts.set(Number(row.id), cmd.amount);
      return;
    }
    case 'confirm': {
      const all = [...model.rechargeAmounts.keys()];
      if (all.length === 0) return;
      const id = all[cmd.pick % all.length];
      // The confirmation the finance screen makes: conditional on the status, credit in the same transaction.
      const credited = await test.db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable('recharges')
          .set({ status: RECHARGE.confirmed, handler_id: 1, handle_time: chinaTime() })
          .where('id', '=', id)
          .where('status', '=', RECHARGE.pending)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const value = model.rechargeAmounts.get(id) ?? 0;
        await postEntries(
          tx,
          account,
          [{ kind: LEDGER.recharge, amount: value, refType: 'recharge', refId: id, operatorId: 1 }],
          chinaTime(),
        );
        return true;
      });
      if (credited) {
        model.confirmed.add(id);
        model.balance += model.rechargeAmounts.get(id) ?? 0;
      }
      return;
    }
    case 'submit': {
      const rows = cmd.amounts.map((value, index) => ({ ...payee(index, cmd.failing[index]), amount: value }));
      const cost = rows.reduce((sum, row) => sum + row.amount + itemServiceCharge(row.amount, RATE), 0);
      try {
        await test.db
          .transaction()
          .execute((tx) =>
            createBatch(tx, { ...account, operatorId: 1, rows, rate: RATE, draftId: null, now: chinaTime() }),
          );
        model.balance -= cost;
        model.owedRefunds += rows
          .filter((_, index) => cmd.failing[index])
          .reduce((sum, row) => sum + row.amount + itemServiceCharge(row.amount, RATE), 0);
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
      }
      return;
    }
    case 'process': {
      await test.app.payouts.drain();
      model.balance += model.owedRefunds;
      model.owedRefunds = 0;
      return;
    }
    case 'together':
      // Both start before either finishes; the model is order-independent for every pair we can observe
      // because the checks below only compare after both settle.
      await Promise.all([run(companyId, cmd.first, model), run(companyId, cmd.second, model)]);
      return;
  }
}

describe('ledger property', () => {
  it('keeps balance = sum of entries ≥ 0 under any interleaving of money operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const companyId = nextCompany++;
        const account = { companyId, platformMark: 1 };
        const model: Model = {
          pending: [],
          rechargeAmounts: new Map(),
          confirmed: new Set(),
          balance: 0,
          owedRefunds: 0,
        };
        for (const cmd of commands) {
          await run(companyId, cmd, model);
          const balance = await balanceOf(test.db, account);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(await ledgerDiscrepancies(test.db)).toEqual([]);
          // Refunds land only when the processor runs, and a concurrent 'process' may already have paid them.
          expect([model.balance, model.balance + model.owedRefunds]).toContain(balance);
        }
        await run(companyId, { op: 'process' }, model);
        expect(await balanceOf(test.db, account)).toBe(model.balance);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
