import type { Kysely } from 'kysely';
import { bigint, migrationChinaTime, sql } from './columns';

/**
 * A settled task leads to payment, and nothing expires unsaid:
 * - payout_drafts.task_id: the task a draft settles (null for a file upload), so /remit lists the drafts waiting
 *   from tasks and uploads alike, and a task's draft is neither pruned by newer uploads nor swept by the retention
 *   job (the task names it until it is paid or settled again);
 * - payout_drafts.expire_time: when the draft can no longer be submitted (24 h after it was made), stored so that
 *   every page says the same time;
 * - a task's status follows its payout: 待打款 (5) until its draft is submitted, 打款中 (6) while the batch is paid,
 *   已结算 (3) only when every item succeeded, 打款失败 (7) when some did not. Tasks settled before read so at once.
 */
const DRAFT_TTL_MS = 24 * 3600 * 1000;
const TASK = { settled: 3, awaitingPayment: 5, paying: 6, payFailed: 7 } as const;
const BATCH = { processing: 1, completed: 2 } as const;

/** 'YYYY-MM-DD HH:mm:ss' China time plus `ms` (the stored times carry no zone: China time, UTC+8, no DST). */
function later(time: string, ms: number): string {
  const at = Date.parse(`${time.replace(' ', 'T')}+08:00`) + ms;
  return migrationChinaTime(at);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payout_drafts').addColumn('task_id', bigint).execute();
  await db.schema.alterTable('payout_drafts').addColumn('expire_time', 'varchar(19)').execute();
  await db.schema.createIndex('payout_drafts_task').on('payout_drafts').columns(['task_id']).execute();
  const drafts = await db.selectFrom('payout_drafts').select(['id', 'create_time']).execute();
  for (const draft of drafts) {
    await db
      .updateTable('payout_drafts')
      .set({ expire_time: later(String(draft.create_time), DRAFT_TTL_MS) })
      .where('id', '=', draft.id)
      .execute();
  }
  await sql`UPDATE payout_drafts SET task_id = (
      SELECT t.id FROM worker_tasks t WHERE t.draft_id = payout_drafts.id)
    WHERE EXISTS (SELECT 1 FROM worker_tasks t WHERE t.draft_id = payout_drafts.id)`.execute(db);
  await recomputeTaskStatuses(db);
}

/** Every task that went through 结算 reads the state of its payout (the rule of server/tasks/taskPayment.ts). */
async function recomputeTaskStatuses(db: Kysely<any>): Promise<void> {
  await sql`UPDATE worker_tasks SET status = CASE
      WHEN (SELECT b.status FROM payout_batches b WHERE b.draft_id = worker_tasks.draft_id) IS NULL
        THEN ${sql.lit(TASK.awaitingPayment)}
      WHEN (SELECT b.status FROM payout_batches b WHERE b.draft_id = worker_tasks.draft_id) = ${sql.lit(BATCH.processing)}
        THEN ${sql.lit(TASK.paying)}
      WHEN (SELECT b.status FROM payout_batches b WHERE b.draft_id = worker_tasks.draft_id) = ${sql.lit(BATCH.completed)}
        THEN ${sql.lit(TASK.settled)}
      ELSE ${sql.lit(TASK.payFailed)} END
    WHERE status = ${sql.lit(TASK.settled)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE worker_tasks SET status = ${sql.lit(TASK.settled)}
    WHERE status IN (${sql.lit(TASK.awaitingPayment)}, ${sql.lit(TASK.paying)}, ${sql.lit(TASK.payFailed)})`.execute(
    db,
  );
  await db.schema.dropIndex('payout_drafts_task').execute();
  await db.schema.alterTable('payout_drafts').dropColumn('expire_time').execute();
  await db.schema.alterTable('payout_drafts').dropColumn('task_id').execute();
}
