import type { Kysely } from 'kysely';
import { logLine } from '../../operations/logLine.mjs';
import { isPostgres, sql } from './columns';

/**
 * Indexes behind the admin company search (GET/POST /api/v1/companies/search) at a million companies.
 *
 * - Every list is ordered by create_time desc, id desc and filtered by equality on department, edition,
 *   subsidiary or customer-service id, so each of those gets (column, create_time, id): the database walks
 *   the index in order and stops after one page. (create_time, id) itself exists since 001.
 * - Contact person, legal person and contact mobile are matched exactly (see companies.repository.ts).
 * - (name, id) serves the list sorted by name.
 * - The name filter is a substring match. SQLite: an FTS5 trigram index kept in sync by triggers (used for
 *   3+ characters, the trigram minimum). PostgreSQL: a GIN pg_trgm index that serves ILIKE '%…%'; when the
 *   extension cannot be installed the migration logs that and goes on (the search then scans).
 */
const ORDERED_INDEXES: readonly [name: string, column: string][] = [
  ['companies_department_time', 'department_id'],
  ['companies_platform_time', 'platform_mark'],
  ['companies_subsidiary_time', 'subsidiary_id'],
  ['companies_service_time', 'service_id'],
];
/** The list may be sorted by name (resources/companies.ts); id breaks ties. */
const NAME_ORDER_INDEX = 'companies_name_order';
const EXACT_INDEXES: readonly [name: string, column: string][] = [
  ['companies_linkman_name', 'linkman_name'],
  ['companies_linkman_mobile', 'linkman_mobile'],
  ['companies_legal_person_name', 'legal_person_name'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of ORDERED_INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on('companies').columns([column, 'create_time', 'id']).execute();
  }
  for (const [name, column] of EXACT_INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on('companies').column(column).execute();
  }
  await db.schema.createIndex(NAME_ORDER_INDEX).ifNotExists().on('companies').columns(['name', 'id']).execute();
  if (isPostgres(db)) await createTrigramIndex(db);
  else await createSqliteNameSearch(db);
}

async function createSqliteNameSearch(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS companies_name_fts USING fts5(
    name, content='companies', content_rowid='id', tokenize='trigram'
  )`.execute(db);
  await sql`CREATE TRIGGER IF NOT EXISTS companies_name_fts_ai AFTER INSERT ON companies BEGIN
    INSERT INTO companies_name_fts(rowid, name) VALUES (new.id, new.name);
  END`.execute(db);
  await sql`CREATE TRIGGER IF NOT EXISTS companies_name_fts_ad AFTER DELETE ON companies BEGIN
    INSERT INTO companies_name_fts(companies_name_fts, rowid, name) VALUES ('delete', old.id, old.name);
  END`.execute(db);
  await sql`CREATE TRIGGER IF NOT EXISTS companies_name_fts_au AFTER UPDATE OF name, id ON companies BEGIN
    INSERT INTO companies_name_fts(companies_name_fts, rowid, name) VALUES ('delete', old.id, old.name);
    INSERT INTO companies_name_fts(rowid, name) VALUES (new.id, new.name);
  END`.execute(db);
  // Index the companies that exist already.
  await sql`INSERT INTO companies_name_fts(companies_name_fts) VALUES ('rebuild')`.execute(db);
}

/**
 * pg_trgm goes to `public` when that is possible, not to the connection's current schema: an extension is
 * one per database, and one installed in a schema that is later dropped (the API tests give each suite its
 * own schema) would take every other schema's trigram index with it. The operator class is then named with
 * the schema the extension actually lives in.
 */
async function createTrigramIndex(db: Kysely<any>): Promise<void> {
  const attempt = async (statement: ReturnType<typeof sql>): Promise<unknown> => {
    // Inside the migration's transaction a failed statement aborts everything after it; a savepoint keeps it.
    const guarded = db.isTransaction;
    if (guarded) await sql`SAVEPOINT pg_trgm_install`.execute(db);
    try {
      await statement.execute(db);
      if (guarded) await sql`RELEASE SAVEPOINT pg_trgm_install`.execute(db);
      return null;
    } catch (error) {
      if (guarded) await sql`ROLLBACK TO SAVEPOINT pg_trgm_install`.execute(db);
      return error;
    }
  };
  const extensionSchema = async (): Promise<string | null> => {
    const { rows } = await sql<{ schema: string }>`
      SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_trgm'`.execute(db);
    return rows[0]?.schema ?? null;
  };

  let schema = await extensionSchema();
  let failure: unknown = null;
  if (!schema) {
    failure = await attempt(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`);
    if (failure) failure = await attempt(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Another process may have installed it meanwhile (two migrations racing on one database).
    schema = await extensionSchema();
  }
  if (!schema) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    logLine(
      'warn',
      `[migration 002_company_search] pg_trgm is not available (${reason}); the company name search will scan ` +
        'the table. To make it fast, as a role allowed to: CREATE EXTENSION pg_trgm; then ' +
        'CREATE INDEX companies_name_trgm ON companies USING gin (name gin_trgm_ops);',
    );
    return;
  }
  await sql`CREATE INDEX IF NOT EXISTS companies_name_trgm ON companies USING gin (name ${sql.id(schema, 'gin_trgm_ops')})`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('companies_name_trgm').ifExists().execute();
  } else {
    for (const trigger of ['companies_name_fts_ai', 'companies_name_fts_ad', 'companies_name_fts_au']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS companies_name_fts`.execute(db);
  }
  for (const name of [...ORDERED_INDEXES, ...EXACT_INDEXES].map(([index]) => index).concat(NAME_ORDER_INDEX)) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
