import type { Kysely } from 'kysely';
import { notNullDefault } from './columns';

/**
 * The retention job (server/system/logRetention.ts) also deletes finished 大熊信息下载 jobs with their zip files
 * and payout uploads never submitted; each run records their cut-offs and counts.
 */
const COLUMNS = ['downloads_before', 'drafts_before', 'downloads_deleted', 'drafts_deleted'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('log_retention_runs').addColumn('downloads_before', 'varchar(19)').execute();
  await db.schema.alterTable('log_retention_runs').addColumn('drafts_before', 'varchar(19)').execute();
  await db.schema
    .alterTable('log_retention_runs')
    .addColumn('downloads_deleted', 'integer', notNullDefault(0))
    .execute();
  await db.schema.alterTable('log_retention_runs').addColumn('drafts_deleted', 'integer', notNullDefault(0)).execute();
  // The drafts clean-up looks for old unsubmitted drafts across companies.
  await db.schema.createIndex('payout_drafts_create_time').on('payout_drafts').columns(['create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payout_drafts_create_time').ifExists().execute();
  for (const name of [...COLUMNS].reverse())
    await db.schema.alterTable('log_retention_runs').dropColumn(name).execute();
}
