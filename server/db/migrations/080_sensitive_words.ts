import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/**
 * Sensitive words: two lists in one table (`list_type` 1 /adSensitiveWords, 2 /topUpSideSensitiveWord),
 * unique per list by their normalized form; `sensitive_word_lists` holds a version per list that every change
 * bumps in its transaction, with a random stamp (two databases served by one process never share a stamp), so
 * every server process knows when to rebuild its matcher.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sensitive_words'))
    .addColumn('list_type', 'integer', (c) => c.notNull())
    .addColumn('word', 'varchar(64)', (c) => c.notNull())
    .addColumn('normalized', 'varchar(64)', (c) => c.notNull())
    .addColumn('creator', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sensitive_words_list_normalized')
    .on('sensitive_words')
    .columns(['list_type', 'normalized'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sensitive_words_list_time')
    .on('sensitive_words')
    .columns(['list_type', 'create_time'])
    .execute();
  await db.schema
    .createTable('sensitive_word_lists')
    .addColumn('list_type', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', notNullDefault(0))
    .addColumn('stamp', 'varchar(36)', notNullDefault(''))
    .execute();
  await db
    .insertInto('sensitive_word_lists')
    .values([
      { list_type: 1, version: 0, stamp: randomUUID() },
      { list_type: 2, version: 0, stamp: randomUUID() },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sensitive_word_lists').ifExists().execute();
  await db.schema.dropTable('sensitive_words').ifExists().execute();
}
