import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { withCallLog } from '../../thirdparty/outboundCalls';

/**
 * The contract every payout channel (the development channel, Alipay, a bank) keeps (docs/payoutChannels.md).
 * An order is accepted or refused at once, then stays processing until the channel knows: the result comes by
 * a signed notification or by asking (query). A paid order may still come back (returned), and an order may be
 * held by the channel and later released or cancelled.
 */
export interface PayoutOrder {
  /** The item id: the channel's idempotency key (out_biz_no), so a resend after a crash pays once. */
  itemId: number;
  name: string;
  idCard: string;
  bankCard: string;
  /** How the worker is paid: to a bank card (the default) or to an Alipay account. */
  method?: 'bankcard' | 'alipay';
  /** The payee's Alipay login id (a phone number or an e-mail address) when `method` is 'alipay'. */
  alipayAccount?: string;
  /** What to pay the worker: the net, after the income tax withheld (docs/tax.md). */
  amount: number;
  /** The worker's gross income of this payment, and the tax withheld from it (for the channel's records). */
  grossAmount?: number;
  taxWithheld?: number;
}

/** A recorded outcome: paid, or failed with the reason (itemOutcomes.ts). */
export type PayoutResult = { ok: true } | { ok: false; reason: string };

export type SubmitAnswer = { accepted: true; orderId: string } | { accepted: false; reason: string };

/** Where an order stands at its channel. `unknown`: the channel has no order under this item id. */
export type ChannelState =
  | { state: 'processing'; orderId: string }
  | { state: 'succeeded'; orderId: string }
  | { state: 'failed'; orderId?: string; reason: string }
  | { state: 'held'; orderId: string; reason: string }
  | { state: 'returned'; orderId: string; reason: string }
  | { state: 'unknown' };

export const CHANNEL_STATES = ['processing', 'succeeded', 'failed', 'held', 'returned'] as const;

/** A notification the channel verified as its own: which item, its state, and the channel's notification id. */
export interface ChannelNotification {
  notifyId: string;
  itemId: number;
  state: ChannelState;
}

export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as sent: the signature covers it. */
  rawBody: string;
}

/** What the channel expects back from a notification, in its own format. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** One line of the channel's daily bill. */
export interface BillLine {
  itemId: number;
  orderId: string;
  /** What the channel moved: the net amount, in 1/10000 yuan. */
  amount: number;
  state: 'succeeded' | 'failed' | 'returned';
}

export interface PayoutChannel {
  /** The channel's name: payout_items.channel, the notification route /api/v1/open/payouts/notify/<provider>. */
  readonly provider: string;
  submit(order: PayoutOrder): Promise<SubmitAnswer>;
  query(itemId: number): Promise<ChannelState>;
  /** The notification if it is genuine (signature, freshness), null otherwise. */
  readNotification(request: NotificationRequest): Promise<ChannelNotification | null>;
  notificationReply(accepted: boolean): NotificationReply;
  /** An operator releases a held order: the channel tries it again. */
  release(itemId: number): Promise<void>;
  /** An operator cancels a held order: true once the channel confirms it will not pay. */
  cancel(itemId: number): Promise<boolean>;
  /** The electronic receipt (电子回单) of a paid order, a PDF; null while the channel has none. */
  receipt(itemId: number): Promise<Uint8Array | null>;
  /** The channel's bill of a day (YYYY-MM-DD, China time). */
  bill(date: string): Promise<BillLine[]>;
  /**
   * The available balance (1/10000 yuan) of the channel account a signing entity pays from (0 or absent: the
   * default account); null when the channel cannot tell. Absent on channels without an account of their own.
   */
  balance?(enterpriseId?: number): Promise<number | null>;
}

export const MSG_CARD_REJECTED = '银行卡号校验失败，收款行退回';

/**
 * The channel with each order and query logged as a call out (/addThirdPartyCall's 平台调用记录, card and ID
 * numbers masked): one row per call, written after the channel answers and outside the transaction recording the
 * outcome. A row that cannot be written is reported to the server log and the payout goes on.
 */
export function loggedPayoutChannel(db: Db, channel: PayoutChannel, log: FastifyBaseLogger): PayoutChannel {
  const service = {
    service: 'payout',
    provider: channel.provider,
    enterpriseId: null,
    onLogError: (error: unknown) => log.error({ err: error }, '打款调用记录写入失败'),
  };
  return withCallLog(db, channel, service, {
    submit: ['order'],
    query: ['itemId'],
    release: ['itemId'],
    cancel: ['itemId'],
  });
}
