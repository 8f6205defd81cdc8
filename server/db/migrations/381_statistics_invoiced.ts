import type { Kysely } from 'kysely';
import { regroupRollups } from './111_statistics_sale_partner';
import { bigint, notNullDefault, sql } from './columns';

/**
 * 已开票金额 and 未开票金额 in the rollups (server/statistics/invoicedRollups.ts): the part of a day's payout_amount
 * whose batches are on an issued invoice (the successful payouts the invoice line covers) and the rest. Older
 * rows are filled from the ledger's payout entries, their batches and the invoice lines of issued invoices; the
 * group rows are summed anew from the company rows (as migration 230 did), so they carry the split too.
 */
const PAYOUT = 2;
const BATCH_ISSUED = 2;
const TABLES = ['stat_company_day', 'stat_company_month', 'stat_group_day'] as const;

async function fill(db: Kysely<any>, table: 'stat_company_day' | 'stat_company_month', length: number) {
  await sql`UPDATE ${sql.table(table)} SET invoiced_amount = (
      SELECT COALESCE(SUM(ib.success_amount), 0)
      FROM ledger_entries e
        JOIN payout_batches b ON e.ref_type = 'batch' AND b.id = e.ref_id
        JOIN invoice_batches ib ON ib.batch_id = b.id AND ib.invoice_id = b.invoice_id
      WHERE e.kind = ${sql.lit(PAYOUT)} AND b.invoice_status = ${sql.lit(BATCH_ISSUED)}
        AND e.company_id = ${sql.ref(`${table}.company_id`)}
        AND e.platform_mark = ${sql.ref(`${table}.platform_mark`)}
        AND SUBSTR(e.create_time, 1, ${sql.lit(length)}) = ${sql.ref(`${table}.${length === 10 ? 'day' : 'month'}`)})
    WHERE payout_amount > 0`.execute(db);
  await sql`UPDATE ${sql.table(table)} SET uninvoiced_amount = payout_amount - invoiced_amount`.execute(db);
}

/** Fills the split of every rollup row (exported for the test that proves it on older rows). */
export async function fillInvoicedSplit(db: Kysely<any>): Promise<void> {
  await fill(db, 'stat_company_day', 10);
  await fill(db, 'stat_company_month', 7);
  await regroupRollups(db);
  await sql`UPDATE stat_group_day SET invoiced_amount = (
      SELECT COALESCE(SUM(t.invoiced_amount), 0) FROM stat_company_day t LEFT JOIN companies c ON c.id = t.company_id
      WHERE t.platform_mark = stat_group_day.platform_mark AND t.day = stat_group_day.day
        AND t.department_id = stat_group_day.department_id AND t.subsidiary_id = stat_group_day.subsidiary_id
        AND COALESCE(c.sale_partner_id, 0) = stat_group_day.sale_partner_id)
    WHERE payout_amount > 0`.execute(db);
  await sql`UPDATE stat_group_day SET uninvoiced_amount = payout_amount - invoiced_amount`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('invoiced_amount', bigint, notNullDefault(0)).execute();
    await db.schema.alterTable(table).addColumn('uninvoiced_amount', bigint, notNullDefault(0)).execute();
  }
  await fillInvoicedSplit(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('uninvoiced_amount').execute();
    await db.schema.alterTable(table).dropColumn('invoiced_amount').execute();
  }
}
