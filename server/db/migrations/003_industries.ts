import type { Kysely } from 'kysely';
import { notNullDefault, withId } from './columns';

/**
 * Industries (/adIndustrymanagement). A small table (tens to hundreds of rows) read by name and status:
 * - nm is unique (the API answers 行业名称已存在 first; the index settles a race between two saves);
 * - lists are ordered by create_time, id and may be narrowed to one processStatus;
 * - deleting an industry asks whether any company names it, so companies.industry_id gets an index
 *   (a million companies would otherwise be scanned per delete).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('industries'))
    .addColumn('nm', 'varchar(32)', (c) => c.notNull())
    .addColumn('process_status', 'integer', notNullDefault(0))
    .addColumn('remark', 'varchar(200)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('industries_nm').unique().on('industries').column('nm').execute();
  await db.schema.createIndex('industries_create_time').on('industries').columns(['create_time', 'id']).execute();
  await db.schema
    .createIndex('industries_status_time')
    .on('industries')
    .columns(['process_status', 'create_time', 'id'])
    .execute();
  await db.schema.createIndex('companies_industry').ifNotExists().on('companies').column('industry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('companies_industry').ifExists().execute();
  await db.schema.dropTable('industries').ifExists().execute();
}
