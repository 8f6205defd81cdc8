import { Cron } from 'croner';
import { RECON_RUN, TRIGGER } from '../../src/domain/finance';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { runScheduledTick } from '../system/jobLock';
import { runWhenUnclaimed } from '../system/runClaims';
import type { JobDefinition } from '../system/scheduledJobs';
import { type ReconSources, reconcileDay, runMessage } from './reconciliation.service';

/**
 * The daily reconciliation (资金对账): every day at RECONCILE_CRON (default 01:30 China time) the previous day is
 * reconciled by itself, once (a day that already has an automatic run that did not fail is left alone);
 * RECONCILE_CRON=off turns it off; every process schedules it and one runs each instant (bank.routes.ts schedules
 * it through system/scheduledJobs.ts, system/jobLock.ts decides). A run never overlaps the previous one
 * (protect), and running a day again only replaces that day's lines, so a manual run the same day is harmless. Each
 * run leaves a row in reconciliation_runs, which /fundReconciliation lists.
 */
export const DEFAULT_RECONCILE_CRON = '30 1 * * *';

/** One reconciliation at a time, an operator's or the night's (system/runClaims.ts): they write the same lines. */
export const reconciliationClaim = (operator: string) => ({ job: 'reconciliation', label: '资金对账', operator });

export function yesterday(now = Date.now()): string {
  return chinaTime(now - 24 * 3600_000).slice(0, 10);
}

/**
 * One run of the job: yesterday, unless it already has an automatic run that did not fail (a later host, a restart or
 * an operator's 立即执行 then leaves it); answers the run's summary for 定时任务.
 */
export async function reconcileYesterday(db: Db, sources: ReconSources, now = Date.now()): Promise<string> {
  const day = yesterday(now);
  const done = await db
    .selectFrom('reconciliation_runs')
    .select('id')
    .where('day', '=', day)
    .where('trigger', '=', TRIGGER.auto)
    .where('status', '<>', RECON_RUN.failed)
    .executeTakeFirst();
  if (done) return `${day} 已对账，未重复执行`;
  // An operator's run in progress (/fundReconciliation) is waited for, then this run goes on.
  let outcome: Awaited<ReturnType<typeof reconcileDay>> | undefined;
  await runWhenUnclaimed(db, reconciliationClaim('定时任务'), async () => {
    outcome = await reconcileDay(db, sources, day, TRIGGER.auto, null);
  });
  if (!outcome) return `${day} 人工对账一直在进行，本次未执行`;
  return outcome.status === RECON_RUN.balanced
    ? `${day} 对账一致（${outcome.matched} 笔）`
    : `${day} ${outcome.status === RECON_RUN.failed ? '' : '有差异：'}${runMessage(outcome, Boolean(sources.payoutChannel))}`;
}

/** The job as 定时任务 shows and runs it (system/scheduledJobs.ts). */
export function reconciliationJob(db: Db, sources: ReconSources, pattern: string): JobDefinition {
  return {
    name: 'reconciliation',
    timing: pattern === 'off' ? { off: 'RECONCILE_CRON=off' } : { cron: pattern },
    run: () => reconcileYesterday(db, sources),
  };
}

export function startReconciliationJob(
  db: Db,
  sources: ReconSources,
  pattern: string,
  onError: (error: unknown) => void,
): Cron | null {
  if (pattern === 'off') return null;
  return new Cron(pattern, { timezone: 'Asia/Shanghai', protect: true }, async () => {
    try {
      // One host per instant (system/jobLock.ts); then once per day (reconcileYesterday).
      await runScheduledTick(db, 'reconciliation', () => reconcileYesterday(db, sources));
    } catch (error) {
      onError(error);
    }
  });
}
