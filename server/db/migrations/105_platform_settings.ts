import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/**
 * 通用设置 /adSystemSettings: `platform_settings` (one row per key: platform name per edition,
 * customer-service phone, the default filing number and image host) and `host_settings` (spec §9: the image host
 * and filing number chosen by the host name the app is served from; `is_test` marks test environments).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('host_settings'))
    .addColumn('host', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('filing_number', 'varchar(64)')
    .addColumn('image_host', 'varchar(255)')
    .addColumn('is_test', 'integer', notNullDefault(0))
    .addColumn('remark', 'varchar(128)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('host_settings').execute();
  await db.schema.dropTable('platform_settings').execute();
}
