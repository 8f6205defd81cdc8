import type { Kysely } from 'kysely';
import { logLine } from '../../operations/logLine.mjs';
import { bigint, isPostgres, notNullDefault, sql, withId } from './columns';

/**
 * Contracts between the platform and a merchant company (/contractManagement, /adPlatformCooperation), read
 * through GET /api/v1/contract at a million rows.
 *
 * - Every list is ordered by create_time desc, id desc. A merchant's list is confined to its company:
 *   (company_id, create_time, id). Staff lists walk (create_time, id) and stop after one page.
 * - Both carry the small columns the list filters on (statuses, category, edition, and the company for the
 *   other one) after the key: a filter on them, and the count of all matches, is then read from the index
 *   alone. Without them a department-scoped count (company_id IN the departments' companies) with one more
 *   filter looks up every scoped row in the table: seconds at a million rows instead of ~0.2 s.
 * - The equality filters that narrow a lot (contract status, enterprise, industry) get
 *   (column, create_time, id, company_id): their pages are read in order, scope checked in the index.
 * - willexpire reads one company's contracts by end date: (company_id, end_date, id); the list sorted by end
 *   date: (end_date, id, company_id).
 * - The signer name is matched exactly: (sign_nm).
 * - The contract name filter (nm) is a substring match, served like the company name of migration 002:
 *   SQLite an FTS5 trigram index kept in sync by triggers, PostgreSQL a GIN pg_trgm index (the extension is
 *   installed by 002; when it is missing the search scans and this migration says so).
 * - GET /api/v1/contract/:id is the primary key.
 */
const FILTERED = ['contract_status', 'sign_status', 'data_status', 'csort', 'platform_mark'];
const INDEXES: readonly [name: string, columns: readonly string[]][] = [
  ['contracts_company_time', ['company_id', 'create_time', 'id', ...FILTERED]],
  ['contracts_create_time', ['create_time', 'id', 'company_id', ...FILTERED]],
  ['contracts_status_time', ['contract_status', 'create_time', 'id', 'company_id']],
  ['contracts_enterprise_time', ['enterprise_id', 'create_time', 'id', 'company_id']],
  ['contracts_industry_time', ['industry_id', 'create_time', 'id', 'company_id']],
  ['contracts_company_end', ['company_id', 'end_date', 'id']],
  ['contracts_end_date', ['end_date', 'id', 'company_id']],
  ['contracts_sign_nm', ['sign_nm']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('contracts'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('nm', 'varchar(128)', (c) => c.notNull())
    .addColumn('contract_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('csort', 'integer', (c) => c.notNull())
    .addColumn('contract_status', 'integer', notNullDefault(2))
    .addColumn('sign_status', 'integer', notNullDefault(0))
    .addColumn('data_status', 'integer', notNullDefault(1))
    .addColumn('enterprise_id', bigint)
    .addColumn('industry_id', bigint)
    .addColumn('sign_nm', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('sign_time', 'varchar(19)')
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  for (const [name, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on('contracts')
      .columns([...columns])
      .execute();
  }
  if (isPostgres(db)) await createTrigramIndex(db);
  else await createSqliteNameSearch(db);
}

async function createSqliteNameSearch(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE contracts_nm_fts USING fts5(
    nm, content='contracts', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`CREATE TRIGGER contracts_nm_fts_ai AFTER INSERT ON contracts BEGIN
    INSERT INTO contracts_nm_fts(rowid, nm) VALUES (new.id, new.nm);
  END`.execute(db);
  await sql`CREATE TRIGGER contracts_nm_fts_ad AFTER DELETE ON contracts BEGIN
    INSERT INTO contracts_nm_fts(contracts_nm_fts, rowid, nm) VALUES ('delete', old.id, old.nm);
  END`.execute(db);
  await sql`CREATE TRIGGER contracts_nm_fts_au AFTER UPDATE OF nm, id ON contracts BEGIN
    INSERT INTO contracts_nm_fts(contracts_nm_fts, rowid, nm) VALUES ('delete', old.id, old.nm);
    INSERT INTO contracts_nm_fts(rowid, nm) VALUES (new.id, new.nm);
  END`.execute(db);
}

/** The operator class is named with the schema pg_trgm lives in (see migration 002). */
async function createTrigramIndex(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    logLine(
      'warn',
      '[migration 005_contracts] pg_trgm is not available; the contract name search will scan the table. ' +
        'To make it fast, as a role allowed to: CREATE EXTENSION pg_trgm; then ' +
        'CREATE INDEX contracts_nm_trgm ON contracts USING gin (nm gin_trgm_ops);',
    );
    return;
  }
  await sql`CREATE INDEX contracts_nm_trgm ON contracts USING gin (nm ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['contracts_nm_fts_ai', 'contracts_nm_fts_ad', 'contracts_nm_fts_au']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS contracts_nm_fts`.execute(db);
  }
  // Dropping the table drops its indexes (the trigram one too).
  await db.schema.dropTable('contracts').ifExists().execute();
}
