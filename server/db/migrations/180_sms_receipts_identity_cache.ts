import type { Kysely } from 'kysely';

/**
 * A real SMS provider answers each accepted message with its own id (Aliyun BizId, Tencent SerialNo);
 * its delivery receipt names that id, so the SMS log keeps it to settle the right row.
 * A paid identity check (实名核验) is answered once: `identity_checks` keeps the verdict under an HMAC of the
 * factors with the server's ID_KEY (never the ID number, mobile or card themselves).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_logs').addColumn('provider_ref', 'varchar(64)').execute();
  await db.schema.createIndex('sms_logs_provider_ref').on('sms_logs').columns(['provider_ref']).execute();
  await db.schema
    .createTable('identity_checks')
    .addColumn('factors_key', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('passed', 'integer', (column) => column.notNull())
    .addColumn('field', 'varchar(16)')
    .addColumn('message', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('identity_checks').ifExists().execute();
  await db.schema.dropIndex('sms_logs_provider_ref').ifExists().execute();
  await db.schema.alterTable('sms_logs').dropColumn('provider_ref').execute();
}
