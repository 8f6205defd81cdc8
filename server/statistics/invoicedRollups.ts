import { type Kysely, sql } from 'kysely';
import { BATCH_INVOICE, LEDGER } from '../../src/domain/moneyEnums';
import type { Database } from '../db/schema';

/**
 * 已开票金额 and 未开票金额 in the rollups: the split of 打款金额 (payout_amount) by invoicing, so a page reconciles
 * invoicing with payouts. The rule, read from how an application references batches (server/invoices):
 * - a payout batch is invoiced when its invoice is issued: payout_batches.invoice_status = 已开票 and its
 *   invoice_id names the invoice; its 已开票金额 is the successful payout amount that invoice covers for it
 *   (invoice_batches.success_amount, without the service charge, which 服务费 shows);
 * - 未开票金额 is the rest of the batch's payout debit: batches not applied for, applied for but not yet issued,
 *   and the items that failed (given back, in 失败退回), so 已开票 + 未开票 = 打款金额 in every row;
 * - both stay on the day (and month) of the batch's payout debit, the day its 打款金额 counts on.
 * An issued invoice is never un-issued (finance rejects only applications not yet issued, and that releases
 * batches that were never invoiced), so issuing is the one event that moves an amount from 未开票 to 已开票.
 */

/** Joins the payout entry's batch (alias b) to the invoice line of its issued invoice (alias ib), if any. */
export const INVOICED_LINE_JOIN = `LEFT JOIN invoice_batches ib ON b.invoice_status = ${BATCH_INVOICE.issued}
      AND ib.batch_id = b.id AND ib.invoice_id = b.invoice_id`;

type Writer = Kysely<Database>;

interface InvoicedDay {
  companyId: number;
  platformMark: number;
  day: string;
  amount: number;
}

/** The amounts an issued invoice covers, per company, edition and day of the batches' payout debits. */
async function invoicedDays(tx: Writer, invoiceId: number): Promise<InvoicedDay[]> {
  const result = await sql<{ company_id: number; platform_mark: number; day: string; amount: number | string }>`
    SELECT e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10) AS day, SUM(ib.success_amount) AS amount
    FROM invoice_batches ib
      JOIN payout_batches b ON b.id = ib.batch_id AND b.invoice_id = ib.invoice_id
        AND b.invoice_status = ${BATCH_INVOICE.issued}
      JOIN ledger_entries e ON e.ref_type = 'batch' AND e.ref_id = b.id AND e.kind = ${LEDGER.payout}
    WHERE ib.invoice_id = ${invoiceId}
    GROUP BY e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10)`.execute(tx);
  return result.rows
    .map((row) => ({
      companyId: Number(row.company_id),
      platformMark: Number(row.platform_mark),
      day: String(row.day),
      amount: Number(row.amount),
    }))
    .filter((row) => row.amount !== 0);
}

const moved = (table: string, amount: number) => ({
  invoiced_amount: sql<number>`${sql.ref(`${table}.invoiced_amount`)} + ${amount}`,
  uninvoiced_amount: sql<number>`${sql.ref(`${table}.uninvoiced_amount`)} - ${amount}`,
});

/**
 * Moves what an invoice covers from 未开票 to 已开票 in the rollup rows of its batches' payout days, in the
 * transaction that issues it (after its batches read 已开票). The company rows are those the payouts created; the
 * group row is the one of the company row's department and 分公司 and the company's sale partner now (a partner
 * reassigned since the payout gets the amount; a rebuild files both under the current partner).
 */
export async function addInvoicedToRollups(tx: Writer, invoiceId: number): Promise<void> {
  for (const { companyId, platformMark, day, amount } of await invoicedDays(tx, invoiceId)) {
    const dayRow = await tx
      .updateTable('stat_company_day')
      .set(moved('stat_company_day', amount))
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', platformMark)
      .where('day', '=', day)
      .returning(['department_id', 'subsidiary_id'])
      .executeTakeFirst();
    await tx
      .updateTable('stat_company_month')
      .set(moved('stat_company_month', amount))
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', platformMark)
      .where('month', '=', day.slice(0, 7))
      .execute();
    if (!dayRow) continue;
    const company = await tx
      .selectFrom('companies')
      .select('sale_partner_id')
      .where('id', '=', companyId)
      .executeTakeFirst();
    await tx
      .insertInto('stat_group_day')
      .values({
        platform_mark: platformMark,
        day,
        department_id: Number(dayRow.department_id),
        subsidiary_id: Number(dayRow.subsidiary_id),
        sale_partner_id: Number(company?.sale_partner_id ?? 0),
        invoiced_amount: amount,
        uninvoiced_amount: -amount,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['platform_mark', 'day', 'department_id', 'subsidiary_id', 'sale_partner_id'])
          .doUpdateSet(moved('stat_group_day', amount)),
      )
      .execute();
  }
}
