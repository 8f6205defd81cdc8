import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { sha256Hex } from '../api/support/testApp';

/**
 * SIGTERM while an export streams: the export of /contractManagement (a hand-written list the
 * export reads page by page through the server itself) runs to its last row, new requests meanwhile get 503 with
 * the envelope, and the process exits 0 once the export is done. The client reads slowly, so the export is still
 * being written when the signal comes.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'lg-shutdown-'));
let server: RunningServer | null = null;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Copies company 1's contracts until it has at least `count` (the export then takes many pages). */
function growContracts(count: number): number {
  const db = new SQLite(path.join(dataDir, 'app.sqlite'));
  try {
    const columns = (db.prepare('PRAGMA table_info(contracts)').all() as { name: string }[])
      .map((column) => column.name)
      .filter((name) => name !== 'id');
    const list = columns.join(', ');
    const copy = db.prepare(`INSERT INTO contracts (${list}) SELECT ${list} FROM contracts WHERE company_id = 1`);
    const total = () =>
      (db.prepare('SELECT count(*) AS n FROM contracts WHERE company_id = 1').get() as { n: number }).n;
    while (total() < count) copy.run();
    return total();
  } finally {
    db.close();
  }
}

async function merchantToken(base: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
    body: new URLSearchParams({ username: 'merchant', password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  const body = (await response.json()) as { code: number; content: { token: string } };
  expect(body.code).toBe(1020000);
  return body.content.token;
}

describe('a graceful stop', () => {
  it('finishes the export in progress, refuses new requests with 503, then exits 0', async () => {
    // First start migrates and seeds; then the company gets enough contracts for a long export.
    server = await startServer({ dataDir });
    await server.stop();
    const contracts = growContracts(20_000);
    server = await startServer({ dataDir, env: { SHUTDOWN_GRACE_MS: '60000' } });
    const base = server.url;
    const token = await merchantToken(base);

    const chunks: Buffer[] = [];
    let response!: http.IncomingMessage;
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          `${base}/api/v1/exports/contractManagement?format=csv`,
          { headers: { authorization: `Bearer ${token}`, platformMark: '1' } },
          (answer) => {
            response = answer;
            answer.once('data', (chunk: Buffer) => {
              chunks.push(chunk);
              answer.pause();
              resolve();
            });
          },
        )
        .on('error', reject);
    });
    expect(response.statusCode).toBe(200);

    server.signal('SIGTERM');
    // While the export is held, a new request is refused with the envelope, and the process is still there.
    let refused: { status: number; body: unknown } | null = null;
    for (let attempt = 0; attempt < 40 && !refused; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await fetch(`${base}/api/health`, { headers: { connection: 'close' } }).catch(() => null);
      if (answer?.status === 503) refused = { status: 503, body: await answer.json() };
    }
    expect(refused).toEqual({
      status: 503,
      body: { code: 1050500, message: '服务器正在重启，请稍后再试', content: null },
    });

    const done = new Promise<void>((resolve, reject) => {
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', resolve);
      response.on('error', reject);
    });
    response.resume();
    await done;
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The header line and every contract: nothing cut short.
    expect(lines.length).toBe(contracts + 1);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('Fastify has already been closed');
    server = null;
  }, 180_000);
});
