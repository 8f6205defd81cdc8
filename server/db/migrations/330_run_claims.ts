import type { Kysely } from 'kysely';
import { bigint } from './columns';

/**
 * One row per long-running admin action in progress (server/system/runClaims.ts): the run that inserts the job's row
 * runs, a second one finds it and is refused. The holder renews `lease_until` while it runs and deletes the row at
 * the end; a row whose lease ran out (its process died) is taken over by the next run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('run_claims')
    .addColumn('job', 'varchar(96)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('lease_until', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('run_claims').execute();
}
