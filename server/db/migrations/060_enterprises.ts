import { type Kysely, sql } from 'kysely';
import { bigint, isPostgres, migrationChinaTime, notNullDefault, withId } from './columns';

/**
 * Enterprises (代征主体 / 服务主体): the signing and tax entity a merchant contracts with. Until now
 * contracts, agreement templates and template seals carried bare enterprise ids (1-6, a seed constant); this
 * migration makes those ids real records. Every id already referenced becomes an enterprise, named after the
 * seal that names it (else 服务主体{id}), so no existing reference dangles.
 *
 * Rates are integers in 1/10000 (600 = 6.00%), one per VIP level. status: 1 normal, 2 locked, 3 risky, with who
 * changed it, when and why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('enterprises'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(16)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(20)')
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('tax_office', 'varchar(64)')
    .addColumn('invoice_categories', 'varchar(255)')
    .addColumn('bank_name', 'varchar(64)')
    .addColumn('bank_account', 'varchar(32)')
    .addColumn('rate_level1', 'integer', notNullDefault(600))
    .addColumn('rate_level2', 'integer', notNullDefault(600))
    .addColumn('rate_level3', 'integer', notNullDefault(600))
    .addColumn('upload_enabled', 'integer', notNullDefault(0))
    .addColumn('callback_channel', 'integer')
    .addColumn('webhook_secret', 'varchar(64)')
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('status_reason', 'varchar(200)')
    .addColumn('status_by', 'varchar(64)')
    .addColumn('status_time', 'varchar(19)')
    .addColumn('rank', 'integer', notNullDefault(0))
    .addColumn('remark', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('enterprises_credit_code').unique().on('enterprises').column('credit_code').execute();
  await db.schema
    .createIndex('enterprises_mark_rank')
    .on('enterprises')
    .columns(['platform_mark', 'rank', 'id'])
    .execute();
  await db.schema.createIndex('enterprises_create_time').on('enterprises').columns(['create_time', 'id']).execute();

  await withId(db, db.schema.createTable('enterprise_industries'))
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('industry_id', bigint, (c) => c.notNull())
    .addColumn('scope', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('enterprise_industries_pair')
    .unique()
    .on('enterprise_industries')
    .columns(['enterprise_id', 'industry_id'])
    .execute();

  // Ids already in use become records.
  const referenced = await sql<{ id: number }>`
    select enterprise_id as id from contracts where enterprise_id is not null
    union select entid as id from agreement_templates where entid is not null
    union select enterprise_id as id from agreement_template_seals`.execute(db);
  const now = migrationChinaTime();
  for (const { id } of referenced.rows) {
    const seal = await db
      .selectFrom('agreement_template_seals')
      .select('enterprise_name')
      .where('enterprise_id', '=', id)
      .orderBy('id')
      .executeTakeFirst();
    const name = seal?.enterprise_name ?? `服务主体${id}`;
    await db
      .insertInto('enterprises')
      .values({
        id: Number(id),
        name,
        short_name: name.length > 4 ? name.slice(2, 4) : name,
        create_time: now,
        update_time: now,
      })
      .execute();
  }
  if (isPostgres(db) && referenced.rows.length > 0) {
    await sql`select setval(pg_get_serial_sequence('enterprises', 'id'), (select max(id) from enterprises))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enterprise_industries').ifExists().execute();
  await db.schema.dropTable('enterprises').ifExists().execute();
}
