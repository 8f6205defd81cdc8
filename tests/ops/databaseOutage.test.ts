import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { sha256Hex } from '../api/support/testApp';

/**
 * A PostgreSQL outage under the real server (issue 35 §1): a PostgreSQL of the test's own is stopped with
 * `pg_ctl stop -m fast` (every connection gets 57P01, as in an operator's restart) and started again, under a
 * server started by `scripts/serverProcess.ts` as `npm start` runs it. The server must stay up, answer 503 with the
 * envelope while the database is away, come back by itself, and wait at start-up for a database not yet there.
 */
interface LocalPostgres {
  url: string;
  halt(): void;
  resume(): void;
  stop(): void;
}

const OK = 1020000;
let pg: LocalPostgres;
let server: RunningServer | null = null;

async function call(path: string, init: RequestInit = {}) {
  if (!server) throw new Error('server not started');
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as { code: number; message: string; content: any } };
}

async function adminToken(): Promise<string> {
  const { body } = await call('/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
    body: new URLSearchParams({ username: 'admin', password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  expect(body.code, body.message).toBe(OK);
  return body.content.token;
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: () => Promise<LocalPostgres | null>;
  };
  const started = await startLocalPostgres();
  if (!started) throw new Error('需要 PostgreSQL（Debian：apt-get install postgresql；.ci/run 会安装）');
  pg = started;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  pg?.stop();
}, 60_000);

describe('the server through a PostgreSQL outage', () => {
  it('answers 503 with the envelope while the database is away, and recovers by itself', async () => {
    server = await startServer({ env: { DATABASE_URL: pg.url, WORKERS: '1' } });
    const health = await call('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.content).toMatchObject({ status: 'up', database: { dialect: 'postgres', reachable: true } });
    expect(health.body.content.database.latencyMs).toBeGreaterThanOrEqual(0);
    const token = await adminToken();
    const list = () =>
      call('/api/v1/companies/search?page=0&size=10', { headers: { authorization: `Bearer ${token}` } });
    expect((await list()).body.code).toBe(OK);

    pg.halt();
    // The idle pool connections got 57P01 (an 'error' event that used to end the process).
    const down = await until(
      () => call('/api/health'),
      (answer) => answer.status === 503,
      10_000,
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 1050500, message: '数据库暂时无法连接，请稍后再试' });
    expect(down.body.content.database.reachable).toBe(false);
    const refused = await list();
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 1050500, message: '数据库暂时无法连接，请稍后再试', content: null });
    // Still the same process a while later: nothing crashed in the background (payouts, jobs, the pool).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await call('/api/health')).body.content.pid).toBe(health.body.content.pid);

    pg.resume();
    const up = await until(
      () => call('/api/health'),
      (answer) => answer.status === 200,
      20_000,
    );
    expect(up.status).toBe(200);
    expect(up.body.content.pid).toBe(health.body.content.pid);
    const again = await list();
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(OK);
    expect(server.output()).toContain('数据库连接已断开，恢复后自动重连');
    await server.stop();
    server = null;
  }, 120_000);

  it('starts before its database and serves once the database is there', async () => {
    pg.halt();
    const waiting = /数据库暂时无法连接，[\d.]+ 秒后重试（第 (\d+) 次）/;
    let seenWait: () => void = () => {};
    const sawWait = new Promise<void>((resolve) => {
      seenWait = resolve;
    });
    const starting = startServer({
      env: { DATABASE_URL: pg.url, WORKERS: '1' },
      // Resume once the server has tried and waited twice: it neither exited nor listened in the meantime.
      onOutput: (text) => {
        const attempts = [...text.matchAll(new RegExp(waiting, 'g'))].length;
        if (attempts >= 2) seenWait();
      },
    });
    let settled = false;
    starting.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await Promise.race([sawWait, starting]);
    expect(settled).toBe(false);
    pg.resume();
    server = await starting;
    expect(server.output()).toMatch(waiting);
    const health = await call('/api/health');
    expect(health.status).toBe(200);
    await adminToken();
  }, 120_000);
});
