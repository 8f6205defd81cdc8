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

export interface JobScheduler {
  /** Whether this process runs scheduled jobs. */
  readonly leader: boolean;
  /** The jobs started in this process, by name (printed at start-up: SCHEDULED_JOBS …). */
  readonly started: readonly string[];
  /** Starts a job here if this process runs jobs (`start` may decline by returning null). */
  schedule(name: string, start: () => Stoppable | null): void;
  stopAll(): void;
}

export function createJobScheduler(leader: boolean): JobScheduler {
  const started: string[] = [];
  const running: Stoppable[] = [];
  return {
    leader,
    started,
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
