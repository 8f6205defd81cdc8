import { hostname } from 'node:os';
import { JOB_CATALOG, JOB_RUN_KIND, JOB_RUN_STATUS } from '../../src/domain/scheduledJobs';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { JobDefinition } from './scheduledJobs';

/**
 * What 定时任务 shows and holds: the job rows (scheduled_jobs, migration 361) every process writes at start-up from
 * its definitions, the pause an operator sets there (read before every scheduled run, on every process), and one
 * scheduled_job_runs row per run with where it ran, how long it took and how it ended. A run is recorded by the
 * process that holds the job (jobLock.ts), so a run still marked 运行中 when the next one starts was cut short: it is
 * marked 中断.
 */
export const THIS_PROCESS = `${hostname()}:${process.pid}`.slice(0, 128);

const MAX_MESSAGE = 255;
const clip = (text: string) => [...text].slice(0, MAX_MESSAGE).join('');

export function timingOf(job: Pick<JobDefinition, 'timing'>): string {
  const { timing } = job;
  if ('cron' in timing) return `cron:${timing.cron}`;
  if ('everyMs' in timing) return `every:${timing.everyMs}`;
  return `off:${timing.off}`;
}

/** Writes what this process knows of each job (what, when); never touches a pause or the last run. */
export async function syncJobCatalog(db: Db, jobs: readonly JobDefinition[]): Promise<void> {
  const now = chinaTime();
  for (const job of jobs) {
    const known = JOB_CATALOG[job.name] ?? { label: job.name, description: '' };
    const values = { label: known.label, description: known.description, timing: timingOf(job), update_time: now };
    await db
      .insertInto('scheduled_jobs')
      .values({ name: job.name, ...values })
      .onConflict((conflict) => conflict.column('name').doUpdateSet(values))
      .execute();
  }
}

/** Whether an operator paused the job (every process reads it before each scheduled run). */
export async function jobPaused(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('scheduled_jobs').select('paused').where('name', '=', name).executeTakeFirst();
  return row?.paused === 1;
}

export interface RunOutcome {
  runId: number;
  status: number;
  message: string;
  durationMs: number;
  startTime: string;
}

async function finish(
  db: Db,
  job: string,
  runId: number,
  started: number,
  status: number,
  message: string,
): Promise<RunOutcome> {
  const durationMs = Date.now() - started;
  const startTime = chinaTime(started);
  const text = clip(message);
  await db
    .updateTable('scheduled_job_runs')
    .set({ status, message: text, finish_time: chinaTime(), duration_ms: durationMs })
    .where('id', '=', runId)
    .execute();
  await db
    .updateTable('scheduled_jobs')
    .set({
      last_run_id: runId,
      last_start_time: startTime,
      last_duration_ms: durationMs,
      last_status: status,
      last_message: text,
    })
    .where('name', '=', job)
    .execute();
  return { runId, status, message: text, durationMs, startTime };
}

const summaryOf = (answer: unknown): string => (typeof answer === 'string' && answer ? answer : '完成');
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)) || '未知错误';

/**
 * Runs one run of `job` and records it: called by the holder of the job (jobLock.ts), so earlier runs still marked
 * 运行中 were cut short and are marked 中断 first. A failure is recorded and thrown again (the caller's onError logs it).
 */
export async function recordedRun(
  db: Db,
  job: string,
  trigger: { kind: number; operator?: string | null },
  run: () => Promise<unknown>,
): Promise<RunOutcome> {
  await db
    .updateTable('scheduled_job_runs')
    .set({ status: JOB_RUN_STATUS.interrupted, message: '运行它的进程在完成前停止' })
    .where('job', '=', job)
    .where('status', '=', JOB_RUN_STATUS.running)
    .execute();
  const started = Date.now();
  const row = await db
    .insertInto('scheduled_job_runs')
    .values({
      job,
      kind: trigger.kind,
      operator: trigger.operator ?? null,
      host: THIS_PROCESS,
      status: JOB_RUN_STATUS.running,
      start_time: chinaTime(started),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runId = Number(row.id);
  await db
    .updateTable('scheduled_jobs')
    .set({ last_run_id: runId, last_start_time: chinaTime(started), last_status: JOB_RUN_STATUS.running })
    .where('name', '=', job)
    .execute();
  let answer: unknown;
  try {
    answer = await run();
  } catch (error) {
    await finish(db, job, runId, started, JOB_RUN_STATUS.failed, reasonOf(error));
    throw error;
  }
  return finish(db, job, runId, started, JOB_RUN_STATUS.succeeded, summaryOf(answer));
}

/**
 * A round of an interval job (the payout loop runs one or more a second): recorded only when it did something (it
 * answers how many things) or failed, so the history shows work rather than a row a second.
 */
export async function recordedRound(db: Db, job: string, round: () => Promise<number>): Promise<number> {
  const started = Date.now();
  const record = async (status: number, message: string) => {
    const row = await db
      .insertInto('scheduled_job_runs')
      .values({
        job,
        kind: JOB_RUN_KIND.scheduled,
        operator: null,
        host: THIS_PROCESS,
        status: JOB_RUN_STATUS.running,
        start_time: chinaTime(started),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await finish(db, job, Number(row.id), started, status, message);
  };
  let done: number;
  try {
    done = await round();
  } catch (error) {
    await record(JOB_RUN_STATUS.failed, reasonOf(error));
    throw error;
  }
  if (done > 0) await record(JOB_RUN_STATUS.succeeded, `处理 ${done} 笔`);
  return done;
}

/** The run in progress of a job, if any (who holds it, since when): for a refused run-now's message. */
export async function runningRun(db: Db, job: string): Promise<{ host: string; start_time: string } | undefined> {
  return db
    .selectFrom('scheduled_job_runs')
    .select(['host', 'start_time'])
    .where('job', '=', job)
    .where('status', '=', JOB_RUN_STATUS.running)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
