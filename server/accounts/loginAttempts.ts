import { sql } from 'kysely';
import type { Db } from '../db/database';

/** After this many failures the captcha is required; after LOCK_AFTER the account locks for a while. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

export interface AttemptState {
  failures: number;
  lockedUntil: number | null;
}

/** Tracked by the submitted name, whether or not such an account exists, so answers reveal nothing. */
export async function attemptState(db: Db, username: string, now = Date.now()): Promise<AttemptState> {
  const row = await db.selectFrom('login_attempts').selectAll().where('username', '=', username).executeTakeFirst();
  if (!row) return { failures: 0, lockedUntil: null };
  if (row.locked_until && row.locked_until <= now) return { failures: 0, lockedUntil: null };
  return { failures: row.failures, lockedUntil: row.locked_until };
}

/**
 * Counts one failure in a single conditional upsert, so parallel wrong logins are all counted (issue 19 #16):
 * a lock that has run out starts a new count; reaching LOCK_AFTER_FAILURES sets the lock; a lock in force
 * stays as it is.
 */
export async function recordFailure(db: Db, username: string, now = Date.now()): Promise<AttemptState> {
  const expired = sql<boolean>`(login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until <= ${now})`;
  const next = sql<number>`(CASE WHEN ${expired} THEN 1 ELSE login_attempts.failures + 1 END)`;
  const lockAt = now + LOCK_DURATION_MS;
  const row = await db
    .insertInto('login_attempts')
    .values({ username, failures: 1, locked_until: LOCK_AFTER_FAILURES <= 1 ? lockAt : null, updated_at: now })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: next,
        locked_until: sql`CASE WHEN login_attempts.locked_until > ${now} THEN login_attempts.locked_until WHEN ${next} >= ${LOCK_AFTER_FAILURES} THEN ${lockAt} ELSE NULL END`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), lockedUntil: row.locked_until === null ? null : Number(row.locked_until) };
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', username).execute();
}
