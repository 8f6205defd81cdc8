import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type MigrationResultSet, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { shareTurn } from '../system/eventLoopTurns';
import { isPostgres } from './migrations/columns';
import { migrations } from './migrations/index';
import { type PreparedStatements, withPreparedStatements } from './preparedStatements';
import type { Database } from './schema';
import { withStatementCache } from './statementCache';

export type Db = Kysely<Database>;

/** The better-sqlite3 connection under each SQLite Kysely instance, for the few hot reads that skip Kysely. */
const sqliteConnections = new WeakMap<Kysely<any>, SQLite.Database>();

/** The named-statement switch of each PostgreSQL Kysely instance (paused while migrating). */
const preparedStatements = new WeakMap<Kysely<any>, PreparedStatements>();

/** The PostgreSQL pool under each Kysely instance (metrics read its counts). */
const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** The PostgreSQL pool of `db`, or null on SQLite. */
export function poolOf(db: Kysely<any>): pg.Pool | null {
  return pools.get(db) ?? null;
}

/** The SQLite connection of `db`, or null on PostgreSQL. */
export function sqliteConnectionOf(db: Kysely<any>): SQLite.Database | null {
  return sqliteConnections.get(db) ?? null;
}

// PostgreSQL returns bigint (int8) as text; our ids and money fit in a double exactly (< 2^53).
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens SQLite (one file in dataDir, WAL mode) or PostgreSQL when a URL is given; `searchPath` puts every
 * PostgreSQL connection in that schema (the API tests give each suite its own).
 */
export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  file?: string;
  searchPath?: string;
  /** Told when an idle PostgreSQL connection dies (the database stopped or restarted); the pool drops it. */
  onConnectionLost?: (error: Error) => void;
}): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that does not answer (network down) fails the request after 5 s instead of holding it.
      connectionTimeoutMillis: 5_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // A connection that dies (57P01 when PostgreSQL stops) emits 'error' on its client, and on the pool while idle;
    // without a listener that event ends the process. With them, the pool discards the client on its release and
    // opens a new one when the database is back, and the request that used it fails with 503.
    const lost = (error: Error) => options.onConnectionLost?.(error);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const prepared = withPreparedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: prepared.pool }) });
    preparedStatements.set(db, prepared.state);
    pools.set(db, pool);
    return db;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, options.file ?? 'app.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Keep the hot indexes of a million-row table in memory: 64 MB page cache, and the file memory-mapped up to
  // SQLite's limit (2 GB): a page read past the mapped part is a pread and a copy, 9 % of the server's CPU on a
  // read by id at 1 000 000 rows when only 256 MB of the 1.2 GB file were mapped (bench/NOTES.md, API).
  // The mapped pages are the operating system's file cache, shared, not the process's own memory.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 2147418112');
  const db = new Kysely<Database>({ dialect: new TurnSharingSqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteConnections.set(db, sqlite);
  return db;
}

/**
 * better-sqlite3 answers synchronously, so a loop of queries (a payout round, an export, a background job) would
 * hold the event loop to its end: each query first lets waiting requests in when the loop has been held longer
 * than a slice (system/eventLoopTurns.ts). Inside a transaction the connection is held, so a long transaction
 * yields between its own chunks itself.
 * The one connection is handed on first come, first served, waking only the next in line: Kysely's own lock wakes
 * every waiter at each release, and 200 queries in flight at once (a payout chunk's submits) spent seconds of
 * microtasks in those wake-ups with no turn between them.
 */
class TurnSharingSqliteDialect extends SqliteDialect {
  override createDriver() {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const waiting: (() => void)[] = [];
    let held = false;
    driver.acquireConnection = async () => {
      if (held) await new Promise<void>((resolve) => waiting.push(resolve));
      held = true;
      await shareTurn();
      return acquire();
    };
    driver.releaseConnection = async (connection) => {
      await release(connection);
      const next = waiting.shift();
      if (next) next();
      else held = false;
    };
    return driver;
  }
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  // Unless told the schema, Kysely takes a kysely_migration table in ANY schema of the database for its own
  // and then fails in this one; name the connection's current schema so schemas side by side each migrate.
  const migrationTableSchema = isPostgres(db)
    ? ((await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema ??
      undefined)
    : undefined;
  // Features land in parallel with their own migration numbers: a database that already ran a later
  // number must still take an earlier one that arrives afterwards.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
  // Migrations change tables: statements they prepared could outlive the shape they were planned for.
  const prepared = preparedStatements.get(db);
  if (prepared) prepared.paused = true;
  try {
    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error;
    return result;
  } finally {
    if (prepared) prepared.paused = false;
  }
}
