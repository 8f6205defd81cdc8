import { randomBytes } from 'node:crypto';
import {
  ATTEMPT_OUTCOME,
  ATTEMPT_TRIGGER,
  DELIVERY_STATUS,
  MERCHANT_WEBHOOK_HEADER,
  WEBHOOK_BACKOFF_MS,
  type WebhookKind,
} from '../../src/domain/merchantWebhooks';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { excerpt } from '../thirdparty/callLog';
import { maskForLog } from '../thirdparty/outboundCalls';
import { webhookSignature } from '../thirdparty/webhooks';
import { checkTarget, type GuardOptions } from './addressGuard';
import { URL_COLUMN } from './events';
import { SEND_LIMITS, type SendResult, send } from './sender';

/**
 * Delivery of the outbox (events.ts). Each push is signed as the inbound enterprise webhook is verified
 * (thirdparty/webhooks.ts): x-lg-timestamp (unix seconds) and x-lg-signature, hex HMAC-SHA256 of
 * `${timestamp}.${raw body}` under the company's secret, plus x-lg-event-id. A 2xx delivers it; anything else
 * (an error, a timeout, a refused address, a redirect) schedules the next try after 1 min, 5 min, 30 min, 2 h and
 * 6 h (WEBHOOK_BACKOFF_MS), then gives up (推送失败). Every attempt leaves a webhook_attempts row: status,
 * duration, the request's headers (signature masked) and body and an excerpt of the answer; the secret is in none.
 * A sender first claims the delivery (lease_until, a conditional update), so the job on two hosts, or the job and a
 * 重新推送, never send one delivery at the same moment. Time is the caller's `now`, so tests drive the schedule.
 */
export interface DeliveryOptions extends GuardOptions {
  limits?: typeof SEND_LIMITS;
}

/** How long a claim holds: longer than one attempt can take. */
const LEASE_MS = SEND_LIMITS.totalMs * 3;
/** Deliveries one pass of the job sends, and how many at once. */
const PASS_LIMIT = 100;
const PARALLEL = 4;
const EXCERPT_CHARS = 2000;

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The address as the log shows it: query values masked (a merchant may put a token there). */
export function maskedUrl(raw: string): string {
  try {
    const url = new URL(raw);
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '***');
    url.username = '';
    url.password = '';
    return url.toString().slice(0, 512);
  } catch {
    return raw.slice(0, 80);
  }
}

function responseExcerpt(body: string): string {
  try {
    return excerpt(JSON.stringify(maskForLog(JSON.parse(body))), EXCERPT_CHARS);
  } catch {
    return excerpt(body, EXCERPT_CHARS);
  }
}

interface Claimed {
  id: number;
  event_id: string;
  company_id: number;
  kind: number;
  payload: string;
  status: number;
  attempts: number;
}

async function claim(db: Db, id: number, now: number): Promise<Claimed | null> {
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: now + LEASE_MS })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_id', 'company_id', 'kind', 'payload', 'status', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id), company_id: Number(row.company_id), kind: Number(row.kind) } as Claimed;
}

export interface AttemptResult {
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One attempt of a claimed delivery: sent (or refused before sending), logged, the delivery's state moved. */
async function attempt(
  db: Db,
  delivery: Claimed,
  trigger: number,
  operator: string | null,
  now: number,
  options: DeliveryOptions,
): Promise<AttemptResult> {
  const settings = await db
    .selectFrom('webhook_settings')
    .selectAll()
    .where('company_id', '=', delivery.company_id)
    .executeTakeFirst();
  const url = settings ? settings[URL_COLUMN[delivery.kind as WebhookKind]] : null;
  const timestamp = String(Math.floor(now / 1000));
  const headers: Record<string, string> = {
    [MERCHANT_WEBHOOK_HEADER.timestamp]: timestamp,
    [MERCHANT_WEBHOOK_HEADER.eventId]: delivery.event_id,
  };
  let result: SendResult;
  if (!url) result = { status: null, body: '', error: '未设置该类消息的推送地址', durationMs: 0 };
  else if (!settings?.secret) result = { status: null, body: '', error: '未生成签名密钥', durationMs: 0 };
  else {
    // Checked again at every attempt: a name may point elsewhere since it was saved.
    const target = await checkTarget(url, options);
    if (!target.ok) result = { status: null, body: '', error: target.reason, durationMs: 0 };
    else {
      const signature = webhookSignature(settings.secret, timestamp, delivery.payload);
      result = await send(
        target,
        { ...headers, [MERCHANT_WEBHOOK_HEADER.signature]: signature },
        delivery.payload,
        options.limits,
      );
    }
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const error =
    result.error ??
    (delivered
      ? null
      : result.status !== null && result.status < 400 && result.status >= 300
        ? `对方返回 ${result.status}（不跟随跳转）`
        : `对方返回 ${result.status}`);
  const time = chinaTime(now);
  const request = excerpt(
    JSON.stringify({
      headers: { ...headers, [MERCHANT_WEBHOOK_HEADER.signature]: '***' },
      body: JSON.parse(delivery.payload),
    }),
    EXCERPT_CHARS * 2,
  );
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        company_id: delivery.company_id,
        trigger,
        operator: operator?.slice(0, 64) ?? null,
        url: url ? maskedUrl(url) : '（未设置）',
        http_status: result.status,
        outcome: delivered ? ATTEMPT_OUTCOME.succeeded : ATTEMPT_OUTCOME.failed,
        error: error?.slice(0, 255) ?? null,
        duration_ms: result.durationMs,
        request_excerpt: request,
        response_excerpt: result.body ? responseExcerpt(result.body) : null,
        create_time: time,
      })
      .execute();
    const scheduled = trigger === ATTEMPT_TRIGGER.scheduled;
    const attempts = delivery.attempts + (scheduled ? 1 : 0);
    let status = delivery.status;
    let next: number | null = null;
    if (delivered) status = DELIVERY_STATUS.delivered;
    else if (scheduled) {
      const wait = WEBHOOK_BACKOFF_MS[attempts - 1];
      if (wait === undefined) status = DELIVERY_STATUS.failed;
      else next = now + wait;
    } else if (trigger === ATTEMPT_TRIGGER.test) status = DELIVERY_STATUS.failed;
    else if (status === DELIVERY_STATUS.pending) {
      // A 重新推送 that failed leaves the schedule as it was.
      const row = await tx
        .selectFrom('webhook_deliveries')
        .select('next_time')
        .where('id', '=', delivery.id)
        .executeTakeFirstOrThrow();
      next = row.next_time === null ? null : Number(row.next_time);
    }
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts,
        next_time: status === DELIVERY_STATUS.pending ? next : null,
        lease_until: null,
        last_http_status: result.status,
        last_error: error?.slice(0, 255) ?? null,
        last_attempt_time: time,
        delivered_time: delivered ? time : null,
      })
      .where('id', '=', delivery.id)
      .execute();
  });
  return { delivered, httpStatus: result.status, error, durationMs: result.durationMs };
}

/** One pass of the job at `now`: every pending delivery that is due, each claimed first. Answers a summary. */
export async function runDeliveries(
  db: Db,
  options: DeliveryOptions,
  now = Date.now(),
): Promise<{ delivered: number; failed: number }> {
  const due = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', DELIVERY_STATUS.pending)
    .where('next_time', '<=', now)
    .orderBy('next_time')
    .orderBy('id')
    .limit(PASS_LIMIT)
    .execute();
  const summary = { delivered: 0, failed: 0 };
  const queue = due.map((row) => Number(row.id));
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const claimed = await claim(db, id, now);
      // Another sender has it, or it was delivered since the read.
      if (!claimed || claimed.status !== DELIVERY_STATUS.pending) {
        if (claimed)
          await db.updateTable('webhook_deliveries').set({ lease_until: null }).where('id', '=', id).execute();
        continue;
      }
      const result = await attempt(db, claimed, ATTEMPT_TRIGGER.scheduled, null, now, options);
      if (result.delivered) summary.delivered += 1;
      else summary.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  return summary;
}

/** 重新推送 (or a test event's first send): one attempt now, whatever the delivery's state; null when it is busy. */
export async function sendNow(
  db: Db,
  deliveryId: number,
  trigger: typeof ATTEMPT_TRIGGER.resend | typeof ATTEMPT_TRIGGER.test,
  operator: string,
  options: DeliveryOptions,
  now = Date.now(),
): Promise<AttemptResult | null> {
  const claimed = await claim(db, deliveryId, now);
  if (!claimed) return null;
  return attempt(db, claimed, trigger, operator, now, options);
}
