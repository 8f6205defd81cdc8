import { sql } from 'kysely';
import { verifyClientPassword } from '../auth/passwords';
import type { Db } from '../db/database';

/** After this many failures the captcha is required; after LOCK_AFTER the account locks for a while. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60 * 1000;

/** Never more than the lock's length: a parallel request may have set the lock from a clock a little ahead. */
const minutesLeft = (lockedUntil: number, now: number) =>
  Math.min(LOCK_DURATION_MS / 60_000, Math.max(1, Math.ceil((lockedUntil - now) / 60_000)));

/** The answer while the account is locked, with the minutes the lock has left. */
export function loginLockedMessage(lockedUntil: number, now = Date.now()): string {
  return `登录失败次数过多，账号已锁定，请${minutesLeft(lockedUntil, now)}分钟后再试`;
}

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
 * Counts one failure in a single conditional upsert, so parallel wrong logins are all counted:
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

export type PasswordGuess =
  | { outcome: 'right' }
  | { outcome: 'wrong'; message: string }
  /** This wrong guess locked the account: the caller ends the session it came from. */
  | { outcome: 'lockedNow'; message: string }
  | { outcome: 'locked'; message: string };

/**
 * Checks a login password typed inside a session (the old password of a password change) against the login's own
 * counter, so a stolen session is not a way around the login lock: guesses through either door count together and
 * lock the account alike. The try is counted before the hash is compared (and cleared when it is right), so guesses
 * fired in parallel are all counted and none past the limit is compared at all.
 */
export async function checkPasswordGuess(
  db: Db,
  username: string,
  entered: string,
  storedHash: string,
  now = Date.now(),
): Promise<PasswordGuess> {
  const before = await attemptState(db, username, now);
  if (before.lockedUntil) return { outcome: 'locked', message: loginLockedMessage(before.lockedUntil, now) };
  const taken = await recordFailure(db, username, now);
  if (taken.failures > LOCK_AFTER_FAILURES && taken.lockedUntil) {
    return { outcome: 'locked', message: loginLockedMessage(taken.lockedUntil, now) };
  }
  if (await verifyClientPassword(entered, storedHash)) {
    await clearFailures(db, username);
    return { outcome: 'right' };
  }
  if (taken.failures >= LOCK_AFTER_FAILURES) {
    return {
      outcome: 'lockedNow',
      message: `原密码错误次数过多，账号已锁定${LOCK_DURATION_MS / 60_000}分钟，请稍后重新登录`,
    };
  }
  return {
    outcome: 'wrong',
    message: `原密码错误，请重新输入（还可尝试${LOCK_AFTER_FAILURES - taken.failures}次）`,
  };
}
