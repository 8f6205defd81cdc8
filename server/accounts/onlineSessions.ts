import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { TokenClaims } from '../auth/tokens';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { chinaTime } from '../db/time';
import { describeUserAgent } from './userAgent';

/**
 * The sessions of 在线用户: a user_sessions row per session a login opened (migration 360), keyed by the tokens' sid.
 * Whether a session is alive is decided by the same facts the access hook (auth/access.ts) decides a request by —
 * the user is enabled, the token version is the session's, its sid is not revoked — plus the newest token's
 * expiry, all in SQL (`aliveSession`), so the list is what every process would admit at its next request.
 */

/** How often a session's 最后访问时间 is written at most (per session and process; the UPDATE is conditional too). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** `expires_utc` as its column holds it: a Date (timestamptz) on PostgreSQL, UTC text on SQLite. */
export function utcStamp(db: Db, ms: number): string | Date {
  return isPostgres(db) ? new Date(ms) : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export interface OpenedSession {
  claims: TokenClaims;
  username: string;
  mode: number;
  ip: string;
  userAgent: string;
}

export async function openSession(db: Db, session: OpenedSession, now = Date.now()): Promise<void> {
  const { claims } = session;
  const { browser, os } = describeUserAgent(session.userAgent);
  await db
    .insertInto('user_sessions')
    .values({
      sid: claims.sid,
      user_id: Number(claims.sub),
      username: session.username.slice(0, 64),
      role_id: claims.rid,
      company_id: claims.cid,
      platform_mark: claims.pm,
      token_version: claims.tv,
      mode: session.mode,
      ip: session.ip.slice(0, 64),
      user_agent: session.userAgent.slice(0, 512),
      browser,
      os,
      login_time: chinaTime(claims.lat * 1000),
      last_seen_time: chinaTime(now),
      expire_time: chinaTime(claims.exp * 1000),
      expires_utc: utcStamp(db, claims.exp * 1000),
    })
    .onConflict((conflict) => conflict.column('sid').doNothing())
    .execute();
}

/** A refreshed token of the session: it lives until the new token's expiry. */
export async function renewSession(db: Db, claims: TokenClaims, now = Date.now()): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({
      expire_time: chinaTime(claims.exp * 1000),
      expires_utc: utcStamp(db, claims.exp * 1000),
      last_seen_time: chinaTime(now),
    })
    .where('sid', '=', claims.sid)
    .execute();
}

/** Notes how and by whom a session ended (the revocation itself is auth/sessions.ts's). */
export async function endSession(db: Db, sid: string, reason: number, by: string | null): Promise<void> {
  await db
    .updateTable('user_sessions')
    .set({ end_time: chinaTime(), end_reason: reason, ended_by: by ? by.slice(0, 64) : null })
    .where('sid', '=', sid)
    .where('end_time', 'is', null)
    .execute();
}

/** Sessions the access hook would still admit: not ended, not revoked, token version current, user enabled, unexpired. */
export function aliveSession(eb: ExpressionBuilder<any, any>): Expression<SqlBool> {
  return eb.and([
    eb('user_sessions.end_time', 'is', null),
    eb('user_sessions.expires_utc', '>', sql<string>`CURRENT_TIMESTAMP`),
    eb.not(
      eb.exists(
        eb
          .selectFrom('revoked_sessions')
          .select('revoked_sessions.sid')
          .whereRef('revoked_sessions.sid', '=', 'user_sessions.sid'),
      ),
    ),
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.id', '=', 'user_sessions.user_id')
        .whereRef('users.token_version', '=', 'user_sessions.token_version')
        .where('users.status', '=', 1),
    ),
  ]);
}

/** Deletes the rows of sessions that ran out or ended before `beforeMs` (the retention job, once a day). */
export async function deleteEndedSessionsBefore(db: Db, beforeMs: number): Promise<number> {
  const result = await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_utc', '<', utcStamp(db, beforeMs)), eb('end_time', '<', chinaTime(beforeMs))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Past this many sessions the per-process memory of last writes starts again (a write a minute is the cost). */
const MAX_REMEMBERED = 10_000;

export interface SessionActivity {
  /** A request of the session: 最后访问时间 moves, at most once a LAST_SEEN_EVERY_MS per session. */
  touch(sid: string, now?: number): void;
  /** Waits for the writes under way (the app's close). */
  settle(): Promise<void>;
}

/**
 * Keeps 最后访问时间 fresh without a write per request: this process writes a session's time only when it has not
 * written it for a minute, and the UPDATE itself only changes a time older than a minute, so several processes
 * serving one session still write it about once a minute. The write does not hold up the request.
 */
export function createSessionActivity(db: Db, onError: (error: unknown) => void): SessionActivity {
  const written = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  return {
    touch(sid, now = Date.now()) {
      const last = written.get(sid);
      if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
      if (written.size >= MAX_REMEMBERED) written.clear();
      written.set(sid, now);
      const write = db
        .updateTable('user_sessions')
        .set({ last_seen_time: chinaTime(now) })
        .where('sid', '=', sid)
        .where('last_seen_time', '<=', chinaTime(now - LAST_SEEN_EVERY_MS))
        .execute()
        .catch(onError)
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async settle() {
      await Promise.all([...pending]);
    },
  };
}
