import { sql } from 'kysely';
import { isWholeFen } from '../../../src/domain/money';
import type { Db } from '../../db/database';
import { NonFenAmountError, type Tx } from '../ledger/ledger';

/**
 * Each signing entity's 代扣税款 account (per edition): the income tax it withheld from its workers and holds
 * until it files and pays it. Like the company ledger (ledger.ts), its balance changes only here, by entries
 * written in the caller's transaction next to the record that caused them, in whole fen. The balance may go below
 * zero: an item returned after its month was filed and paid gives back tax the entity already paid, which it
 * reclaims or sets against the next period (docs/tax.md).
 */
export interface TaxAccountKey {
  enterpriseId: number;
  platformMark: number;
}

export interface TaxEntryInput {
  taxMonth: string;
  /** TAX_ENTRY */
  kind: number;
  /** Signed units: withheld positive, given back and paid negative. */
  amount: number;
  companyId: number | null;
  refType: 'item' | 'filing';
  refId: number;
  remark?: string | null;
}

const INSERT_CHUNK = 500;

export async function postTaxEntries(
  tx: Tx,
  account: TaxAccountKey,
  entries: readonly TaxEntryInput[],
  now: string,
): Promise<number> {
  for (const entry of entries) {
    if (!isWholeFen(entry.amount)) throw new NonFenAmountError(`tax entry amount ${entry.amount} is not whole fen`);
  }
  const delta = entries.reduce((sum, entry) => sum + entry.amount, 0);
  await tx
    .insertInto('tax_accounts')
    .values({ enterprise_id: account.enterpriseId, platform_mark: account.platformMark, balance: 0, update_time: now })
    .onConflict((conflict) => conflict.columns(['enterprise_id', 'platform_mark']).doNothing())
    .execute();
  const updated = await tx
    .updateTable('tax_accounts')
    .set({ balance: sql`balance + ${delta}`, update_time: now })
    .where('enterprise_id', '=', account.enterpriseId)
    .where('platform_mark', '=', account.platformMark)
    .returning('balance')
    .executeTakeFirstOrThrow();
  let running = Number(updated.balance) - delta;
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    await tx
      .insertInto('tax_entries')
      .values(
        entries.slice(start, start + INSERT_CHUNK).map((entry) => {
          running += entry.amount;
          return {
            enterprise_id: account.enterpriseId,
            platform_mark: account.platformMark,
            tax_month: entry.taxMonth,
            kind: entry.kind,
            amount: entry.amount,
            balance_after: running,
            company_id: entry.companyId,
            ref_type: entry.refType,
            ref_id: entry.refId,
            remark: entry.remark ?? null,
            create_time: now,
          };
        }),
      )
      .execute();
  }
  return running;
}

/** Each entity's 代扣税款 of a month (withheld less given back, before any filing's payment), per edition. */
export async function monthWithheldByEntity(db: Db, platformMark: number, month: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('tax_entries')
    .select(['enterprise_id', sql<number>`SUM(amount)`.as('total')])
    .where('platform_mark', '=', platformMark)
    .where('tax_month', '=', month)
    .where('kind', 'in', [1, 2])
    .groupBy('enterprise_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.enterprise_id), Number(row.total)]));
}

/** Accounts whose balance differs from the sum of their entries (should always be empty). */
export async function taxAccountDiscrepancies(
  db: Db,
): Promise<{ enterpriseId: number; balance: number; sum: number }[]> {
  const rows = await db
    .selectFrom('tax_accounts')
    .leftJoin('tax_entries', (join) =>
      join
        .onRef('tax_entries.enterprise_id', '=', 'tax_accounts.enterprise_id')
        .onRef('tax_entries.platform_mark', '=', 'tax_accounts.platform_mark'),
    )
    .select(['tax_accounts.enterprise_id', 'tax_accounts.balance'])
    .select(sql<number>`coalesce(sum(tax_entries.amount), 0)`.as('entry_sum'))
    .groupBy(['tax_accounts.enterprise_id', 'tax_accounts.platform_mark', 'tax_accounts.balance'])
    .execute();
  return rows
    .map((row) => ({
      enterpriseId: Number(row.enterprise_id),
      balance: Number(row.balance),
      sum: Number(row.entry_sum),
    }))
    .filter((row) => row.balance !== row.sum);
}
