/**
 * Scheduled jobs (the payout processor's timer, automatic invoicing, the daily reconciliation) must run in one
 * process only. A single server runs them; in a cluster (WORKERS=N, server/server.ts) every worker gets
 * WORKER_INDEX and only worker 1 runs them, the others serve requests and hand work to it through the database.
 * Worker 1 is restarted by the primary when it dies, so the jobs come back with it. Several hosts each have a
 * worker 1: on PostgreSQL every run takes the job's advisory lock first (jobLock.ts), so it runs on one host.
 */
export function runsScheduledJobs(env: NodeJS.ProcessEnv = process.env): boolean {
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
