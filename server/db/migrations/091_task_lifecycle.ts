import type { Kysely } from 'kysely';

/**
 * Tasks (server/tasks/README.md): a task is drafted (待发布) before it is published, can be cancelled
 * with a reason, and each assigned worker keeps the row number of the payout draft it was settled into, which is
 * how the task summary finds the worker's payout item in the batch the draft became.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('worker_tasks').addColumn('publish_time', 'varchar(19)').execute();
  await db.schema.alterTable('worker_tasks').addColumn('cancel_time', 'varchar(19)').execute();
  await db.schema.alterTable('worker_tasks').addColumn('cancel_reason', 'varchar(200)').execute();
  await db.schema.alterTable('worker_task_members').addColumn('row_no', 'integer').execute();
  await db.schema.createIndex('worker_tasks_draft').on('worker_tasks').column('draft_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('worker_tasks_draft').execute();
  await db.schema.alterTable('worker_task_members').dropColumn('row_no').execute();
  await db.schema.alterTable('worker_tasks').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('worker_tasks').dropColumn('cancel_time').execute();
  await db.schema.alterTable('worker_tasks').dropColumn('publish_time').execute();
}
