import { sql } from 'kysely';
import type { Db } from '../db/database';
import { fail } from '../http/errors';

export interface RateLimit {
  /** Length of the fixed window, in ms. */
  windowMs: number;
  /** Takes allowed per window. */
  max: number;
  /** Least time between two takes (0: none). */
  minIntervalMs?: number;
}

/**
 * Takes one unit of a fixed-window counter (SMS sends per phone and per IP, company lookups per IP) in one
 * conditional upsert: the row is created, or renewed when its window is over, or counted up while under the
 * limit and past the least interval. Parallel requests are serialised by the row, so none can overrun the
 * limit. False when the limit refuses this take.
 */
export async function takeRate(db: Db, key: string, limit: RateLimit, now = Date.now()): Promise<boolean> {
  const windowOver = sql<boolean>`(rate_counters.window_start <= ${now - limit.windowMs})`;
  const interval = limit.minIntervalMs ?? 0;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1, last_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          count: sql`CASE WHEN ${windowOver} THEN 1 ELSE rate_counters.count + 1 END`,
          window_start: sql`CASE WHEN ${windowOver} THEN ${now} ELSE rate_counters.window_start END`,
          last_at: now,
        })
        .where(sql<boolean>`(${windowOver} OR rate_counters.count < ${limit.max})`)
        .where(sql<boolean>`rate_counters.last_at <= ${now - interval}`),
    )
    .returning('count')
    .executeTakeFirst();
  return !!row && limit.max >= 1;
}

/**
 * The public checks that tell whether an account exists (checkloginphone, checknameandphone,
 * companies/duplicate/checking) share one counter per address, so they cannot be used together to list the
 * staff's and merchants' phones. A person on the login, reset or registration page asks a few.
 */
export const ACCOUNT_CHECKS_PER_IP: RateLimit = { windowMs: 10 * 60_000, max: 30 };
export const MSG_TOO_FREQUENT = '查询过于频繁，请稍后再试';

/** Takes one account check for this address, or refuses (1040400) past ACCOUNT_CHECKS_PER_IP. */
export async function takeAccountCheck(db: Db, ip: string): Promise<void> {
  if (!(await takeRate(db, `accountcheck:ip:${ip}`, ACCOUNT_CHECKS_PER_IP))) fail(MSG_TOO_FREQUENT);
}
