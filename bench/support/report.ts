import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

/** 1 KB = 1024 bytes throughout the benchmarks. */
export const KB = 1024;

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function header(title: string): void {
  console.log(`\n=== ${title} ===`);
}

/** One measured figure with its budget: `ok` / `OVER BUDGET`, or `budget: none set (reported)`. */
export function figure(label: string, shown: string, budget?: { limit: number; shown: string; value: number }): void {
  if (!budget) {
    console.log(`  ${label}: ${shown}   budget: none set (reported)`);
    return;
  }
  const verdict = budget.value <= budget.limit ? 'ok' : 'OVER BUDGET';
  console.log(`  ${label}: ${shown}   budget: ≤ ${budget.shown}   ${verdict}`);
}

/**
 * Rows per table of the server's SQLite database (demo seed on a fresh data dir): ordinary tables only, so
 * neither SQLite's own tables nor full-text indexes (virtual tables and their shadow tables) count as rows.
 */
export function databaseRows(dataDir: string): { total: number; tables: { name: string; rows: number }[] } {
  const file = path.join(dataDir, 'app.sqlite');
  if (!existsSync(file)) return { total: 0, tables: [] };
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = (db.prepare('pragma main.table_list').all() as { name: string; type: string }[])
      .filter((table) => table.type === 'table' && !table.name.startsWith('sqlite_'))
      .sort((a, b) => a.name.localeCompare(b.name));
    const tables = names.map(({ name }) => ({
      name,
      rows: (db.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as { n: number }).n,
    }));
    return { total: tables.reduce((sum, table) => sum + table.rows, 0), tables };
  } finally {
    db.close();
  }
}

/** Prints the machine, Node, Chromium and database the figures were taken on. */
export function conditions(extra: { chromium?: string; dataDir?: string; distBuilt?: Date }): void {
  const cpus = os.cpus();
  const lines = [
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB memory (${(os.freemem() / 1024 ** 3).toFixed(1)} GB free), ` +
      `${os.platform()} ${os.arch()}, load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    `node ${process.version}${extra.chromium ? `, chromium ${extra.chromium} (headless)` : ''}`,
  ];
  if (extra.distBuilt) lines.push(`dist/ built ${extra.distBuilt.toISOString()}`);
  if (extra.dataDir) {
    const rows = databaseRows(extra.dataDir);
    const largest = [...rows.tables]
      .sort((a, b) => b.rows - a.rows)
      .slice(0, 5)
      .map((table) => `${table.name} ${table.rows}`)
      .join(', ');
    lines.push(
      `db: SQLite, fresh demo seed, ${rows.total} rows in ${rows.tables.length} tables (largest: ${largest}; ` +
        'full-text index tables not counted)',
    );
  }
  console.log('  conditions:');
  for (const line of lines) console.log(`    ${line}`);
}
