import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRelease } from '../../resources/tasks';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { TASK_MSG, TASK_STATUS } from '../../src/domain/tasks';
import { SIGN_STATUS } from '../../src/domain/workers';
import { RACERS, TASK_ACTION_SETUPS } from './support/raceKit';
import { sha256Hex } from './support/testApp';

/**
 * The race kit against the real server over HTTP: on PostgreSQL (DATABASE_URL, its own schema) WORKERS=2, two
 * processes on one database, settles one task and submits its draft RACERS times at once, half through each
 * process: one draft, one batch. SQLite is for one process (server/README.md), so there the same calls race
 * inside one server process (raceKit.test.ts covers the rest in-process). Then every action of the task
 * declaration, and a worker's rescission, fired at once through both processes: one change, one log entry.
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

/** The company's signed workers (the first page of the list), taken once each by the tests below. */
let signedWorkers: number[] = [];
async function takeSigned(count: number): Promise<number[]> {
  if (signedWorkers.length === 0) {
    const workers = await byWorker[0].get('/api/v1/workers/search?page=0&size=100', token);
    expect(workers.body.code, workers.body.message).toBe(OK);
    signedWorkers = (workers.body.content.content as { id: number; signStatus: number }[])
      .filter((worker) => worker.signStatus === SIGN_STATUS.signed)
      .map((worker) => worker.id);
  }
  const taken = signedWorkers.splice(0, count);
  expect(taken).toHaveLength(count);
  return taken;
}

/** A task of the merchant's company in the given status: created, then published, staffed and completed as asked. */
async function taskIn(status: number, members: number): Promise<number> {
  const [via] = byWorker;
  const workerIds = await takeSigned(members);
  const industries = await via.get('/api/v1/tasks/industries', token);
  const industryId = (industries.body.content as { id: number }[])[0].id;
  const created = await via.json('POST', '/api/v1/tasks', token, {
    title: '多进程结算',
    industryId,
    description: '两个进程同时处理同一任务',
    headcount: members,
    pricing: 1,
    unitPrice: 100_000,
    startDate: '2026-11-01',
    endDate: '2026-11-30',
  });
  expect(created.body.code, created.body.message).toBe(OK);
  const id = created.body.content.id as number;
  if (status >= TASK_STATUS.published) {
    expect((await via.json('POST', `/api/v1/tasks/${id}/publish`, token, {})).body.code).toBe(OK);
    const assigned = await via.json('POST', `/api/v1/tasks/${id}/members`, token, { workerIds });
    expect(assigned.body.code, assigned.body.message).toBe(OK);
  }
  if (status >= TASK_STATUS.completed) {
    expect((await via.json('POST', `/api/v1/tasks/${id}/complete`, token, {})).body.code).toBe(OK);
  }
  return id;
}

/** Of the answers, exactly one changed the state and every other was refused with a message, never a 500. */
function expectOneWinner(answers: Answer[]): void {
  const summary = JSON.stringify(answers.map((answer) => [answer.worker, answer.body.code, answer.body.message]));
  if (PROCESSES > 1) expect(new Set(answers.map((answer) => answer.worker)), summary).toEqual(new Set(['1', '2']));
  expect(
    answers.filter((answer) => answer.body.code === OK),
    summary,
  ).toHaveLength(1);
  for (const answer of answers.filter((item) => item.body.code !== OK)) {
    expect(answer.body.code, summary).toBe(1040400);
    expect(answer.body.message, summary).not.toBe('');
  }
}

describe(`engine actions, settle and submit through ${PROCESSES} server process(es) on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('settles a task into one draft and pays it once', async () => {
    const id = await taskIn(TASK_STATUS.completed, 2);

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

  for (const action of taskRelease.actions ?? []) {
    it(`${action.name}: ${RACERS} calls across the processes change the task once`, async () => {
      const setup = TASK_ACTION_SETUPS[action.name];
      expect(setup, `no race setup for the task action ${action.name}`).toBeDefined();
      const id = await taskIn(setup.from, 1);
      const url = action.path.replace(':id', String(id));
      expectOneWinner(await acrossProcesses((conn) => conn.json('POST', url, token, setup.body ?? {})));
    });
  }

  it(`rescind: ${RACERS} calls across the processes rescind the worker once`, async () => {
    const [workerId] = await takeSigned(1);
    expectOneWinner(
      await acrossProcesses((conn) =>
        conn.json('POST', `/api/v1/workers/${workerId}/rescind`, token, { reason: '合作结束' }),
      ),
    );
  });
});
