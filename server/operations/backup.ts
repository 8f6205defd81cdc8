import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * An online, consistent backup of everything the server keeps, taken while it serves:
 * - SQLite: `VACUUM INTO` writes the database as one read transaction sees it (WAL mode: a snapshot that ignores
 *   writes that commit meanwhile). Copying app.sqlite while the server runs loses what sits in app.sqlite-wal.
 *   SQLite's incremental backup API restarts whenever another connection writes, so under steady writes it may
 *   never finish; VACUUM INTO does not restart.
 * - PostgreSQL: `pg_dump -Fc` (one consistent snapshot; restore with pg_restore).
 * - Then every other file of DATA_DIR (uploads and generated PDFs, jwt-secret, id-key). The database goes first:
 *   a file is written before the row that names it commits, so every file the snapshot names is already there.
 * A server started with DATA_DIR set to the backup folder (and, for PostgreSQL, the dump restored) has all the data.
 */
export interface BackupResult {
  dir: string;
  database: 'sqlite' | 'postgres';
  files: number;
  integrity: string;
}

const SQLITE_FILES = /^app\.sqlite(-wal|-shm|-journal)?$/;

export function backupDataDir(options: { dataDir: string; databaseUrl: string | null; target: string }): BackupResult {
  const { dataDir, databaseUrl, target } = options;
  if (!existsSync(dataDir)) throw new Error(`数据目录不存在：${dataDir}`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`备份目录必须为空：${target}`);
  mkdirSync(target, { recursive: true });

  let integrity: string;
  if (databaseUrl) {
    const dump = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', path.join(target, 'database.dump'), databaseUrl], {
      encoding: 'utf8',
    });
    if (dump.error)
      throw new Error('找不到 pg_dump：请安装 PostgreSQL 客户端（Debian：apt-get install postgresql-client）');
    if (dump.status !== 0) throw new Error(`pg_dump 失败：${dump.stderr.trim()}`);
    integrity = 'pg_dump ok';
  } else {
    const source = path.join(dataDir, 'app.sqlite');
    if (!existsSync(source)) throw new Error(`数据目录中没有 app.sqlite：${dataDir}`);
    const db = new SQLite(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      db.prepare('VACUUM INTO ?').run(path.join(target, 'app.sqlite'));
    } finally {
      db.close();
    }
    const copy = new SQLite(path.join(target, 'app.sqlite'), { readonly: true });
    try {
      integrity = String(copy.pragma('integrity_check', { simple: true }));
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`备份的数据库完整性检查未通过：${integrity}`);
  }

  let files = 0;
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (SQLITE_FILES.test(entry.name)) continue;
    cpSync(path.join(dataDir, entry.name), path.join(target, entry.name), {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => {
        if (!existsSync(source)) return false;
        files += 1;
        return true;
      },
    });
  }
  const result: BackupResult = { dir: target, database: databaseUrl ? 'postgres' : 'sqlite', files, integrity };
  writeFileSync(
    path.join(target, 'backup.json'),
    `${JSON.stringify({ ...result, time: new Date().toISOString(), source: path.resolve(dataDir) }, null, 2)}\n`,
    { mode: 0o600 },
  );
  return result;
}
