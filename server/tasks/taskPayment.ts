import { sql } from 'kysely';
import { BATCH } from '../../src/domain/moneyEnums';
import { TASK_STATUS } from '../../src/domain/tasks';
import type { Db } from '../db/database';

/**
 * A settled task's status is its payout's (src/domain/tasks.ts): 待打款 until its draft is submitted, 打款中 while the
 * batch is paid, 已结算 when every item succeeded, 打款失败 when some did not. The money domain calls this in the
 * transaction that changes a draft or a batch (a submission, a batch reaching its final status), so the task reads
 * what its money did, at once and on every page; it changes only tasks in a payment status, and only forward.
 */
export async function followPayout(tx: Db, change: { draftId: number } | { batchId: number }): Promise<void> {
  const draftId =
    'draftId' in change
      ? change.draftId
      : (await tx.selectFrom('payout_batches').select('draft_id').where('id', '=', change.batchId).executeTakeFirst())
          ?.draft_id;
  if (draftId === null || draftId === undefined) return;
  const batchStatus = sql`(SELECT b.status FROM payout_batches b WHERE b.draft_id = worker_tasks.draft_id)`;
  await tx
    .updateTable('worker_tasks')
    .set({
      // Literals, not parameters: PostgreSQL types a parameter in a CASE result as text.
      status: sql<number>`CASE
        WHEN ${batchStatus} IS NULL THEN ${sql.lit(TASK_STATUS.awaitingPayment)}
        WHEN ${batchStatus} = ${sql.lit(BATCH.processing)} THEN ${sql.lit(TASK_STATUS.paying)}
        WHEN ${batchStatus} = ${sql.lit(BATCH.completed)} THEN ${sql.lit(TASK_STATUS.settled)}
        ELSE ${sql.lit(TASK_STATUS.payFailed)} END`,
    })
    .where('draft_id', '=', Number(draftId))
    .where('status', 'in', [TASK_STATUS.awaitingPayment, TASK_STATUS.paying])
    .execute();
}
