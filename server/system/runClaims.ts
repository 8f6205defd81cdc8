import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { fail } from '../http/errors';

/**
 * Long-running admin actions (统计重建, 同步余额, 资金对账, 自动开票, 生成结算单) claim their run before they start:
 * one row per job in run_claims (migration 330), inserted by one conditional upsert, so of any number of calls at
 * once, in any number of processes and hosts on the database, exactly one runs and the others are refused with a
 * message naming who started the run and when. Unclaimed, concurrent runs of one rebuild deadlocked and collided on
 * unique keys on PostgreSQL (answered 500).
 *
 * The holder renews its lease every LEASE_MS / 4 while it runs and deletes the row when it ends, whatever the outcome;
 * a process that died leaves a row that the next run takes over once its lease ran out (at most LEASE_MS). The lease
 * is generous because a run on SQLite may hold the event loop for seconds between renewals.
 */
export const RUN_CLAIM_LEASE_MS = 2 * 60_000;
/** Scheduled runs that find the job claimed wait this long between tries. */
const RETRY_MS = 1000;

export interface RunClaim {
  /** The job's key: one run at a time per key ('statisticsRebuild', 'settlementSheets:1:2025-05'). */
  job: string;
  /** The action as the operator knows it, for the refusal (统计重建). */
  label: string;
  /** Who starts it: an operator's display name, or 定时任务. */
  operator: string;
}

interface Holder {
  operator: string;
  startedAt: string;
}

type Attempt = { owner: string } | { holder: Holder | null };

async function claim(db: Db, { job, operator }: RunClaim, leaseMs: number): Promise<Attempt> {
  const now = Date.now();
  const owner = randomUUID();
  const values = { owner, operator: operator.slice(0, 64), started_at: chinaTime(now), lease_until: now + leaseMs };
  const row = await db
    .insertInto('run_claims')
    .values({ job, ...values })
    .onConflict((conflict) => conflict.column('job').doUpdateSet(values).where('run_claims.lease_until', '<', now))
    .returning('owner')
    .executeTakeFirst();
  if (row?.owner === owner) return { owner };
  const holder = await db
    .selectFrom('run_claims')
    .select(['operator', 'started_at'])
    .where('job', '=', job)
    .executeTakeFirst();
  return { holder: holder ? { operator: holder.operator, startedAt: holder.started_at } : null };
}

/** Claims the job, trying again when the holder let go between the insert and the read of who holds it. */
async function claimOnce(db: Db, job: RunClaim, leaseMs: number): Promise<Attempt> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await claim(db, job, leaseMs);
    if ('owner' in result || result.holder !== null || attempt >= 2) return result;
  }
}

async function holding<T>(db: Db, job: string, owner: string, leaseMs: number, run: () => Promise<T>): Promise<T> {
  const renew = setInterval(
    () => {
      db.updateTable('run_claims')
        .set({ lease_until: Date.now() + leaseMs })
        .where('job', '=', job)
        .where('owner', '=', owner)
        .execute()
        .catch(() => {
          // The database is away: the lease may run out, the run itself goes on or fails on its own.
        });
    },
    Math.max(10, Math.floor(leaseMs / 4)),
  );
  renew.unref();
  try {
    return await run();
  } finally {
    clearInterval(renew);
    await db
      .deleteFrom('run_claims')
      .where('job', '=', job)
      .where('owner', '=', owner)
      .execute()
      .catch(() => {
        // Left behind, the row runs out with its lease.
      });
  }
}

export function runInProgressMessage(label: string, holder: Holder | null): string {
  return holder
    ? `${label}正在进行（${holder.operator} ${holder.startedAt} 开始），请等待完成后再试`
    : `${label}正在进行（刚刚开始），请等待完成后再试`;
}

/** An operator's run: runs `run` holding the job's claim, or refuses (1040400) while another run holds it. */
export async function withRunClaim<T>(
  db: Db,
  job: RunClaim,
  run: () => Promise<T>,
  leaseMs = RUN_CLAIM_LEASE_MS,
): Promise<T> {
  const attempt = await claimOnce(db, job, leaseMs);
  if (!('owner' in attempt)) fail(runInProgressMessage(job.label, attempt.holder));
  return holding(db, job.job, attempt.owner, leaseMs, run);
}

/**
 * A scheduled run: when an operator's run of the same job is in progress it waits for it to end (up to `waitMs`),
 * then runs; answers false when it gave up waiting.
 */
export async function runWhenUnclaimed(
  db: Db,
  job: RunClaim,
  run: () => Promise<unknown>,
  waitMs = RUN_CLAIM_LEASE_MS,
  leaseMs = RUN_CLAIM_LEASE_MS,
): Promise<boolean> {
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    const attempt = await claimOnce(db, job, leaseMs);
    if ('owner' in attempt) {
      await holding(db, job.job, attempt.owner, leaseMs, run);
      return true;
    }
    if (Date.now() + RETRY_MS > giveUpAt) return false;
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
