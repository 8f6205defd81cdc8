import type { Kysely } from 'kysely';
import { notNullDefault } from './columns';

/** The retention run (server/system/logRetention.ts) also deletes login log rows older than LOGIN_LOG_RETENTION_DAYS. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('log_retention_runs').addColumn('logins_before', 'varchar(19)').execute();
  await db.schema.alterTable('log_retention_runs').addColumn('logins_deleted', 'integer', notNullDefault(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('log_retention_runs').dropColumn('logins_deleted').execute();
  await db.schema.alterTable('log_retention_runs').dropColumn('logins_before').execute();
}
