import { Cron } from 'croner';
import { sql } from 'kysely';
import { SIGNATURE_WINDOW_MS } from '../../src/domain/openApiRules';
import { deleteEndedSessionsBefore } from '../accounts/onlineSessions';
import type { LogRetention } from '../config';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { FileStorage } from '../files/storage/fileStorage';
import { deleteUnsubmittedDraftsBefore } from '../money/payouts/drafts';
import { deleteFinishedDownloadsBefore } from '../workers/downloadRetention';
import { runScheduledTick } from './jobLock';
import type { JobDefinition } from './scheduledJobs';

/**
 * The log retention job: every day at LOG_RETENTION_CRON (China time) it deletes third-party call log,
 * SMS log and operation log rows older than their configured ages (server/config.ts, defaults in the README),
 * login log rows older than LOGIN_LOG_RETENTION_DAYS, rate counters whose last take is two days old (no window is
 * longer than a day), 定时任务 runs older than a month, 在线用户 rows of sessions over for a day, and finished
 * 大熊信息下载 jobs with their zip files and payout uploads never submitted (never a submitted one: it is the
 * idempotency key of its batch). Deleting by age is idempotent:
 * a second run, another process's run or a run after a restart deletes what is still too old and nothing else.
 * Each run leaves a row in log_retention_runs: the cut-offs, the rows deleted, or the reason it failed. Rows go
 * in slices of DELETE_SLICE so no single statement holds the tables for long.
 */
export const LOG_RETENTION_STATUS = { running: 0, done: 1, failed: 2 } as const;
const DAY_MS = 24 * 3600_000;
const DELETE_SLICE = 5000;
const COUNTER_AGE_MS = 2 * DAY_MS;

type LogTable = 'third_party_calls' | 'sms_logs' | 'operation_logs' | 'login_logs' | 'scheduled_job_runs';

const JOB_RUN_DAYS = 30;

/** Deletes the table's rows created before `before` (China time), a slice at a time; answers how many. */
async function deleteOlder(
  db: Db,
  table: LogTable,
  before: string,
  column: 'create_time' | 'start_time' = 'create_time',
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom(table)
      .where('id', 'in', (eb) =>
        eb.selectFrom(table).select('id').where(sql.ref(column), '<', before).orderBy('id').limit(DELETE_SLICE),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < DELETE_SLICE) return deleted;
  }
}

export interface RetentionRun {
  id: number;
  callsDeleted: number;
  smsDeleted: number;
  operationsDeleted: number;
  loginsDeleted: number;
  countersDeleted: number;
  downloadsDeleted: number;
  draftsDeleted: number;
}

/** One run at `now` (epoch ms); a failure is recorded on the run's row and thrown. */
export async function runLogRetention(
  db: Db,
  retention: LogRetention,
  files: FileStorage,
  now = Date.now(),
): Promise<RetentionRun> {
  const cutoff = (days: number) => chinaTime(now - days * DAY_MS);
  const before = {
    calls: cutoff(retention.callDays),
    sms: cutoff(retention.smsDays),
    operations: cutoff(retention.operationDays),
    logins: cutoff(retention.loginDays),
    downloads: cutoff(retention.downloadDays),
    drafts: cutoff(retention.draftDays),
  };
  const row = await db
    .insertInto('log_retention_runs')
    .values({
      status: LOG_RETENTION_STATUS.running,
      calls_before: before.calls,
      sms_before: before.sms,
      operations_before: before.operations,
      logins_before: before.logins,
      downloads_before: before.downloads,
      drafts_before: before.drafts,
      message: null,
      create_time: chinaTime(now),
      finish_time: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  try {
    const run: RetentionRun = {
      id,
      callsDeleted: await deleteOlder(db, 'third_party_calls', before.calls),
      smsDeleted: await deleteOlder(db, 'sms_logs', before.sms),
      operationsDeleted: await deleteOlder(db, 'operation_logs', before.operations),
      loginsDeleted: await deleteOlder(db, 'login_logs', before.logins),
      countersDeleted: Number(
        (
          await db
            .deleteFrom('rate_counters')
            .where('last_at', '<', now - COUNTER_AGE_MS)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
      downloadsDeleted: await deleteFinishedDownloadsBefore(db, files, before.downloads, DELETE_SLICE),
      draftsDeleted: await deleteUnsubmittedDraftsBefore(db, before.drafts, DELETE_SLICE),
    };
    // The claims of cron instants (system/jobLock.ts) matter for a moment only; a day is plenty.
    await db
      .deleteFrom('scheduled_job_ticks')
      .where('tick', '<', now - DAY_MS)
      .execute();
    // An open-API nonce only has to outlive its signature window: an older one can never come back signed.
    await db
      .deleteFrom('open_api_nonces')
      .where('seen_at', '<', now - 2 * SIGNATURE_WINDOW_MS)
      .execute();
    // 定时任务's run history: a month is what an operator looks back on; the last run stays on the job's row.
    await deleteOlder(db, 'scheduled_job_runs', cutoff(JOB_RUN_DAYS), 'start_time');
    // 在线用户's rows of sessions that ended or ran out more than a day ago: their attempts are in the login log.
    await deleteEndedSessionsBefore(db, now - DAY_MS);
    await db
      .updateTable('log_retention_runs')
      .set({
        status: LOG_RETENTION_STATUS.done,
        calls_deleted: run.callsDeleted,
        sms_deleted: run.smsDeleted,
        operations_deleted: run.operationsDeleted,
        logins_deleted: run.loginsDeleted,
        counters_deleted: run.countersDeleted,
        downloads_deleted: run.downloadsDeleted,
        drafts_deleted: run.draftsDeleted,
        finish_time: chinaTime(),
      })
      .where('id', '=', id)
      .execute();
    return run;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('log_retention_runs')
      .set({
        status: LOG_RETENTION_STATUS.failed,
        message: [...message].slice(0, 255).join(''),
        finish_time: chinaTime(),
      })
      .where('id', '=', id)
      .execute();
    throw error;
  }
}

/** A run's record in 定时任务: what it deleted. */
export function retentionSummary(run: RetentionRun): string {
  return [
    `第三方调用 ${run.callsDeleted}`,
    `短信 ${run.smsDeleted}`,
    `操作日志 ${run.operationsDeleted}`,
    `登录日志 ${run.loginsDeleted}`,
    `限流计数 ${run.countersDeleted}`,
    `下载包 ${run.downloadsDeleted}`,
    `未提交的打款上传 ${run.draftsDeleted}`,
  ]
    .join('、')
    .replace(/^/, '已删除：');
}

/** The job as 定时任务 shows and runs it (system/scheduledJobs.ts). */
export function logRetentionJob(db: Db, retention: LogRetention, files: FileStorage): JobDefinition {
  return {
    name: 'logRetention',
    timing: retention.cron === 'off' ? { off: 'LOG_RETENTION_CRON=off' } : { cron: retention.cron },
    run: () => runLogRetention(db, retention, files).then(retentionSummary),
  };
}

/** The scheduled job (null when LOG_RETENTION_CRON=off): one run at a time (protect), errors to `onError`. */
export function startLogRetentionJob(
  db: Db,
  retention: LogRetention,
  files: FileStorage,
  onError: (error: unknown) => void,
): Cron | null {
  if (retention.cron === 'off') return null;
  const { run } = logRetentionJob(db, retention, files);
  return new Cron(retention.cron, { timezone: 'Asia/Shanghai', protect: true, unref: true }, async () => {
    await runScheduledTick(db, 'logRetention', run).catch(onError);
  });
}
