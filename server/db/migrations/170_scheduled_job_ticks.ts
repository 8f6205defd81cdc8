import type { Kysely } from 'kysely';
import { bigint } from './columns';

/**
 * One row per scheduled run that some host took (server/system/jobLock.ts): every host fires the same
 * cron instant, the first insert of (job, tick) wins and runs it, the others find the row and skip that instant.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_job_ticks')
    .addColumn('job', 'varchar(64)', (c) => c.notNull())
    .addColumn('tick', bigint, (c) => c.notNull())
    .addColumn('host', 'varchar(128)', (c) => c.notNull())
    .addPrimaryKeyConstraint('scheduled_job_ticks_pk', ['job', 'tick'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_job_ticks').execute();
}
