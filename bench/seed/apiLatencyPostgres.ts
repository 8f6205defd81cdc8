import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { seedBenchCompanies, seedBenchContracts } from '../../server/db/seed/bench';
import { seedDemo } from '../../server/db/seed/demo';
import { type BenchPostgres, withoutIndexes } from './statisticsRollups';

/** Bump when the rows seedBenchCompanies / seedBenchContracts write change: a kept server is then built anew. */
const SEED_VERSION = 1;

/**
 * The local PostgreSQL's settings for the API bench: enough shared buffers for the million-row tables and their
 * indexes (the default 128 MB reads them from the OS cache page by page), and room for 4 server processes with
 * their pools. The same values a small production server would be given.
 */
export const API_BENCH_POSTGRES_SETTINGS = [
  'shared_buffers=1GB',
  'max_connections=200',
  'maintenance_work_mem=512MB',
  'work_mem=16MB',
  'effective_cache_size=4GB',
  'random_page_cost=1.1',
  'max_wal_size=4GB',
];

/**
 * The API bench's PostgreSQL (bench/apiLatency.ts): a local server whose files stay under the system temp folder,
 * one per size and seed version, with the demo data and `companies` companies and `contracts` contracts, built on
 * first use (bulk INSERT … SELECT over generate_series with the secondary indexes dropped and built after, then
 * ANALYZE) and reused by the next run; a reused one is migrated to the latest schema first.
 */
export async function startApiBenchPostgres(options: {
  companies: number;
  contracts: number;
}): Promise<BenchPostgres | null> {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: (options?: { dir?: string; settings?: string[] }) => Promise<BenchPostgres | null>;
  };
  const dir = path.join(os.tmpdir(), `lg-bench-api-pg-v${SEED_VERSION}-${options.companies}-${options.contracts}`);
  const marker = path.join(dir, 'ready');
  const seeded = existsSync(marker);
  if (!seeded) rmSync(dir, { recursive: true, force: true });
  const server = await startLocalPostgres({ dir, settings: API_BENCH_POSTGRES_SETTINGS });
  if (!server) return null;
  const started = Date.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lg-bench-pg-'));
  const db = openDatabase({ databaseUrl: server.url, dataDir: scratch });
  try {
    await migrateToLatest(db);
    if (!seeded) {
      await seedDemo(db);
      await withoutIndexes(db, ['companies', 'contracts'], async () => {
        await seedBenchCompanies(db, options.companies);
        if (options.contracts) await seedBenchContracts(db, options.contracts);
      });
      await sql`VACUUM ANALYZE`.execute(db);
    }
  } catch (error) {
    server.stop();
    throw error;
  } finally {
    await db.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!seeded) {
    writeFileSync(marker, new Date().toISOString());
    console.log(`  PostgreSQL bench rows built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  }
  return server;
}
