import { sql } from 'kysely';
import { ABNORMAL, BATCH, ITEM, LEDGER } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import { followPayout } from '../../tasks/taskPayment';
import { emitMerchantEvent } from '../../webhooks/events';
import { postEntries, type Tx } from '../ledger/ledger';
import { giveBackWithholding } from '../tax/withholding';
import type { PayoutResult } from './payoutChannel';

/** What recording an item's outcome needs of it. */
export interface OutcomeItem {
  id: number;
  batch_id: number;
  company_id: number;
  platform_mark: number;
  name: string;
  id_card: string;
  bank_card: string;
  mobile: string | null;
  amount: number;
  service_charge: number;
}

export interface BatchTally {
  successCount: number;
  successAmount: number;
  successCharge: number;
  failedCount: number;
  failedAmount: number;
}

/**
 * Records the outcome of each item, in the caller's transaction: the item's status (only if it is still
 * `fromStatus`, so two recorders never record or refund an item twice), for a failure the give-back of its
 * withheld tax from the signing entity's 代扣税款 account (tax/withholding.ts giveBackWithholding), the refund of its
 * amount and service charge through the ledger plus an abnormal-funds record (/errorMoney); then each batch's tallies,
 * and its final status once no item waits. Answers the ids it recorded.
 */
export async function recordItemOutcomes(
  tx: Tx,
  items: readonly OutcomeItem[],
  results: readonly PayoutResult[],
  now: string,
  fromStatus: number | readonly number[] = ITEM.waiting,
): Promise<number[]> {
  const from = typeof fromStatus === 'number' ? [fromStatus] : [...fromStatus];
  const recorded: number[] = [];
  const failed: { item: OutcomeItem; reason: string }[] = [];
  const tallies = new Map<number, BatchTally>();
  for (const [index, item] of items.entries()) {
    const result = results[index];
    const updated = await tx
      .updateTable('payout_items')
      .set({
        status: result.ok ? ITEM.succeeded : ITEM.failed,
        fail_reason: result.ok ? null : result.reason.slice(0, 128),
        finish_time: now,
      })
      .where('id', '=', item.id)
      .where('status', 'in', from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) continue;
    recorded.push(Number(item.id));
    await emitMerchantEvent(tx, { payoutItem: Number(item.id) });
    const tally = tallies.get(Number(item.batch_id)) ?? {
      successCount: 0,
      successAmount: 0,
      successCharge: 0,
      failedCount: 0,
      failedAmount: 0,
    };
    tallies.set(Number(item.batch_id), tally);
    if (result.ok) {
      tally.successCount += 1;
      tally.successAmount += Number(item.amount);
      tally.successCharge += Number(item.service_charge);
    } else {
      tally.failedCount += 1;
      tally.failedAmount += Number(item.amount);
      failed.push({ item, reason: result.reason });
    }
  }
  // The withholding first (its claim and the 代扣税款 account come before the company account, as in a payment).
  await giveBackWithholding(
    tx,
    failed.map(({ item }) => Number(item.id)),
    now,
  );
  for (const { item, reason } of failed) await refund(tx, item, reason, now);
  for (const [batchId, tally] of tallies) await settleBatch(tx, batchId, tally, now);
  return recorded;
}

/** Gives an item's amount and charge back to its company and records the abnormal fund (/errorMoney). */
export async function refund(
  tx: Tx,
  item: OutcomeItem,
  reason: string,
  now: string,
  remark = `${item.name} 打款失败退回：${reason}`,
): Promise<void> {
  await tx
    .insertInto('abnormal_funds')
    .values({
      company_id: item.company_id,
      platform_mark: item.platform_mark,
      batch_id: item.batch_id,
      item_id: item.id,
      name: item.name,
      id_card: item.id_card,
      bank_card: item.bank_card,
      mobile: item.mobile,
      amount: item.amount,
      service_charge: item.service_charge,
      reason: reason.slice(0, 128),
      status: ABNORMAL.pending,
      create_time: now,
    })
    .execute();
  await postEntries(
    tx,
    { companyId: Number(item.company_id), platformMark: Number(item.platform_mark) },
    [
      {
        kind: LEDGER.refund,
        amount: Number(item.amount) + Number(item.service_charge),
        refType: 'item',
        refId: item.id,
        operatorId: null,
        remark: remark.slice(0, 128),
      },
    ],
    now,
  );
}

export async function settleBatch(tx: Tx, batchId: number, tally: BatchTally, now: string): Promise<void> {
  await tx
    .updateTable('payout_batches')
    .set({
      success_count: sql`success_count + ${tally.successCount}`,
      success_amount: sql`success_amount + ${tally.successAmount}`,
      success_charge: sql`success_charge + ${tally.successCharge}`,
      failed_count: sql`failed_count + ${tally.failedCount}`,
      failed_amount: sql`failed_amount + ${tally.failedAmount}`,
    })
    .where('id', '=', batchId)
    .execute();
  const batch = await tx
    .selectFrom('payout_batches')
    .select(['item_count', 'success_count', 'failed_count'])
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  const done = Number(batch.success_count) + Number(batch.failed_count);
  if (done < Number(batch.item_count)) return;
  const status =
    Number(batch.failed_count) === 0
      ? BATCH.completed
      : Number(batch.success_count) === 0
        ? BATCH.failed
        : BATCH.partlyFailed;
  await tx
    .updateTable('payout_batches')
    .set({ status, finish_time: now })
    .where('id', '=', batchId)
    .where('status', '=', BATCH.processing)
    .execute();
  // The batch of a task's draft: the task reads 已结算 or 打款失败 now (server/tasks/taskPayment.ts).
  await followPayout(tx as unknown as Db, { batchId });
}

/** One item's result as its enterprise reports it. */
export interface EnterpriseReport {
  itemId: number;
  paid: boolean;
  /** Why it failed (the enterprise's words). */
  reason?: string;
}

export type ReportAnswer = { itemId: number; status: 'paid' | 'failed' | 'notFound' | 'alreadyFinal' };

/** A failure the enterprise did not explain. */
export const MSG_ENTERPRISE_FAILED = '服务主体回报打款失败';

/**
 * Records what an enterprise that settles with workers itself (enterprises.reports_payouts) reports of the items
 * waiting for it (status ITEM.awaitingReport, their batch's report_enterprise_id), in the caller's transaction:
 * paid items succeed, failed ones are refunded as the payout processor does. An item of another enterprise or
 * company is not found; one already recorded stays as it was.
 */
export async function recordEnterpriseReports(
  tx: Tx,
  enterpriseId: number,
  reports: readonly EnterpriseReport[],
  now: string,
): Promise<ReportAnswer[]> {
  const ids = [...new Set(reports.map((report) => report.itemId))];
  const rows =
    ids.length === 0
      ? []
      : await tx
          .selectFrom('payout_items')
          .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
          .select([
            'payout_items.id',
            'payout_items.batch_id',
            'payout_items.company_id',
            'payout_items.platform_mark',
            'payout_items.name',
            'payout_items.id_card',
            'payout_items.bank_card',
            'payout_items.mobile',
            'payout_items.amount',
            'payout_items.service_charge',
            'payout_items.status',
          ])
          .where('payout_items.id', 'in', ids)
          .where('payout_batches.report_enterprise_id', '=', enterpriseId)
          .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const waiting: OutcomeItem[] = [];
  const results: PayoutResult[] = [];
  const answers: ReportAnswer[] = [];
  const seen = new Set<number>();
  for (const report of reports) {
    if (seen.has(report.itemId)) continue;
    seen.add(report.itemId);
    const row = byId.get(report.itemId);
    if (!row) {
      answers.push({ itemId: report.itemId, status: 'notFound' });
      continue;
    }
    if (Number(row.status) !== ITEM.awaitingReport) {
      answers.push({ itemId: report.itemId, status: 'alreadyFinal' });
      continue;
    }
    waiting.push(row as OutcomeItem);
    results.push(report.paid ? { ok: true } : { ok: false, reason: report.reason?.trim() || MSG_ENTERPRISE_FAILED });
    answers.push({ itemId: report.itemId, status: report.paid ? 'paid' : 'failed' });
  }
  const recorded = new Set(await recordItemOutcomes(tx, waiting, results, now, ITEM.awaitingReport));
  // Recorded by a parallel report between the read and the update.
  return answers.map((answer) =>
    (answer.status === 'paid' || answer.status === 'failed') && !recorded.has(answer.itemId)
      ? { ...answer, status: 'alreadyFinal' }
      : answer,
  );
}
