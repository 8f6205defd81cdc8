import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { seedBenchCompanies, seedBenchContracts } from '../../server/db/seed/bench';
import { seedDemo } from '../../server/db/seed/demo';
import { fillMissingKeys } from '../../server/workers/workers.service';
import { seedBenchAgreements, seedBenchWorkers } from './workers';

/**
 * The data directory `.tmp/<name>`, built once by `build` (which gets the directory and the config of a server on it);
 * a directory whose build did not finish is built again.
 */
async function cachedDataDir(
  name: string,
  label: string,
  build: (dir: string, config: ReturnType<typeof loadConfig>, started: number) => Promise<void>,
): Promise<string> {
  const dir = path.resolve('.tmp', name);
  const marker = path.join(dir, 'ready');
  if (existsSync(marker)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  await build(dir, loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }), started);
  writeFileSync(marker, new Date().toISOString());
  console.log(`  ${label} built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  return dir;
}

/**
 * Builds (once) a SQLite data directory with the demo data plus the bench rows, and returns its path.
 * Rebuilt when the row count or the migrations change.
 */
export function buildBenchDb(options: { companies: number; contracts?: number }): Promise<string> {
  const name = `bench-db-${options.companies}-${options.contracts ?? 0}`;
  return cachedDataDir(name, 'bench database', async (_dir, config) => {
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      await seedDemo(db);
      await seedBenchCompanies(db, options.companies);
      if (options.contracts) await seedBenchContracts(db, options.contracts);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * Builds (once) a SQLite data directory with the demo data plus `workers` workers and `agreements` agreements
 * (bench/seed/workers.ts), and returns its path. The lookup hashes use the directory's own ID key, which the
 * server started on it reads too.
 */
export function buildWorkersBenchDb(options: { workers: number; agreements: number }): Promise<string> {
  const name = `bench-db-workers-${options.workers}-${options.agreements}`;
  return cachedDataDir(name, 'workers bench database', async (dir, config, started) => {
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
      await seedDemo(db);
      await fillMissingKeys(db, config.idKey);
    } finally {
      await db.destroy();
    }
    const file = new Database(path.join(dir, 'app.sqlite'));
    try {
      file.pragma('journal_mode = WAL');
      file.pragma('synchronous = OFF');
      file.pragma('cache_size = -262144');
      const companies = (file.prepare('SELECT MAX(id) AS n FROM companies').get() as { n: number }).n;
      // Secondary indexes are dropped during the bulk insert and built again after it (a sorted build instead of a
      // million random B-tree inserts); their definitions come from the schema itself.
      const indexes = file
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('workers', 'worker_agreements') AND sql IS NOT NULL",
        )
        .all() as { name: string; sql: string }[];
      for (const index of indexes) file.exec(`DROP INDEX "${index.name}"`);
      seedBenchWorkers(file, options.workers, config.idKey, companies);
      console.log(`  ${options.workers} workers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      seedBenchAgreements(file, options.agreements);
      for (const index of indexes) file.exec(index.sql);
      file.exec('ANALYZE');
    } finally {
      file.close();
    }
  });
}
