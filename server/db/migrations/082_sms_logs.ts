import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/** The SMS log (短信发送状态): each message with its delivery status, never its code. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sms_logs'))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('mobile_masked', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('template', 'varchar(255)', (c) => c.notNull())
    .addColumn('provider', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('reason', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_logs_time').on('sms_logs').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('sms_logs_mobile').on('sms_logs').columns(['mobile', 'create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_logs').ifExists().execute();
}
