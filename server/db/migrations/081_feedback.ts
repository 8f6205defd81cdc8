import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Feedback (意见反馈): a merchant's type, text and up to three images (upload URLs), with the
 * platform's reply; `reply_read` 0 marks a reply the merchant has not seen (the header bell counts them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('feedbacks'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('image1_url', 'varchar(255)')
    .addColumn('image2_url', 'varchar(255)')
    .addColumn('image3_url', 'varchar(255)')
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('reply', 'varchar(2000)')
    .addColumn('reply_user', 'varchar(64)')
    .addColumn('reply_time', 'varchar(19)')
    .addColumn('reply_read', 'integer', notNullDefault(1))
    .addColumn('close_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedbacks_company').on('feedbacks').columns(['company_id', 'create_time']).execute();
  await db.schema.createIndex('feedbacks_time').on('feedbacks').columns(['platform_mark', 'create_time']).execute();
  await db.schema.createIndex('feedbacks_unread').on('feedbacks').columns(['user_id', 'reply_read']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedbacks').ifExists().execute();
}
