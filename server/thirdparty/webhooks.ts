import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CODE_BUSINESS_ERROR, CODE_OK } from '../../src/domain/codes';
import {
  DIRECTION,
  OUTCOME,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADER,
  WEBHOOK_MAX_ITEMS,
  WEBHOOK_MSG,
  WEBHOOK_WINDOW_SECONDS,
  type WebhookEventType,
  webhookPath,
} from '../../src/domain/thirdPartyCalls';
import type { RateLimit } from '../accounts/rateCounters';
import { recordEnterpriseSigning } from '../contracts/agreements.service';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { type EnterpriseReport, recordEnterpriseReports } from '../money/payouts/itemOutcomes';
import { elapsedMs, excerpt, logCall } from './callLog';

/**
 * An enterprise's signed inbound webhook. The enterprise posts JSON
 * `{ eventId, type, data }` to /api/v1/open/enterprises/{id}/webhook with
 *   x-lg-timestamp: unix seconds, x-lg-signature: hex HMAC-SHA256(its webhook secret, `${timestamp}.${raw body}`).
 * A call is refused when the enterprise is unknown or has no secret (404), a header is missing, the timestamp is
 * more than 5 minutes from now (replay) or the signature does not match (401), the body is not an event (400),
 * or its event id was used with another body (409). An event is applied once, in one transaction with its
 * webhook_events row (unique per enterprise and event id); a repeat answers the stored response (idempotent).
 * Events: `payout.result` { items: [{ itemId, status: 'paid' | 'failed', reason? }] } records the items waiting for
 * this enterprise's report (server/money/payouts/itemOutcomes.ts); `contract.signed` { contractId } marks the
 * enterprise's agreement signed (server/contracts/agreements.service.ts). Every call is logged, a call without a
 * valid signature with an excerpt of its body only, and refusals up to WEBHOOK_REFUSALS_PER_IP per address.
 */

export interface WebhookCall {
  enterpriseId: number;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  remoteIp: string | null;
  /** An admin re-running a logged call: the time window is not applied (the signature and event id still are). */
  replay?: { of: number; operator: string };
  /**
   * Asked before a refused call is logged (the per-address limit of refusals); when it answers false the call is
   * answered 429 and nothing is stored. Absent for an admin's replay.
   */
  mayRefuse?: () => Promise<boolean>;
}

export interface WebhookAnswer {
  httpStatus: number;
  outcome: number;
  body: { code: number; message: string; content: unknown };
  /** The call's row in the log; null when a refusal over the per-address limit was not logged. */
  callId: number | null;
}

/** Webhook calls one address may make (any outcome); the enterprise's own traffic stays far below it. */
export const WEBHOOK_CALLS_PER_IP: RateLimit = { windowMs: 60_000, max: 600 };
/** Refused webhook calls logged per address: past this they are answered 429 and leave no row. */
export const WEBHOOK_REFUSALS_PER_IP: RateLimit = { windowMs: 10 * 60_000, max: 20 };

const EVENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

const header = (headers: WebhookCall['headers'], name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** hex HMAC-SHA256 of `${timestamp}.${raw body}`. */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

function signatureMatches(secret: string, timestamp: string, rawBody: string, given: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody), 'hex');
  const provided = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}

interface ParsedEvent {
  eventId: string;
  type: WebhookEventType;
  reports?: EnterpriseReport[];
  contractId?: number;
}

/** The event in the body, or the reason it is not one. */
function parseEvent(rawBody: string): ParsedEvent | { error: string } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { error: WEBHOOK_MSG.badBody };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: WEBHOOK_MSG.badBody };
  const { eventId, type, data } = body as Record<string, unknown>;
  if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) return { error: WEBHOOK_MSG.badEvent };
  if (typeof type !== 'string' || !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) {
    return { error: WEBHOOK_MSG.badEvent };
  }
  const payload = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  if (type === 'payout.result') {
    const items = payload?.items;
    if (!Array.isArray(items) || items.length === 0 || items.length > WEBHOOK_MAX_ITEMS) {
      return { error: `data.items 须为1-${WEBHOOK_MAX_ITEMS}条打款结果` };
    }
    const reports: EnterpriseReport[] = [];
    for (const [index, item] of items.entries()) {
      const entry = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const itemId = Number(entry.itemId);
      if (!Number.isSafeInteger(itemId) || itemId <= 0 || (entry.status !== 'paid' && entry.status !== 'failed')) {
        return { error: `data.items[${index}] 须含 itemId（正整数）和 status（paid 或 failed）` };
      }
      if (entry.reason !== undefined && (typeof entry.reason !== 'string' || entry.reason.length > 100)) {
        return { error: `data.items[${index}].reason 须为不超过100字的文字` };
      }
      reports.push({ itemId, paid: entry.status === 'paid', reason: entry.reason as string | undefined });
    }
    return { eventId, type, reports };
  }
  const contractId = Number(payload?.contractId);
  if (!Number.isSafeInteger(contractId) || contractId <= 0) return { error: 'data.contractId 须为合同编号（正整数）' };
  return { eventId, type: 'contract.signed', contractId };
}

export async function handleWebhook(db: Db, call: WebhookCall): Promise<WebhookAnswer> {
  const started = process.hrtime.bigint();
  const timestamp = header(call.headers, WEBHOOK_HEADER.timestamp);
  const signature = header(call.headers, WEBHOOK_HEADER.signature);
  const enterprise = await db
    .selectFrom('enterprises')
    .select(['id', 'callback_channel', 'webhook_secret'])
    .where('id', '=', call.enterpriseId)
    .executeTakeFirst();
  let eventId: string | null = null;
  let kind = 'webhook';
  // Set once the signature matched: only then is the body the enterprise's and kept whole (a replay needs it).
  let signed = false;
  const answer = async (
    httpStatus: number,
    outcome: number,
    message: string,
    content: unknown = null,
  ): Promise<WebhookAnswer> => {
    if (outcome === OUTCOME.refused && call.mayRefuse && !(await call.mayRefuse())) {
      return {
        httpStatus: 429,
        outcome,
        body: { code: CODE_BUSINESS_ERROR, message: WEBHOOK_MSG.tooMany, content: null },
        callId: null,
      };
    }
    const body = {
      code: httpStatus === 200 ? CODE_OK : CODE_BUSINESS_ERROR,
      message,
      content,
    };
    const callId = await logCall(db, {
      direction: DIRECTION.inbound,
      enterpriseId: enterprise ? Number(enterprise.id) : null,
      channel: enterprise?.callback_channel ?? null,
      kind,
      eventId,
      method: 'POST',
      path: webhookPath(call.enterpriseId),
      requestHeaders: {
        [WEBHOOK_HEADER.timestamp]: timestamp.slice(0, 32),
        [WEBHOOK_HEADER.signature]: signature.slice(0, 128),
        'content-type': header(call.headers, 'content-type').slice(0, 128),
        'user-agent': header(call.headers, 'user-agent').slice(0, 256),
      },
      requestBody: signed ? call.rawBody : excerpt(call.rawBody),
      httpStatus,
      outcome,
      message,
      responseBody: JSON.stringify(body),
      latencyMs: elapsedMs(started),
      remoteIp: call.remoteIp,
      replayOf: call.replay?.of ?? null,
      operator: call.replay?.operator ?? null,
    });
    return { httpStatus, outcome, body, callId };
  };

  // What the body claims, for the log only until the signature is checked.
  const claimed = parseEvent(call.rawBody);
  if (!('error' in claimed)) {
    eventId = claimed.eventId;
    kind = claimed.type;
  }
  if (!enterprise?.webhook_secret) return answer(404, OUTCOME.refused, WEBHOOK_MSG.unknownEnterprise);
  if (!/^\d{1,12}$/.test(timestamp) || !signature) return answer(401, OUTCOME.refused, WEBHOOK_MSG.missingHeaders);
  if (!signatureMatches(enterprise.webhook_secret, timestamp, call.rawBody, signature)) {
    return answer(401, OUTCOME.refused, WEBHOOK_MSG.badSignature);
  }
  signed = true;
  if (!call.replay && Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS) {
    return answer(401, OUTCOME.refused, WEBHOOK_MSG.expired);
  }
  if ('error' in claimed) return answer(400, OUTCOME.refused, claimed.error);

  const enterpriseId = Number(enterprise.id);
  const bodySha256 = createHash('sha256').update(call.rawBody).digest('hex');
  const now = chinaTime();
  let applied: { content: unknown } | null = null;
  try {
    applied = await db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('webhook_events')
        .values({
          enterprise_id: enterpriseId,
          event_id: claimed.eventId,
          type: claimed.type,
          body_sha256: bodySha256,
          response: '',
          create_time: now,
        })
        .onConflict((conflict) => conflict.columns(['enterprise_id', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      const content =
        claimed.type === 'payout.result'
          ? {
              eventId: claimed.eventId,
              items: await recordEnterpriseReports(tx, enterpriseId, claimed.reports ?? [], now),
            }
          : {
              eventId: claimed.eventId,
              contractId: claimed.contractId,
              status: await recordEnterpriseSigning(tx, enterpriseId, claimed.contractId ?? 0, now),
            };
      await tx
        .updateTable('webhook_events')
        .set({ response: JSON.stringify(content) })
        .where('id', '=', Number(inserted.id))
        .execute();
      return { content };
    });
  } catch (error) {
    await answer(500, OUTCOME.failed, `处理失败：${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  if (applied) return answer(200, OUTCOME.applied, WEBHOOK_MSG.applied, applied.content);

  // The event id was applied before: the same body answers as it did then, another body is refused.
  const stored = await db
    .selectFrom('webhook_events')
    .select(['body_sha256', 'response'])
    .where('enterprise_id', '=', enterpriseId)
    .where('event_id', '=', claimed.eventId)
    .executeTakeFirstOrThrow();
  if (stored.body_sha256 !== bodySha256) return answer(409, OUTCOME.refused, WEBHOOK_MSG.eventReused);
  return answer(200, OUTCOME.duplicate, WEBHOOK_MSG.duplicate, { ...JSON.parse(stored.response), duplicate: true });
}
