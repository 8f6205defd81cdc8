import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { TASK_MSG } from '../../src/domain/tasks';
import { SIGN_STATUS } from '../../src/domain/workers';
import { RACERS } from './support/raceKit';
import { sha256Hex } from './support/testApp';

/**
 * The race kit against the real server over HTTP: on PostgreSQL (DATABASE_URL, its own schema) WORKERS=2, two
 * processes on one database, settles one task and submits its draft RACERS times at once, half through each
 * process: one draft, one batch. SQLite is for one process (server/README.md), so there the same calls race
 * inside one server process (raceKit.test.ts covers the rest in-process).
 */
const OK = 1020000;
const databaseUrl = process.env.DATABASE_URL || '';
const schema = `t_race_${randomBytes(4).toString('hex')}`;
const PROCESSES = databaseUrl ? 2 : 1;

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
  worker: string | undefined;
  body: { code: number; message: string; content: any };
}

/** One keep-alive connection: every request on it reaches the same process. */
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
          resolve({ worker: response.headers['x-server-worker'] as string | undefined, body: JSON.parse(text) }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, platformmark: '1' });
  return {
    agent,
    get: (path: string, token: string) => send('GET', path, headers(token)),
    json: (method: string, path: string, token: string, payload: unknown) =>
      send(method, path, { ...headers(token), 'content-type': 'application/json' }, JSON.stringify(payload)),
    login: (username: string) =>
      send(
        'POST',
        '/login',
        { 'content-type': 'application/x-www-form-urlencoded', platformMark: '1' },
        new URLSearchParams({ username, password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }).toString(),
      ),
  };
}
type Connection = ReturnType<typeof connection>;

let server: RunningServer;
const opened: Connection[] = [];
/** A connection to each process (x-server-worker). */
let byWorker: Connection[] = [];
let token: string;

beforeAll(async () => {
  const env: Record<string, string> = { WORKERS: String(PROCESSES), PAYOUT_AUTO: '0' };
  if (databaseUrl) {
    await withPg((client) => client.query(`CREATE SCHEMA ${schema}`));
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = url.toString();
  }
  server = await startServer({ env });
  const found = new Map<string, Connection>();
  for (let attempt = 0; attempt < 20 && found.size < PROCESSES; attempt += 1) {
    const candidate = connection(server.url);
    opened.push(candidate);
    const answer = await candidate.login('merchant');
    expect(answer.body.code, answer.body.message).toBe(OK);
    token = answer.body.content.token as string;
    const worker = answer.worker ?? '1';
    if (!found.has(worker)) found.set(worker, candidate);
  }
  expect(found.size).toBe(PROCESSES);
  byWorker = [...found.values()];
}, 180_000);

afterAll(async () => {
  for (const candidate of opened) candidate.agent.destroy();
  await server?.stop();
  if (databaseUrl) await withPg((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

/** RACERS identical calls at once, alternating between the processes. */
function acrossProcesses(fire: (via: Connection) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: RACERS }, (_, index) => fire(byWorker[index % byWorker.length])));
}

describe(`settle and submit through ${PROCESSES} server process(es) on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('settles a task into one draft and pays it once', async () => {
    const [via] = byWorker;
    const workers = await via.get('/api/v1/workers/search?page=0&size=100', token);
    expect(workers.body.code, workers.body.message).toBe(OK);
    const signed = (workers.body.content.content as { id: number; signStatus: number }[])
      .filter((worker) => worker.signStatus === SIGN_STATUS.signed)
      .slice(0, 2)
      .map((worker) => worker.id);
    expect(signed).toHaveLength(2);
    const industries = await via.get('/api/v1/tasks/industries', token);
    const industryId = (industries.body.content as { id: number }[])[0].id;
    const created = await via.json('POST', '/api/v1/tasks', token, {
      title: '多进程结算',
      industryId,
      description: '两个进程同时结算同一任务',
      headcount: 2,
      pricing: 1,
      unitPrice: 100_000,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(created.body.code, created.body.message).toBe(OK);
    const id = created.body.content.id as number;
    expect((await via.json('POST', `/api/v1/tasks/${id}/publish`, token, {})).body.code).toBe(OK);
    const assigned = await via.json('POST', `/api/v1/tasks/${id}/members`, token, { workerIds: signed });
    expect(assigned.body.code, assigned.body.message).toBe(OK);
    expect((await via.json('POST', `/api/v1/tasks/${id}/complete`, token, {})).body.code).toBe(OK);

    const settles = await acrossProcesses((conn) => conn.json('POST', `/api/v1/tasks/${id}/settle`, token, {}));
    if (PROCESSES > 1) expect(new Set(settles.map((answer) => answer.worker))).toEqual(new Set(['1', '2']));
    const settled = settles.filter((answer) => answer.body.code === OK);
    expect(settled).toHaveLength(1);
    expect(
      settles.filter((answer) => answer.body.message === TASK_MSG.draftOpen),
      JSON.stringify(settles.map((answer) => answer.body.message)),
    ).toHaveLength(RACERS - 1);
    const draftId = settled[0].body.content.draftId as number;

    const submits = await acrossProcesses((conn) =>
      conn.json('POST', '/api/v1/remittances/batch/submit', token, { draftId, payPassword: DEMO_PAYMENT_PASSWORD }),
    );
    for (const answer of submits) expect(answer.body.code, answer.body.message).toBe(OK);
    const paid = submits.filter((answer) => answer.body.content.duplicate === false);
    expect(paid).toHaveLength(1);
    expect(new Set(submits.map((answer) => answer.body.content.batchNo)).size).toBe(1);
    expect(paid[0].body.content.totalAmount).toBe(200_000);
  });
});
