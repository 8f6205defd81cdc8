import type { FastifyInstance } from 'fastify';
import { durationText, JOB_MSG, JOB_RUN_KIND, JOB_RUN_STATUS, jobBusyMessage } from '../../src/domain/scheduledJobs';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { runJobExclusively } from './jobLock';
import { type RunOutcome, recordedRun, runningRun, THIS_PROCESS } from './jobRuns';
import { recentRunsSchema, runNowSchema } from './scheduledJobs.schemas';

const ACCESS = { config: { access: { permissions: ['UI_SYSTEM_TOOL'] } } };
const RECENT_RUNS = 50;

/**
 * 定时任务's hand-written calls (UI_SYSTEM_TOOL):
 * - POST /api/v1/scheduledjobs/:id/run   立即执行: runs the job once, here, as its schedule would (a paused job too:
 *   the operator asked), under the job's hold (jobLock.ts runJobExclusively: the advisory lock across hosts), so a
 *   run already under way anywhere refuses it with where and since when; answers when the run ended, with its
 *   duration and summary; recorded as a run (立即执行, by whom) and in the operation log;
 * - GET  /api/v1/scheduledjobs/:id/runs  the job's last RECENT_RUNS runs, newest first (the detail view).
 */
export async function scheduledJobsRoutes(app: FastifyInstance, { db, jobs }: AppServices): Promise<void> {
  app.post('/api/v1/scheduledjobs/:id/run', { ...ACCESS, schema: runNowSchema }, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '任务编号');
    const job = await db
      .selectFrom('scheduled_jobs')
      .select(['name', 'label', 'last_status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job) fail(JOB_MSG.notFound);
    const definition = jobs.definitions().find((candidate) => candidate.name === job.name);
    if (!definition) fail(JOB_MSG.unknown);
    let outcome: RunOutcome | undefined;
    let failure: string | undefined;
    const ran = await runJobExclusively(db, job.name, async () => {
      try {
        outcome = await recordedRun(
          db,
          job.name,
          { kind: JOB_RUN_KIND.manual, operator: auth.username },
          definition.run,
        );
      } catch (error) {
        failure = (error instanceof Error ? error.message : String(error)) || '未知错误';
        request.log.error({ err: error }, `定时任务「${job.label}」立即执行失败`);
      }
    });
    if (!ran) {
      const running = await runningRun(db, job.name);
      fail(jobBusyMessage(running?.host ?? null, running?.start_time ?? null));
    }
    const status = outcome?.status ?? JOB_RUN_STATUS.failed;
    await recordOperation(db, request, auth, {
      action: 'run',
      resource: 'adScheduledJob',
      recordId: id,
      recordTitle: job.label,
      changes: { lastStatus: [job.last_status, status], lastMessage: [null, outcome?.message ?? failure ?? null] },
    });
    if (!outcome) fail(`执行失败：${failure}`);
    // The page shows the answer as the run's row in 最近运行记录 reads: where, how long, the result.
    const duration = durationText(outcome.durationMs);
    return ok({ ...outcome, duration, host: THIS_PROCESS }, `执行完成（耗时 ${duration}）：${outcome.message}`);
  });

  app.get('/api/v1/scheduledjobs/:id/runs', { ...ACCESS, schema: recentRunsSchema }, async (request) => {
    const id = parseId((request.params as { id: string }).id, '任务编号');
    const job = await db.selectFrom('scheduled_jobs').select('name').where('id', '=', id).executeTakeFirst();
    if (!job) fail(JOB_MSG.notFound);
    const rows = await db
      .selectFrom('scheduled_job_runs')
      .selectAll()
      .where('job', '=', job.name)
      .orderBy('id', 'desc')
      .limit(RECENT_RUNS)
      .execute();
    return ok({
      runs: rows.map((row) => ({
        id: Number(row.id),
        startTime: row.start_time,
        finishTime: row.finish_time,
        kind: row.kind,
        operator: row.operator,
        host: row.host,
        status: row.status,
        duration: durationText(row.duration_ms === null ? null : Number(row.duration_ms)),
        durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
        message: row.message,
      })),
    });
  });
}
