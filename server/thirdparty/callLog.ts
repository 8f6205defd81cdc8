import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { chinaTime } from '../db/time';

/** Longest request or response text kept per call (a webhook body is at most this long). */
export const MAX_LOGGED_CHARS = 256 * 1024;

/**
 * Most characters kept of the body of a call nobody authenticated (unknown enterprise, no or a wrong signature):
 * anyone can send those, so the log keeps an excerpt to tell what they were, never the body.
 */
export const REFUSED_EXCERPT_CHARS = 1024;

/** The first characters of `text`, marked when cut, `max` characters at most in all. */
export function excerpt(text: string, max = REFUSED_EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  const note = `…（已截断，原文 ${text.length} 字）`;
  return text.slice(0, max - note.length) + note;
}

export interface CallEntry {
  direction: number;
  enterpriseId: number | null;
  channel: number | null;
  kind: string;
  eventId?: string | null;
  method: string;
  path: string;
  requestHeaders?: Record<string, string> | null;
  requestBody?: string | null;
  httpStatus: number;
  outcome: number;
  message?: string | null;
  responseBody?: string | null;
  latencyMs: number;
  remoteIp?: string | null;
  replayOf?: number | null;
  operator?: string | null;
}

const cut = (text: string | null | undefined, max = MAX_LOGGED_CHARS) =>
  text === null || text === undefined ? null : text.length > max ? text.slice(0, max) : text;

/** Writes one call (in or out) to the log the callback pages list; answers its id. */
export async function logCall(db: Db | Transaction<Database>, entry: CallEntry): Promise<number> {
  const row = await db
    .insertInto('third_party_calls')
    .values({
      direction: entry.direction,
      enterprise_id: entry.enterpriseId,
      channel: entry.channel,
      kind: entry.kind.slice(0, 32),
      event_id: entry.eventId ? entry.eventId.slice(0, 64) : null,
      method: entry.method.slice(0, 8),
      path: entry.path.slice(0, 255),
      request_headers: entry.requestHeaders ? JSON.stringify(entry.requestHeaders) : null,
      request_body: cut(entry.requestBody),
      http_status: entry.httpStatus,
      outcome: entry.outcome,
      message: cut(entry.message, 255),
      response_body: cut(entry.responseBody),
      latency_ms: Math.max(0, Math.round(entry.latencyMs)),
      remote_ip: entry.remoteIp ? entry.remoteIp.slice(0, 64) : null,
      replay_of: entry.replayOf ?? null,
      operator: entry.operator ? entry.operator.slice(0, 64) : null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Milliseconds since `started` (process.hrtime.bigint()). */
export function elapsedMs(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}
