import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { formatMoney } from '../../../src/domain/money';
import { isAlipayAccount, maskAlipayAccount, passesLuhn } from '../../../src/domain/payees';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { embedChineseFont } from '../../pdf/chineseFont';
import { shareTurn } from '../../system/eventLoopTurns';
import {
  type BillLine,
  CHANNEL_STATES,
  type ChannelNotification,
  type ChannelState,
  MSG_CARD_REJECTED,
  type PayoutChannel,
} from './payoutChannel';

/**
 * The development channel: a real order book (dev_channel_orders, keyed by our item id, so a resend finds its
 * order and pays once, across restarts and hosts) whose orders move deterministically by the payee's card, after
 * `delayMs` (PAYOUT_DEV_CHANNEL_DELAY_MS):
 * - a card whose Luhn check digit is wrong is refused at once (the receiving bank would return it);
 * - 629901…: paid, then returned (退汇) by the receiving bank;
 * - 629902…: fails;
 * - 629903…: held (渠道账户余额不足) until an operator releases it (then paid after the delay) or cancels it;
 * - 629904…: stays processing (its result only comes by a notification a test sends);
 * - any other valid card: paid.
 * An order to an Alipay account (method 'alipay') moves the same way by the account's first characters:
 * 'return.' (paid, then returned), 'fail.', 'hold.', 'silent.'; an account starting 'none.' (or not a mobile
 * number or an e-mail address) is refused at once as unknown to Alipay; any other account is paid. So
 * fail.zhang@example.com fails and 13800000000 is paid.
 * Its notifications are JSON signed with HMAC-SHA256 (header x-dev-channel-signature) under `secret`, refused
 * when older than NOTIFY_MAX_AGE_MS; `notification(itemId)` makes the one the channel would send now.
 */
export const DEV_CARD = { returned: '629901', failed: '629902', held: '629903', silent: '629904' } as const;
/** The first characters of an Alipay account that choose its order's fate, as DEV_CARD does for cards. */
export const DEV_ALIPAY = {
  returned: 'return.',
  failed: 'fail.',
  held: 'hold.',
  silent: 'silent.',
  refused: 'none.',
} as const;
export const MSG_ALIPAY_REFUSED = '收款支付宝账号不存在或未实名，渠道拒绝受理';
export const DEV_REASON = {
  returned: '收款行退汇：收款账户已销户',
  failed: '收款账户状态异常，渠道退回',
  held: '渠道账户余额不足',
  cancelled: '挂单已撤销',
} as const;
export const NOTIFY_MAX_AGE_MS = 10 * 60 * 1000;
const SIGNATURE_HEADER = 'x-dev-channel-signature';
const DAY_MS = 24 * 3600_000;
const BILL_CHUNK = 1000;

export interface DevChannelOptions {
  delayMs: number;
  secret: string;
  /** The channel's clock (tests move it). */
  now?: () => number;
}

export interface DevChannel extends PayoutChannel {
  /** The signed notification the channel would send now about this item (null: no such order). */
  notification(
    itemId: number,
    override?: Partial<DevNotice>,
  ): Promise<{ headers: Record<string, string>; body: string } | null>;
  /** Signs any body as the channel does (tests forge and replay with it). */
  sign(body: string): string;
}

export interface DevNotice {
  notifyId: string;
  itemId: number;
  orderId: string;
  state: string;
  reason: string | null;
  sentAt: number;
}

export function createDevChannel(db: Db, options: DevChannelOptions): DevChannel {
  const now = options.now ?? Date.now;
  const sign = (body: string) => createHmac('sha256', options.secret).update(body).digest('hex');

  async function orderOf(itemId: number) {
    return db.selectFrom('dev_channel_orders').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  }

  function stateOf(order: NonNullable<Awaited<ReturnType<typeof orderOf>>>): ChannelState {
    const orderId = order.order_id;
    if (Number(order.cancelled) === 1) return { state: 'failed', orderId, reason: DEV_REASON.cancelled };
    const elapsed = now() - Number(order.accepted_ms);
    if (elapsed < options.delayMs) return { state: 'processing', orderId };
    const account = order.account;
    const is = (fate: keyof typeof DEV_ALIPAY & keyof typeof DEV_CARD) =>
      account.startsWith(DEV_CARD[fate]) || account.startsWith(DEV_ALIPAY[fate]);
    if (is('failed')) return { state: 'failed', orderId, reason: DEV_REASON.failed };
    if (is('silent')) return { state: 'processing', orderId };
    if (is('held')) {
      if (order.released_ms === null) return { state: 'held', orderId, reason: DEV_REASON.held };
      return now() - Number(order.released_ms) < options.delayMs
        ? { state: 'processing', orderId }
        : { state: 'succeeded', orderId };
    }
    if (is('returned')) return { state: 'returned', orderId, reason: DEV_REASON.returned };
    return { state: 'succeeded', orderId };
  }

  const channel: DevChannel = {
    provider: 'dev',
    async submit(order) {
      const alipay = order.method === 'alipay';
      const account = alipay ? (order.alipayAccount ?? '') : order.bankCard;
      if (alipay) {
        if (!isAlipayAccount(account) || account.startsWith(DEV_ALIPAY.refused))
          return { accepted: false, reason: MSG_ALIPAY_REFUSED };
      } else if (!passesLuhn(order.bankCard)) return { accepted: false, reason: MSG_CARD_REJECTED };
      const orderId = `DEV${String(order.itemId).padStart(12, '0')}`;
      // Keyed by item id: a second submit of the same item finds the first order and changes nothing.
      await db
        .insertInto('dev_channel_orders')
        .values({
          item_id: order.itemId,
          order_id: orderId,
          payee: order.name.slice(0, 32),
          account,
          amount: order.amount,
          accepted_ms: now(),
        })
        .onConflict((conflict) => conflict.column('item_id').doNothing())
        .execute();
      const stored = await orderOf(order.itemId);
      return { accepted: true, orderId: stored?.order_id ?? orderId };
    },
    async query(itemId) {
      const order = await orderOf(itemId);
      return order ? stateOf(order) : { state: 'unknown' };
    },
    async readNotification(request) {
      const signature = request.headers[SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
      const expected = Buffer.from(sign(request.rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      let notice: Partial<DevNotice>;
      try {
        notice = JSON.parse(request.rawBody);
      } catch {
        return null;
      }
      const sentAt = Number(notice.sentAt);
      if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > NOTIFY_MAX_AGE_MS) return null;
      const state = String(notice.state);
      if (!(CHANNEL_STATES as readonly string[]).includes(state)) return null;
      const itemId = Number(notice.itemId);
      if (!Number.isSafeInteger(itemId) || typeof notice.notifyId !== 'string' || !notice.notifyId) return null;
      const orderId = String(notice.orderId ?? '');
      const reason = String(notice.reason ?? '');
      return {
        notifyId: notice.notifyId.slice(0, 64),
        itemId,
        state: { state, orderId, reason } as ChannelState,
      } satisfies ChannelNotification;
    },
    notificationReply(accepted) {
      return accepted
        ? { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' }
        : { status: 401, contentType: 'application/json', body: '{"code":"FAIL","message":"签名校验失败"}' };
    },
    async release(itemId) {
      await db
        .updateTable('dev_channel_orders')
        .set({ released_ms: now() })
        .where('item_id', '=', itemId)
        .where('released_ms', 'is', null)
        .execute();
    },
    async cancel(itemId) {
      const order = await orderOf(itemId);
      if (!order) return false;
      const state = stateOf(order);
      if (state.state !== 'held' && !(state.state === 'failed' && Number(order.cancelled) === 1)) return false;
      await db.updateTable('dev_channel_orders').set({ cancelled: 1 }).where('item_id', '=', itemId).execute();
      return true;
    },
    async receipt(itemId) {
      const order = await orderOf(itemId);
      if (!order) return null;
      const state = stateOf(order);
      if (state.state !== 'succeeded' && state.state !== 'returned') return null;
      return receiptPdf(order);
    },
    async bill(date) {
      // The orders accepted that China day, a chunk at a time: a day of a large payroll is many thousand orders.
      const dayStart = Date.parse(`${date}T00:00:00+08:00`);
      const lines: BillLine[] = [];
      for (let afterId = 0; ; ) {
        const orders = await db
          .selectFrom('dev_channel_orders')
          .selectAll()
          .where('accepted_ms', '>=', dayStart)
          .where('accepted_ms', '<', dayStart + DAY_MS)
          .where('item_id', '>', afterId)
          .orderBy('item_id')
          .limit(BILL_CHUNK)
          .execute();
        for (const order of orders) {
          const state = stateOf(order);
          if (state.state === 'succeeded' || state.state === 'failed' || state.state === 'returned') {
            lines.push({
              itemId: Number(order.item_id),
              orderId: order.order_id,
              amount: Number(order.amount),
              state: state.state,
            });
          }
        }
        if (orders.length < BILL_CHUNK) return lines;
        afterId = Number(orders[orders.length - 1].item_id);
        await shareTurn();
      }
    },
    async notification(itemId, override = {}) {
      const order = await orderOf(itemId);
      if (!order) return null;
      const state = stateOf(order);
      const notice: DevNotice = {
        notifyId: randomUUID(),
        itemId,
        orderId: order.order_id,
        state: state.state,
        reason: 'reason' in state ? state.reason : null,
        sentAt: now(),
        ...override,
      };
      const body = JSON.stringify(notice);
      return { headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(body) }, body };
    },
    sign,
  };
  return channel;
}

export async function receiptPdf(order: {
  order_id: string;
  payee: string;
  account: string;
  amount: number;
  accepted_ms: number;
}) {
  const pdf = await PDFDocument.create();
  const lines = [
    '电子回单（开发通道）',
    `通道订单号：${order.order_id}`,
    `收款人：${order.payee}`,
    `收款账户：${order.account.includes('@') ? maskAlipayAccount(order.account) : `${'*'.repeat(Math.max(0, order.account.length - 4))}${order.account.slice(-4)}`}`,
    `金额：${formatMoney(Number(order.amount))} 元`,
    `受理时间：${chinaTime(Number(order.accepted_ms))}`,
  ];
  const font = await embedChineseFont(pdf, lines);
  pdf.setTitle(`电子回单 ${order.order_id}`);
  const page = pdf.addPage([420, 260]);
  for (const [index, line] of lines.entries()) {
    page.drawText(line, { x: 32, y: 220 - index * 30, size: index === 0 ? 16 : 11, font });
  }
  return pdf.save();
}
