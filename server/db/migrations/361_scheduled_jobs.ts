import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/**
 * 定时任务 (server/system/jobRuns.ts): one scheduled_jobs row per job the server knows, written by every process at
 * start-up (what, when) and by operators (暂停 / 恢复, read by every process before each run), and one
 * scheduled_job_runs row per run (scheduled or 立即执行): where it ran, how long, and how it ended.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('scheduled_jobs'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', notNullDefault(''))
    /** A cron pattern in China time, 'every:<ms>' for a loop, or 'off:<why>'. */
    .addColumn('timing', 'varchar(128)', (c) => c.notNull())
    .addColumn('paused', 'integer', notNullDefault(0))
    .addColumn('paused_time', 'varchar(19)')
    .addColumn('paused_by', 'varchar(64)')
    .addColumn('last_run_id', 'integer')
    .addColumn('last_start_time', 'varchar(19)')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_status', 'integer')
    .addColumn('last_message', 'varchar(255)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('scheduled_job_runs'))
    .addColumn('job', 'varchar(64)', (c) => c.notNull())
    /** JOB_RUN_KIND: 1 定时, 2 立即执行 */
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)')
    .addColumn('host', 'varchar(128)', (c) => c.notNull())
    /** JOB_RUN_STATUS: 0 运行中, 1 成功, 2 失败, 3 中断 */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(255)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('finish_time', 'varchar(19)')
    .addColumn('duration_ms', 'integer')
    .execute();
  await db.schema.createIndex('scheduled_job_runs_job').on('scheduled_job_runs').columns(['job', 'id']).execute();
  await db.schema.createIndex('scheduled_job_runs_time').on('scheduled_job_runs').columns(['start_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_job_runs').ifExists().execute();
  await db.schema.dropTable('scheduled_jobs').ifExists().execute();
}
