import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { sha256Hex } from '../api/support/testApp';
import { bankCard, idCard } from '../support/batchFiles';

/**
 * `npm run backup -- DIR` while the server serves and writes, on SQLite and on PostgreSQL: a server
 * started on DIR (and, for PostgreSQL, on the dump restored) has every record written before the backup began, with
 * its files (the agreements' PDFs), the same secrets (a token issued by the first server is valid on the second)
 * and, on SQLite, a database that passes the integrity check.
 */
const work = mkdtempSync(path.join(tmpdir(), 'lg-backup-'));
const dataDir = path.join(work, 'data');
const backupDir = path.join(work, 'backup');
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(work, { recursive: true, force: true });
});

async function merchant(base: string) {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
    body: new URLSearchParams({ username: 'merchant', password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  const token = ((await login.json()) as { content: { token: string } }).content.token;
  const headers = { authorization: `Bearer ${token}`, platformMark: '1', 'content-type': 'application/json' };
  const post = async (url: string, body: unknown = {}) =>
    (await (await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
      code: number;
      message: string;
      content: any;
    };
  return { token, post };
}

/** Names are Chinese letters only: the serial's digits as 零一二…九. */
const chineseDigits = (serial: number) =>
  [...String(serial)].map((digit) => '零一二三四五六七八九'[Number(digit)]).join('');
const person = (serial: number, prefix: string) => ({
  kind: 'sign',
  name: `${prefix}${chineseDigits(serial)}`,
  idCard: idCard(serial),
  mobile: `139${String(serial).padStart(8, '0')}`,
  bankCard: bankCard(serial),
  bankName: '中国工商银行',
});

interface LocalPostgres {
  url: string;
  stop(): void;
}

/** `npm run backup -- target` as a child process, without blocking this one (the load keeps writing). */
function runBackup(target: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/operations/backupCli.ts', target], {
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function workersNamed(base: string, token: string, prefix: string): Promise<number> {
  const answer = await fetch(`${base}/api/v1/workers/search?page=0&size=10&q=${encodeURIComponent(`name:${prefix}`)}`, {
    headers: { authorization: `Bearer ${token}`, platformMark: '1' },
  });
  const list = (await answer.json()) as { code: number; message: string; content: { totalElements: number } };
  expect(list.code, list.message).toBe(1020000);
  return list.content.totalElements;
}

/**
 * Four workers with their agreement PDFs (in uploads/) written since start-up, then the backup while a load adds
 * workers, then a server on the restored copy: the four and their PDFs are there, as many of the load's workers as
 * had been written when the backup began and no more than were written in all, and the old token is valid.
 */
async function backupUnderLoad(options: {
  dataDir: string;
  backupDir: string;
  env: Record<string, string>;
  beforeBackup?: () => void;
  restore: () => Promise<Record<string, string>>;
}) {
  const source = await startServer({ dataDir: options.dataDir, env: options.env });
  servers.push(source);
  const { token, post } = await merchant(source.url);
  const links: string[] = [];
  for (let serial = 771_001; serial <= 771_004; serial += 1) {
    const added = await post('/api/v1/workers', person(serial, '备份甲'));
    expect(added.code, added.message).toBe(1020000);
    const link = await post(`/api/v1/workers/${added.content.id}/sign_link`);
    expect(link.code, link.message).toBe(1020000);
    links.push(link.content.url);
  }
  options.beforeBackup?.();

  let writing = true;
  let written = 0;
  const load = (async () => {
    for (let serial = 772_000; writing; serial += 1) {
      if ((await post('/api/v1/workers', person(serial, '备份乙'))).code === 1020000) written += 1;
    }
  })();
  // Some writes first, so that the copy has some of the load's workers.
  while (written < 3) await new Promise((resolve) => setTimeout(resolve, 20));
  const writtenBefore = written;
  const backup = await runBackup(options.backupDir, { DATA_DIR: options.dataDir, ...options.env });
  const writtenDuring = written - writtenBefore;
  writing = false;
  await load;
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toContain('备份完成');
  // The load really wrote while the backup ran.
  expect(writtenDuring).toBeGreaterThan(0);
  expect(await workersNamed(source.url, token, '备份乙')).toBe(written);

  const restored = await startServer({
    dataDir: options.backupDir,
    env: { SEED_DEMO: '0', ...(await options.restore()) },
  });
  servers.push(restored);
  expect(await workersNamed(restored.url, token, '备份甲')).toBe(4);
  const copied = await workersNamed(restored.url, token, '备份乙');
  expect(copied).toBeGreaterThanOrEqual(writtenBefore);
  expect(copied).toBeLessThanOrEqual(written);
  for (const link of links) {
    const pdf = await fetch(`${restored.url}/api/v1/open/worker_sign/${link.split('/').pop()}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  }
}

describe('npm run backup', () => {
  it('copies a consistent SQLite database and every file while the server writes', async () => {
    await backupUnderLoad({
      dataDir,
      backupDir,
      env: { DATABASE_URL: '' },
      // What was written since start-up sits in app.sqlite-wal: a plain copy of app.sqlite would lose it.
      beforeBackup: () => expect(existsSync(path.join(dataDir, 'app.sqlite-wal'))).toBe(true),
      restore: async () => {
        expect(JSON.parse(readFileSync(path.join(backupDir, 'backup.json'), 'utf8'))).toMatchObject({
          database: 'sqlite',
          integrity: 'ok',
        });
        return { DATABASE_URL: '' };
      },
    });
  }, 240_000);

  it('on PostgreSQL: pg_dump -Fc and the files, restored with pg_restore as the README says', async () => {
    const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
      startLocalPostgres: () => Promise<LocalPostgres | null>;
    };
    const postgres = await startLocalPostgres();
    if (!postgres) throw new Error('需要 PostgreSQL（Debian：apt-get install postgresql；.ci/run 会安装）');
    const pgBackupDir = path.join(work, 'pg-backup');
    try {
      await backupUnderLoad({
        dataDir: path.join(work, 'pg-data'),
        backupDir: pgBackupDir,
        env: { DATABASE_URL: postgres.url },
        restore: async () => {
          expect(JSON.parse(readFileSync(path.join(pgBackupDir, 'backup.json'), 'utf8'))).toMatchObject({
            database: 'postgres',
          });
          expect(existsSync(path.join(pgBackupDir, 'app.sqlite'))).toBe(false);
          const restoredUrl = postgres.url.replace(/\/postgres$/, '/restored');
          const create = spawnSync('psql', [postgres.url, '-c', 'CREATE DATABASE restored'], { encoding: 'utf8' });
          expect(create.status, create.stderr).toBe(0);
          const restore = spawnSync(
            'pg_restore',
            ['--no-owner', '-d', restoredUrl, path.join(pgBackupDir, 'database.dump')],
            { encoding: 'utf8' },
          );
          expect(restore.status, restore.stderr).toBe(0);
          return { DATABASE_URL: restoredUrl };
        },
      });
    } finally {
      for (const server of servers.splice(0)) await server.stop();
      postgres.stop();
    }
  }, 240_000);

  it('refuses a folder that is not empty, and says how to use it', () => {
    const occupied = path.join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'something'), 'x');
    const used = spawnSync(process.execPath, ['--import', 'tsx', 'server/operations/backupCli.ts', occupied], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(used.status).toBe(1);
    expect(used.stderr).toContain('备份目录必须为空');
    const bare = spawnSync(process.execPath, ['--import', 'tsx', 'server/operations/backupCli.ts'], {
      encoding: 'utf8',
    });
    expect(bare.status).toBe(64);
    expect(bare.stderr).toContain('用法：npm run backup -- 备份目录');
  });
});
