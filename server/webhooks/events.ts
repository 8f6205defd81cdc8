import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DELIVERY_STATUS, WEBHOOK_KIND, type WebhookKind } from '../../src/domain/merchantWebhooks';
import { INVOICE_KIND_PAPER, ITEM } from '../../src/domain/moneyEnums';
import type { Database } from '../db/schema';
import { chinaTime } from '../db/time';

/**
 * The outbox of 消息推送. A change a merchant's system wants to hear of calls `emitMerchantEvent(trx, …)` once,
 * in its own transaction, after its claim won (the conditional update that moved the record): the event row is
 * written with the change or not at all, and a racing loser, which moved nothing, writes none. The event is read
 * from the record as the transaction now holds it, so each call site is one line. A company without an address
 * for the event's kind gets no row (nothing would deliver it). Delivery is the `webhooks` job's (delivery.ts).
 */
export type MerchantEventSource =
  /** A payout item that just became 成功, 失败, 挂单 or 退汇. */
  | { payoutItem: number }
  /** A worker's agreement that was just signed. */
  | { workerAgreement: number }
  /** A worker whose signing invitation just failed (the SMS carrying the link was not delivered). */
  | { signingFailedWorker: number }
  /** An invoice application finance just issued. */
  | { invoice: number };

export interface MerchantEvent {
  companyId: number;
  kind: WebhookKind;
  type: string;
  recordId: number;
  data: Record<string, unknown>;
}

export const URL_COLUMN = {
  [WEBHOOK_KIND.payout]: 'payout_url',
  [WEBHOOK_KIND.signing]: 'signing_url',
  [WEBHOOK_KIND.invoice]: 'invoice_url',
} as const;

const ITEM_STATE: Record<number, { type: string; state: string }> = {
  [ITEM.succeeded]: { type: 'payout.item.succeeded', state: 'succeeded' },
  [ITEM.failed]: { type: 'payout.item.failed', state: 'failed' },
  [ITEM.held]: { type: 'payout.item.held', state: 'held' },
  [ITEM.returned]: { type: 'payout.item.returned', state: 'returned' },
};

async function eventOf(tx: Kysely<Database>, source: MerchantEventSource): Promise<MerchantEvent | null> {
  if ('payoutItem' in source) {
    const item = await tx
      .selectFrom('payout_items')
      .select([
        'id',
        'batch_id',
        'company_id',
        'platform_mark',
        'row_no',
        'name',
        'amount',
        'service_charge',
        'tax_amount',
        'net_amount',
        'status',
        'fail_reason',
        'hold_reason',
        'return_reason',
        'finish_time',
        'return_time',
      ])
      .where('id', '=', source.payoutItem)
      .executeTakeFirst();
    const state = item ? ITEM_STATE[Number(item.status)] : undefined;
    if (!item || !state) return null;
    const reason =
      Number(item.status) === ITEM.failed
        ? item.fail_reason
        : Number(item.status) === ITEM.held
          ? item.hold_reason
          : Number(item.status) === ITEM.returned
            ? item.return_reason
            : null;
    return {
      companyId: Number(item.company_id),
      kind: WEBHOOK_KIND.payout,
      type: state.type,
      recordId: Number(item.id),
      data: {
        itemId: Number(item.id),
        batchId: Number(item.batch_id),
        platformMark: Number(item.platform_mark),
        rowNo: Number(item.row_no),
        name: item.name,
        grossAmount: Number(item.amount),
        taxAmount: Number(item.tax_amount),
        netAmount: Number(item.net_amount),
        serviceCharge: Number(item.service_charge),
        state: state.state,
        reason: reason ?? null,
        finishTime: item.return_time ?? item.finish_time ?? null,
      },
    };
  }
  if ('workerAgreement' in source) {
    const row = await tx
      .selectFrom('worker_agreements')
      .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
      .select([
        'worker_agreements.id',
        'worker_agreements.company_id',
        'worker_agreements.agreement_no',
        'worker_agreements.enterprise_id',
        'worker_agreements.sign_time',
        'workers.id as workerId',
        'workers.name',
        'workers.id_masked',
      ])
      .where('worker_agreements.id', '=', source.workerAgreement)
      .executeTakeFirst();
    if (!row) return null;
    return {
      companyId: Number(row.company_id),
      kind: WEBHOOK_KIND.signing,
      type: 'worker.signing.completed',
      recordId: Number(row.id),
      data: {
        workerId: Number(row.workerId),
        name: row.name,
        idNumber: row.id_masked,
        agreementId: Number(row.id),
        agreementNo: row.agreement_no,
        enterpriseId: row.enterprise_id === null ? null : Number(row.enterprise_id),
        state: 'signed',
        reason: null,
        signTime: row.sign_time,
      },
    };
  }
  if ('signingFailedWorker' in source) {
    const row = await tx
      .selectFrom('workers')
      .select(['id', 'company_id', 'name', 'id_masked', 'invite_reason', 'invite_time'])
      .where('id', '=', source.signingFailedWorker)
      .executeTakeFirst();
    if (!row) return null;
    return {
      companyId: Number(row.company_id),
      kind: WEBHOOK_KIND.signing,
      type: 'worker.signing.failed',
      recordId: Number(row.id),
      data: {
        workerId: Number(row.id),
        name: row.name,
        idNumber: row.id_masked,
        state: 'failed',
        reason: row.invite_reason,
        time: row.invite_time,
      },
    };
  }
  const invoice = await tx
    .selectFrom('invoices')
    .select([
      'id',
      'apply_no',
      'company_id',
      'platform_mark',
      'kind',
      'title',
      'batch_count',
      'total',
      'tax',
      'net',
      'invoice_number',
      'issue_time',
    ])
    .where('id', '=', source.invoice)
    .executeTakeFirst();
  if (!invoice) return null;
  return {
    companyId: Number(invoice.company_id),
    kind: WEBHOOK_KIND.invoice,
    type: 'invoice.issued',
    recordId: Number(invoice.id),
    data: {
      invoiceId: Number(invoice.id),
      applyNo: invoice.apply_no,
      platformMark: Number(invoice.platform_mark),
      paper: Number(invoice.kind) === INVOICE_KIND_PAPER,
      title: invoice.title,
      batchCount: Number(invoice.batch_count),
      grossAmount: Number(invoice.total),
      taxAmount: Number(invoice.tax),
      netAmount: Number(invoice.net),
      invoiceNumber: invoice.invoice_number,
      state: 'issued',
      reason: null,
      issueTime: invoice.issue_time,
    },
  };
}

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The body pushed for an event: what the merchant's system reads (README: 消息推送). */
export function payloadOf(eventId: string, event: Omit<MerchantEvent, 'recordId' | 'kind'>, time: string): string {
  return JSON.stringify({ eventId, type: event.type, time, companyId: event.companyId, data: event.data });
}

/** Writes the event's outbox row in `tx` (the caller's transaction); answers its id, or null when none is due. */
export async function emitMerchantEvent(
  tx: Kysely<Database>,
  source: MerchantEventSource,
  now = Date.now(),
): Promise<number | null> {
  const event = await eventOf(tx, source);
  if (!event) return null;
  const settings = await tx
    .selectFrom('webhook_settings')
    .select(URL_COLUMN[event.kind])
    .where('company_id', '=', event.companyId)
    .executeTakeFirst();
  const url = settings ? (settings as Record<string, string | null>)[URL_COLUMN[event.kind]] : null;
  if (!url) return null;
  return insertDelivery(tx, event, now);
}

export async function insertDelivery(tx: Kysely<Database>, event: MerchantEvent, now: number): Promise<number> {
  const eventId = newEventId();
  const time = chinaTime(now);
  const row = await tx
    .insertInto('webhook_deliveries')
    .values({
      event_id: eventId,
      company_id: event.companyId,
      kind: event.kind,
      event_type: event.type,
      record_id: event.recordId,
      payload: payloadOf(eventId, event, time),
      status: DELIVERY_STATUS.pending,
      attempts: 0,
      next_time: now,
      lease_until: null,
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Runs `run` in the caller's transaction when it is one, else in a new one (a change and its event together). */
export function inTransaction<T>(db: Kysely<Database>, run: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
