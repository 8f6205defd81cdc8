import type { Kysely } from 'kysely';

/**
 * A real SMS provider answers each accepted message with its own id (Aliyun BizId, Tencent SerialNo); its delivery
 * receipt names that id, so the SMS log keeps it to settle the right row (issue 34).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_logs').addColumn('provider_ref', 'varchar(64)').execute();
  await db.schema.createIndex('sms_logs_provider_ref').on('sms_logs').columns(['provider_ref']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sms_logs_provider_ref').ifExists().execute();
  await db.schema.alterTable('sms_logs').dropColumn('provider_ref').execute();
}
