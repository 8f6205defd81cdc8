import { sql } from 'kysely';
import { verifyClientPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { fail } from '../http/errors';

/** After this many wrong payment passwords in a row the company's payment password locks for LOCK_MS. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 30 * 60 * 1000;

/** A wrong payment password answers how many tries remain before the lock, e.g. 支付密码错误，还可尝试4次. */
export function paymentPasswordWrongMessage(wrongMessage: string, failures: number): string {
  return `${wrongMessage}，还可尝试${Math.max(0, PAYMENT_PASSWORD_MAX_FAILURES - failures)}次`;
}

export function paymentPasswordLockedMessage(lockedUntil: number, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
  return `支付密码错误次数过多，请在${minutes}分钟后再试`;
}

/** The lock's end while the company's payment password is locked, else null. */
async function lockedUntil(db: Db, companyId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('payment_password_attempts')
    .select('locked_until')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const until = row?.locked_until === null || row?.locked_until === undefined ? null : Number(row.locked_until);
  return until !== null && until > now ? until : null;
}

/**
 * Counts one wrong payment password in a single conditional upsert, so parallel wrong tries are all counted:
 * a lock that has run out starts a new count; reaching the limit sets the lock. Returns the count and the
 * lock's end when the company is now locked.
 */
async function recordFailure(
  db: Db,
  companyId: number,
  now: number,
): Promise<{ failures: number; lockedUntil: number | null }> {
  const expired = sql<boolean>`(payment_password_attempts.locked_until IS NOT NULL AND payment_password_attempts.locked_until <= ${now})`;
  const next = sql<number>`(CASE WHEN ${expired} THEN 1 ELSE payment_password_attempts.failures + 1 END)`;
  const lockAt = now + PAYMENT_PASSWORD_LOCK_MS;
  const row = await db
    .insertInto('payment_password_attempts')
    .values({
      company_id: companyId,
      failures: 1,
      locked_until: PAYMENT_PASSWORD_MAX_FAILURES <= 1 ? lockAt : null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        failures: next,
        locked_until: sql`CASE WHEN payment_password_attempts.locked_until > ${now} THEN payment_password_attempts.locked_until WHEN ${next} >= ${PAYMENT_PASSWORD_MAX_FAILURES} THEN ${lockAt} ELSE NULL END`,
        updated_at: now,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), lockedUntil: row.locked_until === null ? null : Number(row.locked_until) };
}

/** Clears the count after a right password, or after the owner reset the password by SMS. */
export async function clearPaymentPasswordFailures(db: Db, companyId: number): Promise<void> {
  await db.deleteFrom('payment_password_attempts').where('company_id', '=', companyId).execute();
}

/**
 * Checks a payment password (batch submit, repay, change) against the company's stored hash, counting wrong
 * ones per company: after PAYMENT_PASSWORD_MAX_FAILURES the company locks for 30 minutes and every check
 * answers the time left. A wrong password answers `wrongMessage` with the tries left before the lock.
 */
export async function checkPaymentPassword(
  db: Db,
  companyId: number,
  entered: string,
  storedHash: string,
  wrongMessage: string,
  now = Date.now(),
): Promise<void> {
  const locked = await lockedUntil(db, companyId, now);
  if (locked !== null) fail(paymentPasswordLockedMessage(locked, now));
  if (await verifyClientPassword(entered, storedHash)) {
    await clearPaymentPasswordFailures(db, companyId);
    return;
  }
  const counted = await recordFailure(db, companyId, now);
  if (counted.lockedUntil !== null) fail(paymentPasswordLockedMessage(counted.lockedUntil, now));
  fail(paymentPasswordWrongMessage(wrongMessage, counted.failures));
}
