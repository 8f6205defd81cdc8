import { SUBMIT_MSG } from '../../../src/domain/payoutBatch';
import type { Db } from '../../db/database';
import { fail } from '../../http/errors';
import { isUniqueViolation } from '../../http/fieldChecks';
import { followPayout } from '../../tasks/taskPayment';
import { balanceOf } from '../ledger/ledger';
import { rateInForce } from '../rates/rates.service';
import { createBatch } from './createBatch';
import {
  batchOfDraft,
  claimOpenDraft,
  type DraftRecord,
  draftRows,
  markDraftSubmitted,
  type SubmittedBatch,
} from './drafts';
import type { PayoutRow } from './payoutRow';

export type Submission =
  | { duplicate: false; batch: SubmittedBatch; balanceAfter: number }
  | { duplicate: true; batch: SubmittedBatch; balanceAfter: number };

/** Thrown inside the transaction when another submission of the draft got there first: rolls it back. */
class AlreadySubmitted extends Error {}

/**
 * Turns a validated draft into a batch, once. In ONE transaction: the batch, its items and the debit
 * (createBatch), and the draft marked with the batch (`where batch_id is null`). A second submission of the
 * same draft — a double click, a retry after a timeout, another tab, a parallel request — either finds the
 * draft marked, or collides on payout_batches.draft_id (UNIQUE) or on the conditional update; its transaction
 * rolls back whatever it wrote and it answers the batch the first one created. A short balance throws
 * InsufficientBalanceError from the ledger and nothing is written.
 */
export async function submitDraft(
  db: Db,
  draft: DraftRecord,
  operatorId: number,
  now: string,
  /** The enterprise that reports the items' results by webhook (createBatch), if the company's does. */
  reportEnterpriseId: number | null = null,
  /** Writes the operation log entry in the submission's transaction, once the batch exists. */
  audit?: (
    tx: Db,
    batch: { batchId: number; batchNo: string; totalAmount: number; serviceCharge: number; itemCount: number },
  ) => Promise<void>,
  /** The money rules checked again in the transaction, after the claim and before the debit (may refuse). */
  mayPayNow?: (tx: Db, rows: readonly PayoutRow[]) => Promise<void>,
): Promise<Submission> {
  const existing = draft.batchId === null ? undefined : await batchOfDraft(db, draft.id);
  if (existing) return duplicateOf(db, draft, existing);
  try {
    const created = await db.transaction().execute(async (tx) => {
      // The claim, first: a parallel submission (or a task settling again) waits here until this one ends.
      if (!(await claimOpenDraft(tx, draft.id))) throw new AlreadySubmitted();
      const rows = await draftRows(tx, draft.id);
      // Dropped (a newer upload pushed it out) between the look-up and this transaction.
      if (rows === null) fail(SUBMIT_MSG.draftMissing);
      if (rows.length === 0) throw new AlreadySubmitted();
      await mayPayNow?.(tx as unknown as Db, rows);
      const batch = await createBatch(tx, {
        companyId: draft.companyId,
        platformMark: draft.platformMark,
        operatorId,
        rows,
        // The rate in force when the payout is submitted, not the one the upload's preview was priced at.
        rate: await rateInForce(tx, draft.companyId, draft.platformMark, now),
        draftId: draft.id,
        now,
        reportEnterpriseId,
      });
      if (!(await markDraftSubmitted(tx, draft.id, batch.batchId))) throw new AlreadySubmitted();
      // A task's draft: the task reads 打款中 from now on (server/tasks/taskPayment.ts).
      await followPayout(tx as unknown as Db, { draftId: draft.id });
      await audit?.(tx as unknown as Db, { ...batch, itemCount: rows.length });
      return { ...batch, itemCount: rows.length };
    });
    return {
      duplicate: false,
      batch: {
        batchId: created.batchId,
        batchNo: created.batchNo,
        itemCount: created.itemCount,
        totalAmount: created.totalAmount,
        serviceCharge: created.serviceCharge,
        status: 1,
      },
      balanceAfter: created.balanceAfter,
    };
  } catch (error) {
    if (!(error instanceof AlreadySubmitted) && !isUniqueViolation(error)) throw error;
    const batch = await batchOfDraft(db, draft.id);
    // Claimed by nobody and gone: dropped by a newer upload, or replaced by its task's new settlement.
    if (!batch && error instanceof AlreadySubmitted) fail(SUBMIT_MSG.draftMissing);
    if (!batch) throw error;
    return duplicateOf(db, draft, batch);
  }
}

async function duplicateOf(db: Db, draft: DraftRecord, batch: SubmittedBatch): Promise<Submission> {
  const balanceAfter = await balanceOf(db, { companyId: draft.companyId, platformMark: draft.platformMark });
  return { duplicate: true, batch, balanceAfter };
}
