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

export async function recordFailure(db: Db, username: string, now = Date.now()): Promise<AttemptState> {
  const state = await attemptState(db, username, now);
  const failures = state.failures + 1;
  const lockedUntil = failures >= LOCK_AFTER_FAILURES ? now + LOCK_DURATION_MS : null;
  await db
    .insertInto('login_attempts')
    .values({ username, failures, locked_until: lockedUntil, updated_at: now })
    .onConflict((oc) => oc.column('username').doUpdateSet({ failures, locked_until: lockedUntil, updated_at: now }))
    .execute();
  return { failures, lockedUntil };
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', username).execute();
}
