import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** A batch's income tax withheld and the net its workers receive (the items' sums, as stored). */
export async function batchTaxTotals(db: Db, batchId: number): Promise<{ taxAmount: number; netAmount: number }> {
  const row = await db
    .selectFrom('payout_items')
    .select([sql<number>`COALESCE(SUM(tax_amount), 0)`.as('tax'), sql<number>`COALESCE(SUM(net_amount), 0)`.as('net')])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return { taxAmount: Number(row.tax), netAmount: Number(row.net) };
}
