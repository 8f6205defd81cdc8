import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime, parseChinaTime } from '../../server/db/time';
import { runJobExclusively, runScheduledRound, runScheduledTick } from '../../server/system/jobLock';
import { recordedRun, THIS_PROCESS } from '../../server/system/jobRuns';
import { JOB_MSG, JOB_RUN_KIND, JOB_RUN_STATUS } from '../../src/domain/scheduledJobs';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 定时任务 (/adScheduledJob) in one process: every job the server defines, with its timing in China time, last run
 * (duration, result) and next run; 立即执行 runs it once and refuses while a run holds it; 暂停 stops every scheduled
 * run until 恢复; every action is in the operation log. Across two server processes on PostgreSQL:
 * tests/api/opsPagesProcesses.test.ts.
 */
const OK = 1020000;

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});

afterAll(async () => {
  await t?.close();
});

interface JobRow {
  id: number;
  name: string;
  label: string;
  description: string;
  timingText: string;
  paused: number;
  lastStartTime: string | null;
  lastDuration: string;
  lastStatus: number | null;
  lastMessage: string | null;
  nextRunTime: string | null;
  pausedBy: string | null;
}

async function jobs(): Promise<JobRow[]> {
  const answer = envelopeOf(await admin.get('/api/v1/scheduledjobs/search?page=0&size=50'));
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.content as JobRow[];
}

async function job(name: string): Promise<JobRow> {
  const found = (await jobs()).find((row) => row.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

const runNow = (id: number, client = admin) => client.post(`/api/v1/scheduledjobs/${id}/run`).then(envelopeOf);
const pause = (id: number) => admin.post(`/api/v1/scheduledjobs/${id}/pause`).then(envelopeOf);
const resume = (id: number) => admin.post(`/api/v1/scheduledjobs/${id}/resume`).then(envelopeOf);
const runsOf = async (id: number) =>
  envelopeOf(await admin.get(`/api/v1/scheduledjobs/${id}/runs`)).content.runs as {
    id: number;
    kind: number;
    operator: string | null;
    host: string;
    status: number;
    durationMs: number | null;
    duration: string;
    message: string | null;
    startTime: string;
  }[];

/** The next 03:20 China time after now: what LOG_RETENTION_CRON's default fires at. */
function nextThreeTwenty(now = Date.now()): string {
  const today = chinaTime(now).slice(0, 10);
  const at = parseChinaTime(`${today} 03:20:00`);
  return chinaTime(at > now ? at : at + 86_400_000);
}

describe('the jobs', () => {
  it('lists every job the server defines, in words: what, when (China time), the next run', async () => {
    const rows = await jobs();
    expect(rows.map((row) => row.name).sort()).toEqual([
      'autoInvoicing',
      'logRetention',
      'payouts',
      'reconciliation',
      'webhooks',
    ]);
    for (const name of t.app.scheduledJobs) expect(rows.map((row) => row.name)).toContain(name);
    const retention = rows.find((row) => row.name === 'logRetention') as JobRow;
    expect(retention).toMatchObject({ label: '日志清理', timingText: '每天 03:20（北京时间）', paused: 0 });
    expect(retention.description).toContain('登录日志');
    expect(retention.nextRunTime).toBe(nextThreeTwenty());
    expect(rows.find((row) => row.name === 'reconciliation')).toMatchObject({
      label: '每日对账',
      timingText: '每天 01:30（北京时间）',
    });
    // The API tests pay by hand (PAYOUT_AUTO=0): the payout loop and automatic invoicing are off here, and say so.
    expect(rows.find((row) => row.name === 'payouts')).toMatchObject({
      label: '打款处理',
      timingText: '已关闭（PAYOUT_AUTO=0）',
      nextRunTime: null,
    });
    expect(rows.find((row) => row.name === 'autoInvoicing')?.timingText).toBe('已关闭（PAYOUT_AUTO=0）');
  });

  it('is for holders of UI_SYSTEM_TOOL only', async () => {
    const id = (await job('logRetention')).id;
    for (const username of ['kefu', 'caiwu', 'merchant']) {
      const client = authed(t.app, await tokenOf(t.app, username));
      expect((await client.get('/api/v1/scheduledjobs/search')).statusCode, username).toBe(403);
      for (const action of ['run', 'pause', 'resume']) {
        expect((await client.post(`/api/v1/scheduledjobs/${id}/${action}`)).statusCode, `${username} ${action}`).toBe(
          403,
        );
      }
      expect((await client.get(`/api/v1/scheduledjobs/${id}/runs`)).statusCode, username).toBe(403);
    }
  });
});

describe('立即执行', () => {
  it('runs the job once, here, and answers when it ended: duration, summary; recorded as a run and in the log', async () => {
    const id = (await job('logRetention')).id;
    const retentionRuns = async () =>
      Number(
        (
          await t.db
            .selectFrom('log_retention_runs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await retentionRuns();
    const answer = await runNow(id);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toMatch(/^执行完成（耗时 [\d.]+ (毫秒|秒)）：已删除：第三方调用 \d+、/);
    expect(await retentionRuns()).toBe(before + 1);
    const [latest] = await runsOf(id);
    expect(latest).toMatchObject({
      kind: JOB_RUN_KIND.manual,
      operator: 'admin',
      host: THIS_PROCESS,
      status: JOB_RUN_STATUS.succeeded,
      message: answer.content.message,
    });
    expect(latest.durationMs).toBe(answer.content.durationMs);
    // The answer reads as the run's row does (the page shows it as 执行结果).
    expect(answer.content).toMatchObject({ runId: latest.id, host: THIS_PROCESS, duration: latest.duration });
    const row = await job('logRetention');
    expect(row).toMatchObject({ lastStatus: JOB_RUN_STATUS.succeeded, lastStartTime: latest.startTime });
    expect(row.lastDuration).toMatch(/^[\d.]+ (毫秒|秒)$/);
    const logged = envelopeOf(
      await admin.get(`/api/v1/operationlogs/search?q=${encodeURIComponent(`recordId:${id}`)}&page=0&size=50`),
    ).content.content as { path: string; pageName: string; actionText: string; recordText: string }[];
    expect(logged.find((entry) => entry.path.endsWith('/run'))).toMatchObject({
      pageName: '定时任务',
      actionText: '立即执行定时任务',
    });
  });

  it('runs the payout job as a drain, and answers how many items it sent', async () => {
    const answer = await runNow((await job('payouts')).id);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toMatch(/：处理 \d+ 笔$/);
  });

  it('is refused while a run holds the job, naming where and since when; nothing runs', async () => {
    const id = (await job('logRetention')).id;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = runJobExclusively(t.db, 'logRetention', () =>
      recordedRun(t.db, 'logRetention', { kind: JOB_RUN_KIND.scheduled }, () => gate),
    );
    try {
      await expect.poll(async () => (await runsOf(id))[0]?.status).toBe(JOB_RUN_STATUS.running);
      const before = (await runsOf(id)).length;
      const refused = await runNow(id);
      expect(refused.code).toBe(1040400);
      expect(refused.message).toMatch(
        new RegExp(`^该任务正在 ${THIS_PROCESS} 上运行（\\d{4}-\\d{2}-\\d{2} [\\d:]{8} 开始），请稍后再试$`),
      );
      expect((await runsOf(id)).length).toBe(before);
    } finally {
      release();
      await holding;
    }
    expect((await runsOf(id))[0].status).toBe(JOB_RUN_STATUS.succeeded);
  });

  it('a run that fails is recorded as failed with its reason, and one cut short is 中断 at the next run', async () => {
    const id = (await job('reconciliation')).id;
    await expect(
      recordedRun(t.db, 'reconciliation', { kind: JOB_RUN_KIND.scheduled }, async () => {
        throw new Error('银行接口超时');
      }),
    ).rejects.toThrow('银行接口超时');
    expect((await runsOf(id))[0]).toMatchObject({ status: JOB_RUN_STATUS.failed, message: '银行接口超时' });
    expect(await job('reconciliation')).toMatchObject({
      lastStatus: JOB_RUN_STATUS.failed,
      lastMessage: '银行接口超时',
    });
    // A run left 运行中 by a process that stopped: the next run (which holds the job) marks it 中断.
    await t.db
      .insertInto('scheduled_job_runs')
      .values({
        job: 'reconciliation',
        kind: 1,
        host: 'gone:1',
        status: JOB_RUN_STATUS.running,
        start_time: chinaTime(),
      })
      .execute();
    const answer = await runNow(id);
    expect(answer.code, answer.message).toBe(OK);
    const [latest, cut] = await runsOf(id);
    expect(latest.status).toBe(JOB_RUN_STATUS.succeeded);
    expect(cut).toMatchObject({ host: 'gone:1', status: JOB_RUN_STATUS.interrupted });
  });

  it('answers a clear message for a job that does not exist', async () => {
    expect((await runNow(987654)).message).toBe(JOB_MSG.notFound);
    expect(envelopeOf(await admin.post('/api/v1/scheduledjobs/x/run')).message).toContain('任务编号');
  });
});

describe('暂停 and 恢复', () => {
  it('a paused job is skipped by every scheduled run until resumed; each change once and in the log', async () => {
    const id = (await job('logRetention')).id;
    let calls = 0;
    const work = async () => {
      calls += 1;
      return '测试运行';
    };
    const paused = await pause(id);
    expect(paused.code, paused.message).toBe(OK);
    expect(paused.message).toBe(JOB_MSG.paused);
    expect(await job('logRetention')).toMatchObject({ paused: 1, pausedBy: 'admin', nextRunTime: null });
    expect((await pause(id)).message).toBe(JOB_MSG.alreadyPaused);
    expect(await runScheduledTick(t.db, 'logRetention', work, Date.now() + 7_000)).toBe(false);
    expect(await runScheduledRound(t.db, 'logRetention', async () => ++calls)).toBe(false);
    expect(calls).toBe(0);

    const resumed = await resume(id);
    expect(resumed.code, resumed.message).toBe(OK);
    expect((await resume(id)).message).toBe(JOB_MSG.notPaused);
    expect(await job('logRetention')).toMatchObject({ paused: 0, pausedBy: null, nextRunTime: nextThreeTwenty() });
    expect(await runScheduledTick(t.db, 'logRetention', work, Date.now() + 9_000)).toBe(true);
    expect(calls).toBe(1);
    expect((await runsOf(id))[0]).toMatchObject({
      kind: JOB_RUN_KIND.scheduled,
      operator: null,
      status: JOB_RUN_STATUS.succeeded,
      message: '测试运行',
    });

    const entries = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'record_title'])
      .where('resource', '=', 'adScheduledJob')
      .where('record_id', '=', id)
      .where('action', 'in', ['pause', 'resume'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { action: 'pause', record_title: '日志清理' },
      { action: 'resume', record_title: '日志清理' },
    ]);
  });

  it('an interval job’s rounds are recorded only when they did something', async () => {
    const id = (await job('payouts')).id;
    const before = (await runsOf(id)).length;
    expect(await runScheduledRound(t.db, 'payouts', async () => 0)).toBe(true);
    expect((await runsOf(id)).length).toBe(before);
    expect(await runScheduledRound(t.db, 'payouts', async () => 3)).toBe(true);
    expect((await runsOf(id))[0]).toMatchObject({ kind: JOB_RUN_KIND.scheduled, message: '处理 3 笔' });
  });
});
