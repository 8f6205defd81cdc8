import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';

/**
 * Scheduled jobs run once across hosts (issue 35 §7): every host's worker 1 schedules them, so on PostgreSQL each
 * run first takes a session advisory lock named after the job, on a connection of its own held while the run
 * lasts; a host that finds the lock taken skips that run (the holder is doing it). The job's own checks (a day
 * already reconciled, a run key already used, rows old enough) make a later run on another host harmless. On
 * SQLite there is one host by definition (one file), and the scheduler's one process is enough.
 */
export const JOB_LOCK_NAMESPACE = 'lg-scheduled-job:';

/** Runs `run` unless another process holds the job's lock; answers whether it ran. */
export async function runExclusively(db: Db, job: string, run: () => Promise<unknown>): Promise<boolean> {
  if (!isPostgres(db)) {
    await run();
    return true;
  }
  return db.connection().execute(async (connection) => {
    const key = `${JOB_LOCK_NAMESPACE}${job}`;
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${key})) AS locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return false;
    try {
      await run();
      return true;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
