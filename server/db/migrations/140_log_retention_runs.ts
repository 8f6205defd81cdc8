import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/**
 * `log_retention_runs`: one row per run of the log retention job (server/system/logRetention.ts):
 * when it ran, the cut-off of each log and how many rows it deleted, or why it failed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('log_retention_runs'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('calls_before', 'varchar(19)', (c) => c.notNull())
    .addColumn('sms_before', 'varchar(19)', (c) => c.notNull())
    .addColumn('operations_before', 'varchar(19)', (c) => c.notNull())
    .addColumn('calls_deleted', 'integer', notNullDefault(0))
    .addColumn('sms_deleted', 'integer', notNullDefault(0))
    .addColumn('operations_deleted', 'integer', notNullDefault(0))
    .addColumn('counters_deleted', 'integer', notNullDefault(0))
    .addColumn('message', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('finish_time', 'varchar(19)')
    .execute();
  await db.schema
    .createIndex('log_retention_runs_time')
    .on('log_retention_runs')
    .columns(['create_time', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_retention_runs').ifExists().execute();
}
