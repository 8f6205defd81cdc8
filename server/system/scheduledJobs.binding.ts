import { Cron } from 'croner';
import { sql } from 'kysely';
import { scheduledJobs } from '../../resources/scheduledJobs';
import { describeTiming, durationText, JOB_MSG } from '../../src/domain/scheduledJobs';
import { chinaTime } from '../db/time';
import type { ResourceBinding } from '../engine/binding';

/** When a cron timing fires next (China time), or null: a loop, a job off here, a paused job, a bad pattern. */
export function nextRunOf(timing: string, paused: boolean, now = new Date()): string | null {
  if (paused || !timing.startsWith('cron:')) return null;
  try {
    const cron = new Cron(timing.slice('cron:'.length), { timezone: 'Asia/Shanghai', paused: true });
    const next = cron.nextRun(now);
    cron.stop();
    return next ? chinaTime(next) : null;
  } catch {
    return null;
  }
}

const SHOWN_LATER = sql`NULL`;

/**
 * /adScheduledJob on the engine: the job rows each process writes at start-up (jobRuns.ts syncJobCatalog), the
 * timing and the next run in words when read, 暂停 / 恢复 as guarded row actions (a claim, so two operators change it
 * once; each is in the operation log). 立即执行 and the run history are hand-written (scheduledJobs.routes.ts).
 */
export const scheduledJobsBinding: ResourceBinding = {
  declaration: scheduledJobs,
  table: 'scheduled_jobs',
  columns: { lastDuration: 'scheduled_jobs.last_duration_ms' },
  computed: { timingText: SHOWN_LATER, nextRunTime: SHOWN_LATER, timing: sql`scheduled_jobs.timing` },
  present: (row) => {
    const timing = String(row.timing ?? '');
    const { timing: _stored, ...shown } = row;
    return {
      ...shown,
      timingText: describeTiming(timing),
      nextRunTime: nextRunOf(timing, Number(row.paused) === 1),
      lastDuration: durationText(row.lastDuration === null ? null : Number(row.lastDuration)),
    };
  },
  filters: { label: { column: 'scheduled_jobs.label', match: 'contains' } },
  handWritten: ['run'],
  actions: {
    pause: {
      set: ({ auth }) => ({ paused: 1, paused_time: chinaTime(), paused_by: auth.username.slice(0, 64) }),
      guard: { when: (eb) => eb('scheduled_jobs.paused', '=', 0), message: JOB_MSG.alreadyPaused },
      message: JOB_MSG.paused,
    },
    resume: {
      set: () => ({ paused: 0, paused_time: null, paused_by: null }),
      guard: { when: (eb) => eb('scheduled_jobs.paused', '=', 1), message: JOB_MSG.notPaused },
      message: JOB_MSG.resumed,
    },
  },
  messages: { notFound: JOB_MSG.notFound, idLabel: '任务编号' },
};
