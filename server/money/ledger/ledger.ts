import { sql, type Transaction } from 'kysely';
import { CODE_BUSINESS_ERROR } from '../../../src/domain/codes';
import { formatMoney, isWholeFen } from '../../../src/domain/money';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { BusinessError } from '../../http/errors';
import { addToRollups } from '../../statistics/rollups';

/**
 * The ledger (DESIGN §4): the only code that changes a balance. Every change is one or more
 * ledger entries written inside the caller's transaction, next to the business record that caused it, so
 * the two commit or roll back together. Every amount and balance is whole fen (NonFenAmountError otherwise). A debit that would take the balance below zero changes nothing
 * and throws InsufficientBalanceError; the balance is never negative and always equals the sum of its
 * entries (`ledgerDiscrepancies` checks that).
 *
 * Concurrency: the balance moves with one conditional UPDATE (`balance + delta >= 0`). PostgreSQL takes the
 * row lock and re-checks the condition against the committed balance; SQLite runs one write transaction at
 * a time. Either way two debits cannot both pass on the same money.
 */
export type Tx = Transaction<Database>;

export interface AccountKey {
  companyId: number;
  platformMark: number;
}

export interface EntryInput {
  /** LEDGER in src/domain/moneyEnums.ts */
  kind: number;
  /** Signed units of 1/10000 yuan: credits positive, debits negative. */
  amount: number;
  /** deposit: a 无法归属资金 record finance attributed to the company (server/finance). */
  refType: 'recharge' | 'batch' | 'item' | 'abnormal' | 'deposit';
  refId: number;
  operatorId: number | null;
  remark?: string | null;
  /** A batch debit: how many payments (payout items) it carries; statistics count payments, not batches. */
  payments?: number;
}

export class InsufficientBalanceError extends BusinessError {
  constructor(
    readonly balance: number,
    readonly required: number,
  ) {
    const shortfall = required - balance;
    super(
      `账户余额不足：需支付 ${formatMoney(required)} 元，当前余额 ${formatMoney(balance)} 元，还差 ${formatMoney(shortfall)} 元`,
      CODE_BUSINESS_ERROR,
      { balance, required, shortfall },
    );
  }
}

/** An amount or balance that is not a whole number of fen reached the ledger (an internal error, never shown). */
export class NonFenAmountError extends Error {
  override name = 'NonFenAmountError';
}

/** Applies entries to one account atomically (all or none) and returns the balance after the last one. */
export async function postEntries(
  tx: Tx,
  account: AccountKey,
  entries: readonly EntryInput[],
  now: string,
): Promise<number> {
  // Banks move whole fen (DESIGN §2): an amount below a fen means a computation skipped divideToFen. That is a
  // bug, not a business error, so nothing is written and the caller's transaction rolls back.
  for (const entry of entries) {
    if (!isWholeFen(entry.amount)) throw new NonFenAmountError(`ledger amount ${entry.amount} is not whole fen`);
  }
  const delta = entries.reduce((sum, entry) => sum + entry.amount, 0);
  await tx
    .insertInto('accounts')
    .values({ company_id: account.companyId, platform_mark: account.platformMark, balance: 0, update_time: now })
    .onConflict((conflict) => conflict.columns(['company_id', 'platform_mark']).doNothing())
    .execute();
  const updated = await tx
    .updateTable('accounts')
    .set({ balance: sql`balance + ${delta}`, update_time: now })
    .where('company_id', '=', account.companyId)
    .where('platform_mark', '=', account.platformMark)
    .where(sql<boolean>`balance + ${delta} >= 0`)
    .returning('balance')
    .executeTakeFirst();
  if (!updated) {
    const balance = await balanceOf(tx, account);
    throw new InsufficientBalanceError(balance, -delta);
  }
  if (!isWholeFen(Number(updated.balance))) {
    throw new NonFenAmountError(`balance ${updated.balance} of company ${account.companyId} is not whole fen`);
  }
  let running = Number(updated.balance) - delta;
  for (const entry of entries) {
    running += entry.amount;
    await tx
      .insertInto('ledger_entries')
      .values({
        company_id: account.companyId,
        platform_mark: account.platformMark,
        kind: entry.kind,
        amount: entry.amount,
        balance_after: running,
        ref_type: entry.refType,
        ref_id: entry.refId,
        operator_id: entry.operatorId,
        remark: entry.remark ?? null,
        create_time: now,
      })
      .execute();
  }
  // The statistics rollups move with the entries, in the same transaction.
  await addToRollups(tx, account, entries, now);
  return running;
}

export async function balanceOf(db: Db | Tx, account: AccountKey): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('balance')
    .where('company_id', '=', account.companyId)
    .where('platform_mark', '=', account.platformMark)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

export interface Discrepancy {
  companyId: number;
  platformMark: number;
  balance: number;
  entrySum: number;
}

/** Accounts whose balance differs from the sum of their entries, or is negative (should always be empty). */
export async function ledgerDiscrepancies(db: Db): Promise<Discrepancy[]> {
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('ledger_entries', (join) =>
      join
        .onRef('ledger_entries.company_id', '=', 'accounts.company_id')
        .onRef('ledger_entries.platform_mark', '=', 'accounts.platform_mark'),
    )
    .select(['accounts.company_id', 'accounts.platform_mark', 'accounts.balance'])
    .select(sql<number>`coalesce(sum(ledger_entries.amount), 0)`.as('entry_sum'))
    .groupBy(['accounts.company_id', 'accounts.platform_mark', 'accounts.balance'])
    .execute();
  return rows
    .map((row) => ({
      companyId: Number(row.company_id),
      platformMark: Number(row.platform_mark),
      balance: Number(row.balance),
      entrySum: Number(row.entry_sum),
    }))
    .filter((row) => row.balance !== row.entrySum || row.balance < 0);
}
