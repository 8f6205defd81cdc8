import { randomInt } from 'node:crypto';
import { type InvoiceFigures, invoiceFiguresFor } from '../../../src/domain/invoiceFormulas';
import { BATCH_INVOICE, INVOICE } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import { payingEnterprise } from '../../enterprises/enterprises.service';
import { fail } from '../../http/errors';
import { isUniqueViolation } from '../../http/fieldChecks';
import { type BatchState, companyBatches, ELIGIBLE_BATCH_STATUSES, eligibleBatch } from '../invoiceBatches.repository';
import type { ApplicationRequest, InvoiceInfo } from './applicationRequest';

/**
 * Applying for an invoice: the figures of the chosen batches, and the application written together with the
 * marking of its batches in one transaction. Every batch is marked with a conditional update
 * (`invoice_status = 0`), so of two applications racing for a batch exactly one commits; a batch that is no
 * longer eligible refuses the whole application and nothing changes.
 */
export interface Applicant {
  companyId: number;
  platformMark: number;
  userId: number;
}

export const ELIGIBILITY_MSG = {
  missing: '批次不存在或不属于本企业',
  alreadyApplied: '该批次已申请过发票',
  notEligible: '该批次不可开票：只有已完成或部分失败且有成功金额的批次可以开票',
  changed: '批次金额已变化，请刷新后重新申请',
} as const;

/** Why a batch cannot go on an application, or undefined when it can. */
function refusalOf(batch: BatchState | undefined, platformMark: number): string | undefined {
  if (!batch || batch.platformMark !== platformMark) return ELIGIBILITY_MSG.missing;
  if (batch.invoiceStatus !== BATCH_INVOICE.none) return `${ELIGIBILITY_MSG.alreadyApplied}（${batch.batchNo}）`;
  const finished = (ELIGIBLE_BATCH_STATUSES as readonly number[]).includes(batch.status);
  if (!finished || batch.successAmount <= 0) return `${ELIGIBILITY_MSG.notEligible}（${batch.batchNo}）`;
  return undefined;
}

/** The chosen batches, all eligible, else the first refusal as a business error. */
export async function eligibleBatchesOrFail(db: Db, applicant: Omit<Applicant, 'userId'>, ids: readonly number[]) {
  const batches = await companyBatches(db, applicant.companyId, ids);
  const byId = new Map(batches.map((batch) => [batch.id, batch]));
  for (const id of ids) {
    const refusal = refusalOf(byId.get(id), applicant.platformMark);
    if (refusal) fail(refusal);
  }
  return ids.map((id) => byId.get(id) as BatchState);
}

/** Invoiced total (payouts plus service charge) and the difference-based deduction (the payouts). */
export function figuresOf(
  platformMark: number,
  batches: readonly BatchState[],
): InvoiceFigures & { batchCount: number } {
  const total = batches.reduce((sum, batch) => sum + batch.invoiceable, 0);
  const deduction = batches.reduce((sum, batch) => sum + batch.successAmount, 0);
  return { ...invoiceFiguresFor(platformMark, total, deduction), batchCount: batches.length };
}

/** 'FP' + yyyyMMddHHmmss + 6 random digits: 22 characters. */
export function newApplyNo(now: string): string {
  return `FP${now.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

async function applyOnce(
  db: Db,
  applicant: Applicant,
  request: ApplicationRequest,
  info: InvoiceInfo,
  now: string,
  audit?: (tx: Db, invoiceId: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const batches = await eligibleBatchesOrFail(tx, applicant, request.batchIds);
    const figures = figuresOf(applicant.platformMark, batches);
    const inserted = await tx
      .insertInto('invoices')
      .values({
        apply_no: newApplyNo(now),
        company_id: applicant.companyId,
        platform_mark: applicant.platformMark,
        kind: request.kind,
        category_id: request.categoryId,
        title: info.title,
        tax_number: info.taxNumber,
        bank_name: info.bankName,
        bank_account: info.bankAccount,
        address: info.address,
        phone: info.phone,
        batch_count: figures.batchCount,
        total: figures.total,
        deduction: figures.deduction,
        tax: figures.tax,
        net: figures.net,
        rate_percent: figures.ratePercent,
        status: INVOICE.applied,
        recipient: request.recipient,
        recipient_phone: request.recipientPhone,
        mail_address: request.mailAddress,
        remark: request.remark,
        applicant_id: applicant.userId,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoiceId = Number(inserted.id);

    const marked = await tx
      .updateTable('payout_batches')
      .set({ invoice_status: BATCH_INVOICE.applied, invoice_id: invoiceId })
      .where('company_id', '=', applicant.companyId)
      .where('platform_mark', '=', applicant.platformMark)
      .where('id', 'in', request.batchIds)
      .where(eligibleBatch)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== request.batchIds.length) {
      // Another application took a batch after we read it: say which, and roll everything back.
      await eligibleBatchesOrFail(tx, applicant, request.batchIds);
      fail(`${ELIGIBILITY_MSG.alreadyApplied}，请刷新后重新选择`);
    }
    // The figures were computed from what we read; the marked rows must still say the same.
    const markedTotal = await tx
      .selectFrom('payout_batches')
      .select((eb) => eb.fn.sum<number | string>(eb('success_amount', '+', eb.ref('success_charge'))).as('total'))
      .where('invoice_id', '=', invoiceId)
      .executeTakeFirstOrThrow();
    if (Number(markedTotal.total) !== figures.total) fail(ELIGIBILITY_MSG.changed);

    await tx
      .insertInto('invoice_batches')
      .values(
        batches.map((batch) => ({
          invoice_id: invoiceId,
          batch_id: batch.id,
          success_amount: batch.successAmount,
          success_charge: batch.successCharge,
        })),
      )
      .execute();
    await audit?.(tx, invoiceId);
    return invoiceId;
  });
}

/** Writes the application; a clash of apply numbers (same second, same random) is retried. */
export async function applyForInvoice(
  db: Db,
  applicant: Applicant,
  request: ApplicationRequest,
  info: InvoiceInfo,
  now: string,
  /** Writes the operation log entry in the application's transaction. */
  audit?: (tx: Db, invoiceId: number) => Promise<void>,
): Promise<number> {
  // The invoice is issued by the enterprise the company settles through, which must be bound to it (the merchant's
  // application and the automatic invoicing job alike).
  await payingEnterprise(db, applicant.companyId, applicant.platformMark);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await applyOnce(db, applicant, request, info, now, audit);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}
