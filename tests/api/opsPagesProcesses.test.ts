import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { JOB_LOCK_NAMESPACE } from '../../server/system/jobLock';
import { FORCE_LOGOUT_MSG } from '../../src/domain/loginLog';
import { JOB_RUN_KIND, JOB_RUN_STATUS } from '../../src/domain/scheduledJobs';
import { createTestApp, sha256Hex, type TestApp } from './support/testApp';

/**
 * 在线用户's 强退 and 定时任务 against the real server over HTTP: on PostgreSQL (DATABASE_URL, a database of its own)
 * WORKERS=2, two processes on one database, each keep-alive connection served by one of them (x-server-worker). A
 * session forced out through one process is refused by the other at its next request; a pause set through one holds
 * on both (neither even claims an instant of the job); 立即执行 runs once, on the process the request reached, and
 * while another holder has the job (the test's own connection holding its advisory lock) both refuse it. SQLite is
 * for one process (server/README.md): there the same calls go through one server process (the hold is covered in
 * process by scheduledJobs.test.ts). The clean-up job runs every second here, so its instants are easy to watch.
 */
const OK = 1020000;
const PROCESSES = process.env.DATABASE_URL ? 2 : 1;
/** The servers' database: a copy of the run's seeded one (createTestApp), so they start without seeding. */
let database: TestApp;
let databaseUrl = '';

interface Answer {
  status: number;
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
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, platformmark: '1' });
  return {
    agent,
    get: (path: string, token: string) => send('GET', path, headers(token)),
    post: (path: string, token: string) =>
      send('POST', path, { ...headers(token), 'content-type': 'application/json' }, '{}'),
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
let one: Connection;
let two: Connection;
let adminToken: string;

beforeAll(async () => {
  database = await createTestApp();
  databaseUrl = database.config.databaseUrl ?? '';
  const env: Record<string, string> = {
    WORKERS: String(PROCESSES),
    PAYOUT_AUTO: '0',
    RECONCILE_CRON: 'off',
    LOG_RETENTION_CRON: '* * * * * *',
    DATABASE_URL: databaseUrl,
  };
  // On SQLite the server opens the copy's file in its data directory (kept: the copy's close removes it).
  server = await startServer({ env, dataDir: databaseUrl ? undefined : database.config.dataDir });
  const found = new Map<string, Connection>();
  for (let attempt = 0; attempt < 20 && found.size < PROCESSES; attempt += 1) {
    const candidate = connection(server.url);
    opened.push(candidate);
    const answer = await candidate.login('admin');
    expect(answer.body.code, answer.body.message).toBe(OK);
    adminToken = answer.body.content.token as string;
    const worker = answer.worker ?? '1';
    if (!found.has(worker)) found.set(worker, candidate);
  }
  expect(found.size).toBe(PROCESSES);
  [one, two = one] = [...found.values()];
}, 180_000);

afterAll(async () => {
  for (const candidate of opened) candidate.agent.destroy();
  await server?.stop();
  await database?.close();
});

/** The instants of the clean-up job some process claimed (PostgreSQL: where the processes agree who runs one). */
async function ticksOfRetention(): Promise<number> {
  const row = await database.db
    .selectFrom('scheduled_job_ticks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('job', '=', 'logRetention')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  id: number;
  kind: number;
  host: string;
  status: number;
  operator: string | null;
}

async function retentionJob(via: Connection): Promise<{ id: number; paused: number }> {
  const answer = await via.get('/api/v1/scheduledjobs/search?page=0&size=50', adminToken);
  expect(answer.body.code, answer.body.message).toBe(OK);
  return (answer.body.content.content as { id: number; name: string; paused: number }[]).find(
    (job) => job.name === 'logRetention',
  ) as { id: number; paused: number };
}

async function runs(via: Connection, id: number): Promise<Run[]> {
  const answer = await via.get(`/api/v1/scheduledjobs/${id}/runs`, adminToken);
  expect(answer.body.code, answer.body.message).toBe(OK);
  return answer.body.content.runs as Run[];
}

const scheduled = (list: Run[]) => list.filter((run) => run.kind === JOB_RUN_KIND.scheduled);

describe(`在线用户 and 定时任务 across ${PROCESSES} server process(es) on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('强退 through one process: the session’s next request is refused by every process', async () => {
    const merchant = await one.login('merchant');
    expect(merchant.body.code).toBe(OK);
    const token = merchant.body.content.token as string;
    // Both processes admit the session (and keep it in memory) before it is ended.
    expect((await one.get('/api/v1/servicecharge', token)).status).toBe(200);
    expect((await two.get('/api/v1/servicecharge', token)).status).toBe(200);
    const listed = await one.get('/api/v1/onlineusers/search?page=0&size=200', adminToken);
    const sessions = listed.body.content.content as { id: number; username: string }[];
    const mine = sessions.filter((row) => row.username === 'merchant');
    expect(mine.length).toBeGreaterThan(0);
    // The other process lists the same sessions.
    const there = await two.get('/api/v1/onlineusers/search?page=0&size=200', adminToken);
    expect((there.body.content.content as { id: number }[]).map((row) => row.id).sort()).toEqual(
      sessions.map((row) => row.id).sort(),
    );
    // The merchant's only session: this login.
    expect(mine).toHaveLength(1);
    const { id } = mine[0];
    const forced = await two.post(`/api/v1/onlineusers/${id}/forcelogout`, adminToken);
    expect(forced.body.code, forced.body.message).toBe(OK);
    expect(forced.body.message).toBe(FORCE_LOGOUT_MSG.done);
    const refusedOne = await one.get('/api/v1/servicecharge', token);
    const refusedTwo = await two.get('/api/v1/servicecharge', token);
    expect([refusedOne.status, refusedTwo.status]).toEqual([401, 401]);
    if (databaseUrl) expect([refusedOne.worker, refusedTwo.worker].sort()).toEqual(['1', '2']);
  });

  it('暂停 through one process holds on every process (no instant is even claimed); 恢复 through another resumes it', async () => {
    const { id } = await retentionJob(one);
    await expect.poll(async () => scheduled(await runs(one, id)).length, { timeout: 15_000 }).toBeGreaterThan(1);
    const paused = await one.post(`/api/v1/scheduledjobs/${id}/pause`, adminToken);
    expect(paused.body.code, paused.body.message).toBe(OK);
    // A run that had started before the pause finishes; then nothing more, on either process.
    await sleep(1_500);
    const before = scheduled(await runs(two, id)).length;
    const ticksBefore = databaseUrl ? await ticksOfRetention() : 0;
    await sleep(3_500);
    expect(scheduled(await runs(one, id)).length).toBe(before);
    expect(scheduled(await runs(two, id)).length).toBe(before);
    if (databaseUrl) {
      expect(await ticksOfRetention()).toBe(ticksBefore);
    }
    expect((await retentionJob(two)).paused).toBe(1);
    const resumed = await two.post(`/api/v1/scheduledjobs/${id}/resume`, adminToken);
    expect(resumed.body.code, resumed.body.message).toBe(OK);
    await expect.poll(async () => scheduled(await runs(one, id)).length, { timeout: 15_000 }).toBeGreaterThan(before);
    // One run per instant across the processes: every scheduled run ended, none twice for one second.
    const finished = scheduled(await runs(one, id)).filter((run) => run.status !== JOB_RUN_STATUS.running);
    expect(finished.every((run) => run.status === JOB_RUN_STATUS.succeeded)).toBe(true);
  });

  it('立即执行 runs once, on the process the request reached; refused by both while another holder has the job', async () => {
    const { id } = await retentionJob(one);
    // Paused, so only the calls below run it (立即执行 runs a paused job: the operator asked).
    expect((await one.post(`/api/v1/scheduledjobs/${id}/pause`, adminToken)).body.code).toBe(OK);
    await sleep(1_500);
    const manual = async () => (await runs(one, id)).filter((run) => run.kind === JOB_RUN_KIND.manual);
    if (databaseUrl) {
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      const key = `${JOB_LOCK_NAMESPACE}logRetention`;
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        const refused = await Promise.all([
          one.post(`/api/v1/scheduledjobs/${id}/run`, adminToken),
          two.post(`/api/v1/scheduledjobs/${id}/run`, adminToken),
        ]);
        for (const answer of refused) {
          expect(answer.body.code).toBe(1040400);
          expect(answer.body.message).toMatch(/^该任务正在运行.*，请稍后再试$/);
        }
        expect(await manual()).toEqual([]);
      } finally {
        await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        await holder.end();
      }
    }
    const first = await one.post(`/api/v1/scheduledjobs/${id}/run`, adminToken);
    expect(first.body.code, first.body.message).toBe(OK);
    const second = await two.post(`/api/v1/scheduledjobs/${id}/run`, adminToken);
    expect(second.body.code, second.body.message).toBe(OK);
    const done = await manual();
    expect(done.map((run) => run.id).sort()).toEqual([first.body.content.runId, second.body.content.runId].sort());
    expect(done.every((run) => run.operator === 'admin' && run.status === JOB_RUN_STATUS.succeeded)).toBe(true);
    // Each ran where its request landed: two processes, two hosts (one process on SQLite: the same).
    expect(new Set(done.map((run) => run.host)).size).toBe(PROCESSES);
    expect((await one.post(`/api/v1/scheduledjobs/${id}/resume`, adminToken)).body.code).toBe(OK);
  });
});
