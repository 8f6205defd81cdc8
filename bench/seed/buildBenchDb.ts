import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { seedBenchCompanies, seedBenchContracts } from '../../server/db/seed/bench';
import { seedDemo } from '../../server/db/seed/demo';

/**
 * Builds (once) a SQLite data directory with the demo data plus the bench rows, and returns its path.
 * Rebuilt when the row count or the migrations change.
 */
export async function buildBenchDb(options: { companies: number; contracts?: number }): Promise<string> {
  const dir = path.resolve('.tmp', `bench-db-${options.companies}-${options.contracts ?? 0}`);
  const marker = path.join(dir, 'ready');
  if (existsSync(marker)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await seedBenchCompanies(db, options.companies);
    if (options.contracts) await seedBenchContracts(db, options.contracts);
  } finally {
    await db.destroy();
  }
  writeFileSync(marker, new Date().toISOString());
  console.log(`  bench database built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  return dir;
}
