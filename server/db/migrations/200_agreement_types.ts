import type { Kysely } from 'kysely';
import { isPostgres, migrationChinaTime, notNullDefault, sql, withId } from './columns';

/**
 * Agreement types as data (/adContractTemplate): the kinds an agreement template and a contract are of,
 * managed by the platform instead of a fixed list. Seeded with the four kinds the code had fixed, under the same
 * ids (contracts.agreement_type and agreement_templates.type keep their values).
 */
const SEED = [
  { id: 1, name: '服务协议', sort: 1 },
  { id: 2, name: '服务外包协议', sort: 2 },
  { id: 3, name: '自由职业者协议', sort: 3 },
  { id: 4, name: '开户合同', sort: 4 },
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('agreement_types'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', notNullDefault(0))
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  const now = migrationChinaTime();
  await db
    .insertInto('agreement_types')
    .values(SEED.map((row) => ({ ...row, status: 1, create_time: now, update_time: now })))
    .execute();
  // Explicit ids leave PostgreSQL's sequence behind: the next type must get id 5.
  if (isPostgres(db)) {
    await sql`SELECT setval(pg_get_serial_sequence('agreement_types', 'id'), (SELECT MAX(id) FROM agreement_types))`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agreement_types').execute();
}
