import type { Kysely } from 'kysely';
import { regroupRollups } from './111_statistics_sale_partner';
import { sql } from './columns';

/**
 * What an operator's week needs:
 * - 打款笔数 counts payments to workers (payout items), not batches: a batch's debit now adds its item count to the
 *   rollups. Rows written before counted one per batch debit; they are recounted from the ledger and the batches,
 *   and the group rows summed again from the company rows (as rebuildStatistics does).
 * - The operation log keeps the record's name (record_title) beside its id, for the 记录 column.
 */
const PAYOUT = 2;

async function recount(db: Kysely<any>, table: 'stat_company_day' | 'stat_company_month', length: number) {
  await sql`UPDATE ${sql.table(table)} SET payout_count = (
      SELECT COALESCE(SUM(COALESCE(b.item_count, 1)), 0)
      FROM ledger_entries e LEFT JOIN payout_batches b ON e.ref_type = 'batch' AND b.id = e.ref_id
      WHERE e.kind = ${sql.lit(PAYOUT)} AND e.company_id = ${sql.ref(`${table}.company_id`)}
        AND e.platform_mark = ${sql.ref(`${table}.platform_mark`)}
        AND SUBSTR(e.create_time, 1, ${sql.lit(length)}) = ${sql.ref(`${table}.${length === 10 ? 'day' : 'month'}`)})
    WHERE payout_count > 0`.execute(db);
}

/** Recounts every rollup row's payout_count as payments (exported for the test that proves it on old rows). */
export async function recountPayments(db: Kysely<any>): Promise<void> {
  await recount(db, 'stat_company_day', 10);
  await recount(db, 'stat_company_month', 7);
  await regroupRollups(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await recountPayments(db);
  await db.schema.alterTable('operation_logs').addColumn('record_title', 'varchar(128)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The payout counts stay payments: counting batches again would misstate the same figures.
  await db.schema.alterTable('operation_logs').dropColumn('record_title').execute();
}
