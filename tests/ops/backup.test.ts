import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { sha256Hex } from '../api/support/testApp';
import { bankCard, idCard } from '../support/batchFiles';

/**
 * `npm run backup -- DIR` while the server serves and writes (issue 35 §4): a server started on DIR has every
 * record written before the backup began, with its files (the agreements' PDFs), the same secrets (a token issued by
 * the first server is valid on the second) and a database that passes SQLite's integrity check.
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

describe('npm run backup', () => {
  it('copies a consistent database and every file while the server writes', async () => {
    const source = await startServer({ dataDir });
    servers.push(source);
    const { token, post } = await merchant(source.url);
    // Four workers with their agreement drafts (PDFs in uploads/), written since start-up: in app.sqlite-wal.
    const links: string[] = [];
    for (let serial = 771_001; serial <= 771_004; serial += 1) {
      const added = await post('/api/v1/workers', person(serial, '备份甲'));
      expect(added.code, added.message).toBe(1020000);
      const link = await post(`/api/v1/workers/${added.content.id}/sign_link`);
      expect(link.code, link.message).toBe(1020000);
      links.push(link.content.url);
    }
    expect(existsSync(path.join(dataDir, 'app.sqlite-wal'))).toBe(true);

    // Writes go on during the backup.
    let writing = true;
    let written = 0;
    const load = (async () => {
      for (let serial = 772_000; writing; serial += 1) {
        if ((await post('/api/v1/workers', person(serial, '备份乙'))).code === 1020000) written += 1;
      }
    })();
    const backup = spawnSync(process.execPath, ['--import', 'tsx', 'server/operations/backupCli.ts', backupDir], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    writing = false;
    await load;
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('备份完成');
    expect(written).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(path.join(backupDir, 'backup.json'), 'utf8'))).toMatchObject({
      database: 'sqlite',
      integrity: 'ok',
    });

    // The copy alone: every worker in it exists in the source, and the four from before are there.
    const copy = new SQLite(path.join(backupDir, 'app.sqlite'), { readonly: true });
    const names = (copy.prepare("SELECT name FROM workers WHERE name LIKE '备份甲%'").all() as { name: string }[]).map(
      (row) => row.name,
    );
    copy.close();
    expect(names.sort()).toEqual(
      [771_001, 771_002, 771_003, 771_004].map((serial) => `备份甲${chineseDigits(serial)}`).sort(),
    );

    // A server on the backup: same secrets (the old token works), the agreements' PDFs are there.
    const restored = await startServer({ dataDir: backupDir, env: { SEED_DEMO: '0' } });
    servers.push(restored);
    const me = await fetch(
      `${restored.url}/api/v1/workers/search?page=0&size=50&q=${encodeURIComponent('name:备份甲')}`,
      {
        headers: { authorization: `Bearer ${token}`, platformMark: '1' },
      },
    );
    const list = (await me.json()) as { code: number; message: string; content: { totalElements: number } };
    expect(list.code, list.message).toBe(1020000);
    expect(list.content.totalElements).toBe(4);
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
