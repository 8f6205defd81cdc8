import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * 帮助中心: categories as data, and articles with a Markdown body, the sanitised HTML the server
 * rendered from it at each save, and `search_text` (title + body) the merchant's search matches.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('help_categories'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', notNullDefault(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('help_articles'))
    .addColumn('category_id', bigint, (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', notNullDefault(0))
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('publisher', 'varchar(64)')
    .addColumn('release_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_articles_category')
    .on('help_articles')
    .columns(['category_id', 'status'])
    .execute();
  await db.schema.createIndex('help_articles_status').on('help_articles').columns(['status', 'sort']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('help_articles').ifExists().execute();
  await db.schema.dropTable('help_categories').ifExists().execute();
}
