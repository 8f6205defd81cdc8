import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { sha256Hex } from './support/testApp';

/**
 * Several server processes on one database: `npm start` with WORKERS=2 (server/server.ts, Node
 * cluster) on PostgreSQL when DATABASE_URL is set (its own schema), else on one SQLite file. Each keep-alive
 * connection is served by one worker (the x-server-worker header says which): a write through one worker is read
 * through the other, and a session ended through one is refused by the other at its very next request. Scheduled
 * jobs (payout processor, automatic invoicing, daily reconciliation) run in worker 1 only.
 */

const OK = 1020000;
const databaseUrl = process.env.DATABASE_URL || '';
const schema = `t_workers_${randomBytes(4).toString('hex')}`;

async function withPg(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

interface Answer {
  status: number;
  worker: string | undefined;
  body: { code: number; message: string; content: any };
}

/** One keep-alive connection: every request on it reaches the same worker. */
function connection(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            worker: response.headers['x-server-worker'] as string | undefined,
            body: JSON.parse(text),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  return {
    agent,
    get: (path: string, token?: string) => send('GET', path, token ? { authorization: `Bearer ${token}` } : {}),
    json: (method: string, path: string, token: string, payload: unknown) =>
      send(
        method,
        path,
        { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        JSON.stringify(payload),
      ),
    form: (path: string, fields: Record<string, string>) =>
      send(
        'POST',
        path,
        { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
        new URLSearchParams(fields).toString(),
      ),
  };
}
type Connection = ReturnType<typeof connection>;

let server: RunningServer;
const opened: Connection[] = [];
let one: Connection;
let two: Connection;

beforeAll(async () => {
  // Background work on (PAYOUT_AUTO): the cluster must run each scheduled job in one worker only.
  const env: Record<string, string> = { WORKERS: '2' };
  if (databaseUrl) {
    await withPg((client) => client.query(`CREATE SCHEMA ${schema}`));
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  server = await startServer({ env });
  // New connections go to the workers in turn; open some until both workers answered.
  const byWorker = new Map<string, Connection>();
  for (let attempt = 0; attempt < 20 && byWorker.size < 2; attempt += 1) {
    const candidate = connection(server.url);
    opened.push(candidate);
    const answer = await candidate.get('/api/v1/common/captcha');
    expect(answer.status).toBe(200);
    if (answer.worker && !byWorker.has(answer.worker)) byWorker.set(answer.worker, candidate);
  }
  expect([...byWorker.keys()].sort()).toEqual(['1', '2']);
  one = byWorker.get('1') as Connection;
  two = byWorker.get('2') as Connection;
}, 180_000);

afterAll(async () => {
  for (const candidate of opened) candidate.agent.destroy();
  await server?.stop();
  if (databaseUrl) await withPg((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

async function login(via: Connection): Promise<string> {
  const answer = await via.form('/login', {
    username: 'admin',
    password: sha256Hex('Demo1234'),
    type: '1',
    platformMark: '1',
  });
  expect(answer.body.code, answer.body.message).toBe(OK);
  return answer.body.content.token as string;
}

describe(`WORKERS=2 on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it(`schedules every job in ${databaseUrl ? 'every worker (the database decides who runs each instant)' : 'worker 1 only'}`, async () => {
    // Each process logs `SCHEDULED_JOBS <worker>: <jobs>|none` (a JSON line) once it listens.
    const lines = () =>
      [...server.output().matchAll(/"msg":"SCHEDULED_JOBS (\S+): ([^"]*)"/g)].map((m) => [m[1], m[2]]);
    await expect.poll(() => lines().length, { timeout: 15_000 }).toBe(2);
    const all = 'webhooks,payouts,autoInvoicing,logRetention,reconciliation';
    expect(Object.fromEntries(lines())).toEqual({ '1': all, '2': databaseUrl ? all : 'none' });
  });

  it('gives the same answers through either worker, and a write through one is read through the other', async () => {
    const token = await login(one);
    const listOne = await one.get('/api/v1/industry/search?page=0&size=50', token);
    const listTwo = await two.get('/api/v1/industry/search?page=0&size=50', token);
    expect([listOne.worker, listTwo.worker]).toEqual(['1', '2']);
    expect(listOne.body.code).toBe(OK);
    expect(listTwo.body).toEqual(listOne.body);

    const name = `多进程行业${randomBytes(2).toString('hex')}`;
    const created = await one.json('POST', '/api/v1/industry', token, { nm: name });
    expect(created.worker).toBe('1');
    expect(created.body.code, created.body.message).toBe(OK);
    const id = created.body.content.id as number;
    const read = await two.get(`/api/v1/industry/v/${id}`, token);
    expect(read.worker).toBe('2');
    expect(read.body.code, read.body.message).toBe(OK);
    expect(read.body.content.nm).toBe(name);
  });

  it('a session ended through one worker is refused by the other at its next request', async () => {
    const token = await login(two);
    // Both workers have the session in memory before it ends.
    expect((await one.get('/api/v1/industry/search?page=0&size=1', token)).status).toBe(200);
    expect((await two.get('/api/v1/industry/search?page=0&size=1', token)).status).toBe(200);
    const out = await one.json('POST', '/api/v1/accounts/logout', token, {});
    expect(out.body.code).toBe(OK);
    const refused = await two.get('/api/v1/industry/search?page=0&size=1', token);
    expect(refused.worker).toBe('2');
    expect(refused.status).toBe(401);
    expect((await one.get('/api/v1/industry/search?page=0&size=1', token)).status).toBe(401);
  });
});
