import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/** Version history shown on /versionUpdate (about us), maintained at /adVersionUpdate. A few rows a year. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('versions'))
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'varchar(2000)', (c) => c.notNull())
    .addColumn('release_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('versions_release').on('versions').columns(['platform_mark', 'release_date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('versions').ifExists().execute();
}
