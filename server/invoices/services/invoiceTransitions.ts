import { BATCH_INVOICE, INVOICE, INVOICE_KIND_PAPER } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import type { Audit } from '../../engine/operationLog';
import { fail } from '../../http/errors';
import { addInvoicedToRollups } from '../../statistics/invoicedRollups';
import { emitMerchantEvent } from '../../webhooks/events';

/**
 * Finance's steps on an application: issue (已申请 → 已开票), mail (已开票 paper → 已邮寄), reject (已申请 →
 * 已驳回). Each is a conditional update on the current status, in one transaction with the batches it moves,
 * so a step clicked twice (or by two people) happens once and the second hears why not.
 */
export type InvoiceStep = 'issue' | 'mail' | 'reject';

/** Why `step` cannot be taken from `status` (the caller has just lost a race or repeats a step). */
export function stepRefusal(step: InvoiceStep, status: number, kind: number): string {
  if (step === 'issue') {
    if (status === INVOICE.rejected) return '该发票申请已驳回，不能开票';
    return '该发票已开票，请勿重复操作';
  }
  if (step === 'mail') {
    if (kind !== INVOICE_KIND_PAPER) return '电子发票无需邮寄';
    if (status === INVOICE.applied) return '请先开票再邮寄';
    if (status === INVOICE.mailed) return '该发票已邮寄，请勿重复操作';
    return '该发票申请已驳回，不能邮寄';
  }
  if (status === INVOICE.rejected) return '该发票申请已驳回，请勿重复操作';
  return '该发票已开票，不能驳回';
}

async function currentState(db: Db, id: number): Promise<{ status: number; kind: number }> {
  const row = await db.selectFrom('invoices').select(['status', 'kind']).where('id', '=', id).executeTakeFirst();
  if (!row) fail('发票申请不存在');
  return { status: Number(row.status), kind: Number(row.kind) };
}

export interface IssuedFile {
  url: string;
  name: string;
}

export async function issueInvoice(
  db: Db,
  id: number,
  issued: { invoiceNumber: string | null; file: IssuedFile | null },
  handlerId: number,
  now: string,
  audit?: Audit,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const result = await tx
      .updateTable('invoices')
      .set({
        status: INVOICE.issued,
        invoice_number: issued.invoiceNumber,
        invoice_file_url: issued.file?.url ?? null,
        invoice_file_name: issued.file?.name ?? null,
        handler_id: handlerId,
        issue_time: now,
      })
      .where('id', '=', id)
      .where('status', '=', INVOICE.applied)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const state = await currentState(tx, id);
      fail(stepRefusal('issue', state.status, state.kind));
    }
    await tx
      .updateTable('payout_batches')
      .set({ invoice_status: BATCH_INVOICE.issued })
      .where('invoice_id', '=', id)
      .where('invoice_status', '=', BATCH_INVOICE.applied)
      .execute();
    // The statistics' 已开票 / 未开票 split moves with the batches, in the same transaction.
    await addInvoicedToRollups(tx, id);
    await emitMerchantEvent(tx, { invoice: id });
    await audit?.(tx);
  });
}

export async function mailInvoice(
  db: Db,
  id: number,
  trackingNo: string,
  handlerId: number,
  now: string,
  audit?: Audit,
) {
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const result = await tx
      .updateTable('invoices')
      .set({ status: INVOICE.mailed, tracking_no: trackingNo, handler_id: handlerId, mail_time: now })
      .where('id', '=', id)
      .where('status', '=', INVOICE.issued)
      .where('kind', '=', INVOICE_KIND_PAPER)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const state = await currentState(tx, id);
      fail(stepRefusal('mail', state.status, state.kind));
    }
    await audit?.(tx);
  });
}

/** Rejects the application and releases its batches (they may be invoiced again), in one transaction. */
export async function rejectInvoice(db: Db, id: number, reason: string, handlerId: number, audit?: Audit) {
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const result = await tx
      .updateTable('invoices')
      .set({ status: INVOICE.rejected, reject_reason: reason, handler_id: handlerId })
      .where('id', '=', id)
      .where('status', '=', INVOICE.applied)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const state = await currentState(tx, id);
      fail(stepRefusal('reject', state.status, state.kind));
    }
    await tx
      .updateTable('payout_batches')
      .set({ invoice_status: BATCH_INVOICE.none, invoice_id: null })
      .where('invoice_id', '=', id)
      .where('invoice_status', '=', BATCH_INVOICE.applied)
      .execute();
    await audit?.(tx);
  });
}
