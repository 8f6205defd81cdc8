import type { Kysely } from 'kysely';
import { bigint, isPostgres, sql } from './columns';

/**
 * What keeps the company search's totalElements exact and cheap at a million companies
 * (server/companies/companies.repository.ts):
 *
 * - `company_counts`: the number of companies per (platform_mark, department_id), the department 0 standing
 *   for "none". Triggers keep it exact on every insert, delete and update (an edition or department change
 *   moves a company from one row to another), so an unfiltered, edition- or department-scoped total is the
 *   sum of a few rows instead of a COUNT(*) over the table.
 * - `company_data_version`: one row whose `version` the same triggers bump on every insert, update and delete
 *   of companies, in the writing transaction. The search caches filtered totals (and, for name searches, the
 *   order of the matches) under the version it read first; any write changes the version, so a cached value
 *   is never served after a write, whichever process made it.
 *
 * SQLite: row triggers. PostgreSQL: statement triggers over transition tables (one grouped upsert per
 * statement, however many rows it touches), plus TRUNCATE. Each bumps the version before touching a count,
 * so concurrent writers queue on that one row instead of deadlocking over count rows taken in another order.
 */
const SQLITE_TRIGGERS = [
  'companies_counts_ai',
  'companies_counts_ad',
  'companies_counts_au',
  'companies_version_ai',
  'companies_version_ad',
  'companies_version_au',
] as const;
/** PostgreSQL: trigger → its function and how it is declared. */
const PG_TRIGGERS: readonly [trigger: string, fn: string, declaration: string][] = [
  ['companies_counts_ins', 'companies_counts_ins', 'AFTER INSERT ON companies REFERENCING NEW TABLE AS new_rows'],
  ['companies_counts_del', 'companies_counts_del', 'AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows'],
  [
    'companies_counts_upd',
    'companies_counts_upd',
    'AFTER UPDATE ON companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  ],
  ['companies_counts_trunc', 'companies_counts_trunc', 'AFTER TRUNCATE ON companies'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_counts')
    .ifNotExists()
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('department_id', bigint, (c) => c.notNull())
    .addColumn('n', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('company_counts_pk', ['platform_mark', 'department_id'])
    .execute();
  await db.schema
    .createTable('company_data_version')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', bigint, (c) => c.notNull())
    .execute();
  await sql`INSERT INTO company_data_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING`.execute(db);

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // The companies that exist already, counted once the triggers are in place: a write that lands before this
  // statement is counted here, one after it by its trigger. SQLite: the savepoint makes the delete and the
  // insert one transaction (one writer at a time). PostgreSQL: the migration runs in a transaction; SHARE
  // mode keeps writers out until it commits.
  await sql`SAVEPOINT company_counts_fill`.execute(db);
  if (isPostgres(db)) await sql`LOCK TABLE companies IN SHARE MODE`.execute(db);
  await sql`DELETE FROM company_counts`.execute(db);
  await sql`
    INSERT INTO company_counts (platform_mark, department_id, n)
    SELECT platform_mark, coalesce(department_id, 0), count(*) FROM companies GROUP BY platform_mark, coalesce(department_id, 0)
  `.execute(db);
  await sql`RELEASE SAVEPOINT company_counts_fill`.execute(db);
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (row: 'new' | 'old') => sql`
    INSERT INTO company_counts (platform_mark, department_id, n)
      VALUES (${sql.raw(row)}.platform_mark, coalesce(${sql.raw(row)}.department_id, 0), 1)
      ON CONFLICT (platform_mark, department_id) DO UPDATE SET n = n + 1;`;
  const remove = (row: 'new' | 'old') => sql`
    UPDATE company_counts SET n = n - 1
      WHERE platform_mark = ${sql.raw(row)}.platform_mark AND department_id = coalesce(${sql.raw(row)}.department_id, 0);`;
  const bump = sql`UPDATE company_data_version SET version = version + 1 WHERE id = 1;`;

  await sql`CREATE TRIGGER IF NOT EXISTS companies_counts_ai AFTER INSERT ON companies BEGIN ${add('new')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER IF NOT EXISTS companies_counts_ad AFTER DELETE ON companies BEGIN ${remove('old')} END`.execute(
    db,
  );
  await sql`CREATE TRIGGER IF NOT EXISTS companies_counts_au AFTER UPDATE OF platform_mark, department_id ON companies
    WHEN old.platform_mark IS NOT new.platform_mark OR old.department_id IS NOT new.department_id
    BEGIN ${remove('old')} ${add('new')} END`.execute(db);
  for (const [trigger, event] of [
    ['companies_version_ai', 'INSERT'],
    ['companies_version_ad', 'DELETE'],
    ['companies_version_au', 'UPDATE'],
  ] as const) {
    await sql`CREATE TRIGGER IF NOT EXISTS ${sql.id(trigger)} AFTER ${sql.raw(event)} ON companies BEGIN ${bump} END`.execute(
      db,
    );
  }
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  /** Adds each (platform_mark, department, delta) of `changes` to its count, in key order (a stable lock order). */
  const applyDeltas = (changes: string) => `
    INSERT INTO company_counts AS c (platform_mark, department_id, n)
    SELECT platform_mark, department_id, sum(delta) FROM (${changes}) AS changes
    GROUP BY platform_mark, department_id HAVING sum(delta) <> 0
    ORDER BY platform_mark, department_id
    ON CONFLICT (platform_mark, department_id) DO UPDATE SET n = c.n + excluded.n;`;
  const added = 'SELECT platform_mark, coalesce(department_id, 0) AS department_id, 1 AS delta FROM new_rows';
  const removed = 'SELECT platform_mark, coalesce(department_id, 0) AS department_id, -1 AS delta FROM old_rows';
  const bodies: Record<string, string> = {
    companies_counts_ins: applyDeltas(added),
    companies_counts_del: applyDeltas(removed),
    companies_counts_upd: applyDeltas(`${removed} UNION ALL ${added}`),
    companies_counts_trunc: 'DELETE FROM company_counts;',
  };
  for (const [trigger, fn, declaration] of PG_TRIGGERS) {
    // The version first: every writer of companies takes that row lock before any count row.
    await sql`
      CREATE OR REPLACE FUNCTION ${sql.id(fn)}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE company_data_version SET version = version + 1 WHERE id = 1;
        ${sql.raw(bodies[fn])}
        RETURN NULL;
      END
      $$`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ON companies`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(trigger)} ${sql.raw(declaration)} FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [trigger, fn] of PG_TRIGGERS) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ON companies`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)}()`.execute(db);
    }
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)}`.execute(db);
  }
  await db.schema.dropTable('company_data_version').ifExists().execute();
  await db.schema.dropTable('company_counts').ifExists().execute();
}
