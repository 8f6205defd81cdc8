import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Agreement templates and their seals (/adContractTemplate, /adContractTemplateSeal).
 *
 * The template list is ordered by `sort` (then id) unless told otherwise and filtered by equality on edition,
 * kind, use status and signing entity, so those get (column, sort, id); the name filter is a substring match
 * over a table of tens to hundreds of rows, which needs no index. A seal list is one template's seals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('agreement_templates'))
    .addColumn('sort', 'integer', notNullDefault(0))
    .addColumn('nm', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('entid', bigint)
    .addColumn('platformmark', 'integer', notNullDefault(1))
    .addColumn('seal_certification_type', 'integer', notNullDefault(1))
    .addColumn('use_status', 'integer', notNullDefault(0))
    .addColumn('xiong', 'integer', notNullDefault(0))
    .addColumn('file_url', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('agreement_templates_sort').on('agreement_templates').columns(['sort', 'id']).execute();
  for (const column of ['platformmark', 'type', 'use_status', 'entid']) {
    await db.schema
      .createIndex(`agreement_templates_${column}_sort`)
      .on('agreement_templates')
      .columns([column, 'sort', 'id'])
      .execute();
  }
  await db.schema
    .createIndex('agreement_templates_create_time')
    .on('agreement_templates')
    .columns(['create_time', 'id'])
    .execute();

  await withId(db, db.schema.createTable('agreement_template_seals'))
    .addColumn('template_id', bigint, (c) => c.notNull())
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('enterprise_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('seal_type', 'integer', (c) => c.notNull())
    .addColumn('data_status', 'integer', notNullDefault(1))
    .addColumn('remark', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agreement_template_seals_template')
    .on('agreement_template_seals')
    .columns(['template_id', 'data_status', 'id'])
    .execute();
  await db.schema
    .createIndex('agreement_template_seals_status')
    .on('agreement_template_seals')
    .columns(['data_status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agreement_template_seals').ifExists().execute();
  await db.schema.dropTable('agreement_templates').ifExists().execute();
}
