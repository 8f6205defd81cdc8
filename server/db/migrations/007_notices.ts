import type { Kysely } from 'kysely';
import { bigint, withId } from './columns';

/**
 * Uploaded files and what notices need beyond migration 001.
 *
 * - `uploads`: one row per stored file (DATA_DIR/uploads/<stored_name>); the client only ever names a file
 *   by its id, never by a path.
 * - notices.image_upload_id / annex_upload_id: the uploads a notice shows, so a download can ask "is this
 *   file attached to a published notice of your edition?" with one indexed lookup.
 * - (platform_mark, status, release_time, id): the merchant's list, published notices of one edition newest
 *   first; (create_time, id): the admin list's default order.
 */
const NOTICE_INDEXES: readonly [name: string, columns: string[]][] = [
  ['notices_published_order', ['platform_mark', 'status', 'release_time', 'id']],
  ['notices_create_time', ['create_time', 'id']],
  ['notices_image_upload', ['image_upload_id']],
  ['notices_annex_upload', ['annex_upload_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('uploads'))
    .addColumn('stored_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', bigint, (c) => c.notNull())
    .addColumn('owner_user_id', bigint, (c) => c.notNull())
    .addColumn('owner_company_id', bigint)
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_user').on('uploads').column('owner_user_id').execute();

  // SQLite adds one column per statement.
  await db.schema.alterTable('notices').addColumn('image_upload_id', bigint).execute();
  await db.schema.alterTable('notices').addColumn('annex_upload_id', bigint).execute();
  for (const [name, columns] of NOTICE_INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on('notices').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of NOTICE_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema.alterTable('notices').dropColumn('annex_upload_id').execute();
  await db.schema.alterTable('notices').dropColumn('image_upload_id').execute();
  await db.schema.dropTable('uploads').ifExists().execute();
}
