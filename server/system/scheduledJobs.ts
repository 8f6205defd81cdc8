/**
 * Scheduled jobs (the payout processor's timer, automatic invoicing, the daily reconciliation, the clean-up) run
 * once per instant across every process and host. On PostgreSQL every process schedules them and the database
 * decides which one runs each instant (jobLock.ts: a claimed tick and an advisory lock), so no process is special
 * and jobs go on while any process of any host is up. On SQLite (one host, no advisory locks) only a single server
 * or worker 1 of a cluster (WORKER_INDEX, server/server.ts) schedules them; the primary restarts worker 1 when it
 * dies, so the jobs come back with it.
 */
export function runsScheduledJobs(env: NodeJS.ProcessEnv = process.env, databaseUrl: string | null = null): boolean {
  if (databaseUrl !== null) return true;
  const worker = env.WORKER_INDEX;
  return worker === undefined || worker === '1';
}

export interface Stoppable {
  stop(): void;
}

/** When a job runs: a cron pattern in China time, a loop every `everyMs`, or not at all here (and why). */
export type JobTiming = { cron: string } | { everyMs: number } | { off: string };

/**
 * A job as 定时任务 shows it and 立即执行 runs it (system/jobRuns.ts, scheduledJobs.routes.ts): every process defines
 * every job, scheduled here or not, so a run-now can be served by whichever process the request reaches.
 */
export interface JobDefinition {
  /** The job's name, as in jobLock's tick claims and src/domain/scheduledJobs.ts JOB_CATALOG. */
  name: string;
  timing: JobTiming;
  /** One run, as a scheduled instant runs it; may answer a Chinese summary for the run's record. */
  run: () => Promise<unknown>;
}

export interface JobScheduler {
  /** Whether this process runs scheduled jobs. */
  readonly leader: boolean;
  /** The jobs started in this process, by name (printed at start-up: SCHEDULED_JOBS …). */
  readonly started: readonly string[];
  /** Starts a job here if this process runs jobs (`start` may decline by returning null). */
  schedule(name: string, start: () => Stoppable | null): void;
  /** Makes a job known to 定时任务 and 立即执行 (in every process, whether it schedules jobs or not). */
  define(job: JobDefinition): void;
  /** The defined jobs, in the order they were defined. */
  definitions(): readonly JobDefinition[];
  stopAll(): void;
}

export function createJobScheduler(leader: boolean): JobScheduler {
  const started: string[] = [];
  const running: Stoppable[] = [];
  const defined = new Map<string, JobDefinition>();
  return {
    leader,
    started,
    define(job) {
      defined.set(job.name, job);
    },
    definitions() {
      return [...defined.values()];
    },
    schedule(name, start) {
      if (!leader) return;
      const job = start();
      if (!job) return;
      started.push(name);
      running.push(job);
    },
    stopAll() {
      for (const job of running.splice(0)) job.stop();
    },
  };
}
