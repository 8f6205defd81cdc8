import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { yesterday } from '../../server/finance/reconciliationJob';
import { JOB_LOCK_NAMESPACE } from '../../server/system/jobLock';
import { RECON_RUN, TRIGGER } from '../../src/domain/finance';

/**
 * Scheduled jobs run once across hosts: two independent servers (each a single process, WORKER_INDEX
 * unset, as two hosts would run) share one PostgreSQL of the test's own, with the daily reconciliation scheduled
 * every second in both, so both fire at the same instants. While another holder has the job's advisory lock
 * (server/system/jobLock.ts) neither host runs it; once released the day is reconciled by itself exactly once.
 */
interface LocalPostgres {
  url: string;
  stop(): void;
}

let postgres: LocalPostgres;
const servers: RunningServer[] = [];

beforeAll(async () => {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: () => Promise<LocalPostgres | null>;
  };
  const started = await startLocalPostgres();
  if (!started) throw new Error('需要 PostgreSQL（Debian：apt-get install postgresql；.ci/run 会安装）');
  postgres = started;
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  postgres?.stop();
}, 60_000);

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('two hosts on one PostgreSQL', () => {
  it('reconcile a day by itself once, though both schedule it at the same instants', async () => {
    // Migrate and seed once, with the job off, so the two hosts below start on a ready database together.
    const preparing = await startServer({
      env: { DATABASE_URL: postgres.url, RECONCILE_CRON: 'off', PAYOUT_AUTO: '0' },
    });
    await preparing.stop();

    const env = {
      DATABASE_URL: postgres.url,
      WORKERS: '1',
      RECONCILE_CRON: '* * * * * *',
      LOG_RETENTION_CRON: 'off',
      PAYOUT_AUTO: '0',
    };
    // A third "host" (this test) is in the middle of the job: it holds the job's lock.
    const holder = new pg.Client({ connectionString: postgres.url });
    await holder.connect();
    const key = `${JOB_LOCK_NAMESPACE}reconciliation`;
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    const day = yesterday();
    const autoRuns = () =>
      query<{ id: string; status: number }>(
        'SELECT id, status FROM reconciliation_runs WHERE day = $1 AND "trigger" = $2 ORDER BY id',
        [day, TRIGGER.auto],
      );
    try {
      servers.push(...(await Promise.all([startServer({ env }), startServer({ env })])));
      for (const server of servers) expect(server.output()).toMatch(/SCHEDULED_JOBS single: [^"]*reconciliation/);
      // Every second both hosts fire and find the job taken: neither reconciles while the holder runs.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await autoRuns()).toEqual([]);
    } finally {
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      await holder.end();
    }
    // Released: the next instant both fire together; one takes the lock, the other skips, later runs find the day done.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const runs = await autoRuns();
    expect(runs).toHaveLength(1);
    expect(runs[0].status).not.toBe(RECON_RUN.running);
  }, 240_000);
});
