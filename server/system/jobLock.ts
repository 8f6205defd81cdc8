import { sql } from 'kysely';
import { JOB_RUN_KIND } from '../../src/domain/scheduledJobs';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { jobPaused, recordedRound, recordedRun, THIS_PROCESS } from './jobRuns';

/**
 * Scheduled jobs run once across hosts. Every server process schedules them (scheduledJobs.ts) and two
 * things decide which one runs:
 * - a cron instant is taken by one process: `runScheduledTick` inserts (job, instant) into scheduled_job_ticks
 *   (migration 170) and only the process whose insert landed runs it, so a quick job is not run again by a host
 *   whose timer fired a few milliseconds later;
 * - a run holds the job's session advisory lock on PostgreSQL, on a connection of its own held while it lasts
 *   (`runExclusively`); a process that finds the lock taken skips (the holder is doing it). Interval loops (the
 *   payout processor) use the lock alone. A host that dies drops its connection, and so its lock.
 * The job's own checks (a day already reconciled, a run key already used, rows old enough, conditional updates)
 * keep a later run harmless. On SQLite there is one host by definition (one file) and no advisory lock; within a
 * process a scheduled job held by one run is skipped by another (runJobExclusively: an instant during 立即执行).
 * A paused job (定时任务's 暂停, jobRuns.ts) is skipped by every scheduled run on every process; each run is recorded.
 */
export const JOB_LOCK_NAMESPACE = 'lg-scheduled-job:';

/** Scheduled jobs a run holds in this process: on SQLite the only hold there is, on PostgreSQL beside the lock. */
const heldHere = new Set<string>();

/**
 * runExclusively for a scheduled job (its instants, its rounds, an operator's 立即执行): also refused while another
 * run of it is under way in this process, which on SQLite nothing else would tell.
 */
export async function runJobExclusively(db: Db, job: string, run: () => Promise<unknown>): Promise<boolean> {
  if (heldHere.has(job)) return false;
  heldHere.add(job);
  try {
    return await runExclusively(db, job, run);
  } finally {
    heldHere.delete(job);
  }
}

/** Runs `run` unless another process holds the job's lock; answers whether it ran. */
export async function runExclusively(db: Db, job: string, run: () => Promise<unknown>): Promise<boolean> {
  return withJobLock(db, job, false, run);
}

/** Runs `run` once the job's lock is free (an operator's request that must not be refused for a running round). */
export async function runWhenFree<T>(db: Db, job: string, run: () => Promise<T>): Promise<T> {
  let result: T | undefined;
  await withJobLock(db, job, true, async () => {
    result = await run();
  });
  return result as T;
}

async function withJobLock(db: Db, job: string, wait: boolean, run: () => Promise<unknown>): Promise<boolean> {
  if (!isPostgres(db)) {
    await run();
    return true;
  }
  return db.connection().execute(async (connection) => {
    const key = `${JOB_LOCK_NAMESPACE}${job}`;
    if (wait) await sql`SELECT pg_advisory_lock(hashtext(${key}))`.execute(connection);
    else {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) return false;
    }
    try {
      await run();
      return true;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/** The cron instant a timer that fired at `firedAt` belongs to (croner never fires early; late by milliseconds). */
export function tickOf(firedAt: number): number {
  return Math.floor(firedAt / 1000) * 1000;
}

/**
 * One cron instant of a job, run by the one process that claims it first (and under the job's lock); answers
 * whether this process ran it.
 */
export async function runScheduledTick(
  db: Db,
  job: string,
  run: () => Promise<unknown>,
  firedAt = Date.now(),
): Promise<boolean> {
  if (await jobPaused(db, job)) return false;
  const claimed = await db
    .insertInto('scheduled_job_ticks')
    .values({ job, tick: tickOf(firedAt), host: THIS_PROCESS })
    .onConflict((conflict) => conflict.columns(['job', 'tick']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  return runJobExclusively(db, job, () => recordedRun(db, job, { kind: JOB_RUN_KIND.scheduled }, run));
}

/**
 * One round of an interval job (the payout loop): skipped while paused, run under the job's lock, recorded when it
 * did something or failed (jobRuns.ts recordedRound); answers whether this process ran it.
 */
export async function runScheduledRound(db: Db, job: string, round: () => Promise<number>): Promise<boolean> {
  if (await jobPaused(db, job)) return false;
  return runJobExclusively(db, job, () => recordedRound(db, job, round));
}
