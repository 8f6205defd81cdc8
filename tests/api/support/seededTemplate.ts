import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, sqliteConnectionOf } from '../../../server/db/database';
import { seedDemo } from '../../../server/db/seed/demo';

/**
 * Where a test app copies its migrated and seeded database from: a SQLite file, or a PostgreSQL database made
 * to be a template (`CREATE DATABASE … TEMPLATE`). Made once per Vitest run by the api project's global setup.
 */
export type SeededTemplate = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; database: string };

/** The connection URL of `database` on the server of `url` (same user, host and options). */
export function urlOfDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test app's database once its connections have gone (a pool's last connections may still be closing
 * just after it ended). Without FORCE: terminating a connection that is closing would raise an error in the
 * test process. A database still in use after some tries is left to the run's teardown.
 */
export async function dropDatabaseWhenFree(url: string, database: string): Promise<void> {
  await withPgClient(url, async (client) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${database}`);
        return;
      } catch (error) {
        // 55006: "database … is being accessed by other users".
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
}

/** Migrates and seeds one database; returns it and a function that removes it. */
export async function createSeededTemplate(
  databaseUrl: string,
): Promise<{ template: SeededTemplate; remove(): Promise<void> }> {
  const name = `lg_tpl_${randomBytes(6).toString('hex')}`;
  if (!databaseUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-api-template-'));
    const db = openDatabase({ databaseUrl: null, dataDir: dir, file: `${name}.sqlite` });
    try {
      await migrateToLatest(db);
      await seedDemo(db);
      // Everything into the main file, so that a plain file copy is the whole database.
      sqliteConnectionOf(db)?.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
    return {
      template: { kind: 'sqlite', file: path.join(dir, `${name}.sqlite`) },
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  await withPgClient(databaseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  // The template and any copy of it a test app left behind (all test processes have ended by now).
  const remove = () =>
    withPgClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'",
        [name],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
  try {
    const db = openDatabase({ databaseUrl: urlOfDatabase(databaseUrl, name), dataDir: os.tmpdir() });
    try {
      await migrateToLatest(db);
      await seedDemo(db);
    } finally {
      await db.destroy();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { template: { kind: 'postgres', url: databaseUrl, database: name }, remove };
}
