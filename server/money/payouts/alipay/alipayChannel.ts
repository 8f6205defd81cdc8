import type { AlipayAccountSettings } from '../../../config';
import type { Db } from '../../../db/database';
import { chinaTime } from '../../../db/time';
import type { BillLine, ChannelState, PayoutChannel, PayoutOrder, SubmitAnswer } from '../payoutChannel';
import { type AlipayAccount, type AlipayAccounts, createAlipayAccounts } from './alipayAccounts';
import { BILL_MAX_ZIP_BYTES, billLines } from './alipayBill';
import { parseYuan, yuanText } from './amounts';
import { downloadFile } from './download';

/**
 * The Alipay channel (docs/payoutChannels.md), through the official alipay-sdk (RSA2, every answer's signature
 * checked with Alipay's public key):
 * - submit   → alipay.fund.trans.uni.transfer: TRANS_ACCOUNT_NO_PWD to an Alipay login id, TRANS_BANKCARD_NO_PWD to
 *              a bank card, by the payee's real name; out_biz_no = our item id, so a resend finds the first order;
 * - query    → alipay.fund.trans.common.query by out_biz_no;
 * - the notification alipay.fund.trans.order.changed (a form post), verified with the holding account's Alipay
 *   public key (checkNotifySignV2), answered `success` / `fail`;
 * - receipt  → alipay.data.bill.ereceipt.apply, then .query, then the PDF from the answered address;
 * - bill     → alipay.data.dataservice.bill.downloadurl.query (signcustomer), the zip's CSV rows;
 * - balance  → alipay.fund.account.query (the transfer account's available amount).
 * uni.transfer has no hold or release: a DEALING order with a reason is held (Alipay waits, e.g. for funds);
 * release asks again (Alipay resumes by itself once the cause is gone); cancel is true only for an order Alipay
 * reports failed or closed, since Alipay offers no call that stops a transfer.
 * Each item is paid from its signing entity's own account when it has one, else from the default account; which
 * one is recorded (alipay_orders) before the transfer goes out, and every later call goes to that account.
 */
export const ALIPAY_PROVIDER = 'alipay';
export const NOTIFY_MAX_AGE_MS = 10 * 60 * 1000;
const NOTIFY_METHOD = 'alipay.fund.trans.order.changed';
const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

export const ALIPAY_REASON = {
  failed: '支付宝转账失败',
  returned: '收款行退票',
  held: '支付宝处理中（挂起）',
} as const;

/** Business refusals that are Alipay's own trouble, not the order's: the item stays waiting and is sent again. */
const RETRYABLE = new Set(['SYSTEM_ERROR', 'ACQ.SYSTEM_ERROR', 'aop.SYSTEM_ERROR', 'isp.unknow-error']);

export interface AlipayChannelOptions {
  defaults: AlipayAccountSettings;
  /** The channel's clock (tests move it). */
  now?: () => number;
}

export interface AlipayChannel extends PayoutChannel {
  /** The available balance of the account an entity pays from (0: the default), in 1/10000 yuan. */
  balance(enterpriseId?: number): Promise<number | null>;
  accounts: AlipayAccounts;
}

type Answer = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

/** The state an Alipay order status stands for. */
export function stateOfStatus(status: string, orderId: string, reason: string): ChannelState {
  switch (status) {
    case 'SUCCESS':
      return { state: 'succeeded', orderId };
    case 'FAIL':
    case 'CLOSED':
      return { state: 'failed', orderId, reason: reason || ALIPAY_REASON.failed };
    case 'REFUND':
      return { state: 'returned', orderId, reason: reason || ALIPAY_REASON.returned };
    case 'DEALING':
    case 'WAIT_PAY':
    case 'INIT':
      // Alipay gives a reason only when it waits on something (the account short of funds, a risk check).
      return reason ? { state: 'held', orderId, reason } : { state: 'processing', orderId };
    default:
      return { state: 'processing', orderId };
  }
}

export function createAlipayChannel(db: Db, options: AlipayChannelOptions): AlipayChannel {
  const now = options.now ?? Date.now;
  const accounts = createAlipayAccounts(db, options.defaults);

  async function exec(account: AlipayAccount, method: string, bizContent: Record<string, unknown>): Promise<Answer> {
    return (await account.sdk.exec(method, { bizContent }, { validateSign: true })) as Answer;
  }

  /** The account and product the item's order is (or will be) under. */
  async function orderOf(itemId: number) {
    return db.selectFrom('alipay_orders').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  }

  async function accountOfItem(itemId: number): Promise<{ account: AlipayAccount; productCode: string } | null> {
    const order = await orderOf(itemId);
    if (!order) return null;
    return { account: await accounts.forEnterprise(Number(order.enterprise_id)), productCode: order.product_code };
  }

  async function signingEntityOf(itemId: number): Promise<number> {
    const item = await db
      .selectFrom('payout_items')
      .select('enterprise_id')
      .where('id', '=', itemId)
      .executeTakeFirst();
    return Number(item?.enterprise_id ?? 0);
  }

  async function queryOrder(itemId: number) {
    const held = await accountOfItem(itemId);
    if (!held) return null;
    const answer = await exec(held.account, 'alipay.fund.trans.common.query', {
      out_biz_no: String(itemId),
      product_code: held.productCode,
      biz_scene: 'DIRECT_TRANSFER',
    });
    if (answer.code === '10000') return { account: held.account, answer };
    if (answer.sub_code === 'ORDER_NOT_EXIST') return { account: held.account, answer: null };
    throw new Error(`支付宝查询失败：${answer.sub_msg ?? answer.msg ?? answer.code}`);
  }

  const channel: AlipayChannel = {
    provider: ALIPAY_PROVIDER,
    accounts,
    async submit(order: PayoutOrder): Promise<SubmitAnswer> {
      const toAlipay = order.method === 'alipay';
      if (toAlipay && !order.alipayAccount) return { accepted: false, reason: '缺少收款支付宝账号' };
      // A resend goes to the account and product of the first send.
      const enterpriseId = (await orderOf(order.itemId))?.enterprise_id ?? (await signingEntityOf(order.itemId));
      const account = await accounts.forEnterprise(Number(enterpriseId));
      const productCode = toAlipay ? 'TRANS_ACCOUNT_NO_PWD' : 'TRANS_BANKCARD_NO_PWD';
      await db
        .insertInto('alipay_orders')
        .values({
          item_id: order.itemId,
          enterprise_id: account.enterpriseId,
          app_id: account.appId,
          product_code: productCode,
          create_time: chinaTime(now()),
        })
        .onConflict((conflict) => conflict.column('item_id').doNothing())
        .execute();
      const recorded = await orderOf(order.itemId);
      const sendAccount = recorded ? await accounts.forEnterprise(Number(recorded.enterprise_id)) : account;
      const product = recorded?.product_code ?? productCode;
      const answer = await exec(sendAccount, 'alipay.fund.trans.uni.transfer', {
        out_biz_no: String(order.itemId),
        trans_amount: yuanText(order.amount),
        product_code: product,
        biz_scene: 'DIRECT_TRANSFER',
        order_title: '劳务报酬',
        payee_info:
          product === 'TRANS_ACCOUNT_NO_PWD'
            ? { identity: order.alipayAccount, identity_type: 'ALIPAY_LOGON_ID', name: order.name }
            : {
                identity: order.bankCard,
                identity_type: 'BANKCARD_ACCOUNT',
                name: order.name,
                // 2: a private person's card.
                bankcard_ext_info: { account_type: '2' },
              },
      });
      if (answer.code === '10000') {
        return { accepted: true, orderId: String(answer.order_id ?? '') || String(order.itemId) };
      }
      // 40004 is Alipay's "business failed": the order itself is refused (no such payee, wrong name, …).
      if (answer.code === '40004' && !RETRYABLE.has(String(answer.sub_code ?? ''))) {
        return { accepted: false, reason: String(answer.sub_msg || answer.msg || ALIPAY_REASON.failed).slice(0, 120) };
      }
      // Anything else (the gateway busy, our signature refused): not sent as far as we know; sent again later.
      throw new Error(
        `支付宝转账未受理：${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg ?? ''}`,
      );
    },
    async query(itemId) {
      const found = await queryOrder(itemId);
      if (!found?.answer) return { state: 'unknown' };
      const { answer } = found;
      return stateOfStatus(
        String(answer.status ?? ''),
        String(answer.order_id ?? ''),
        String(answer.fail_reason ?? answer.error_code ?? ''),
      );
    },
    async readNotification(request) {
      const params = readBody(request);
      if (!params || params.msg_method !== NOTIFY_METHOD || !params.notify_id || !params.sign) return null;
      let biz: Record<string, unknown>;
      try {
        biz = JSON.parse(params.biz_content ?? '');
      } catch {
        return null;
      }
      const itemId = Number(biz.out_biz_no);
      if (!Number.isSafeInteger(itemId) || itemId <= 0) return null;
      // Verified with the public key of the account holding the order, and only when it names that account.
      const held = await accountOfItem(itemId);
      if (!held) return null;
      const order = await orderOf(itemId);
      if (!order || params.app_id !== order.app_id) return null;
      let genuine = false;
      try {
        genuine = held.account.sdk.checkNotifySignV2(params);
      } catch {
        genuine = false;
      }
      if (!genuine) return null;
      const sentAt = Number(params.utc_timestamp);
      if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > NOTIFY_MAX_AGE_MS) return null;
      const state = stateOfStatus(
        String(biz.status ?? ''),
        String(biz.order_id ?? ''),
        String(biz.fail_reason ?? biz.error_code ?? ''),
      );
      return { notifyId: params.notify_id.slice(0, 64), itemId, state };
    },
    notificationReply(accepted) {
      return accepted
        ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
        : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
    },
    async release(itemId) {
      // No release call exists: asking again tells whether Alipay resumed the order.
      await queryOrder(itemId);
    },
    async cancel(itemId) {
      const state = await channel.query(itemId);
      return state.state === 'failed';
    },
    async receipt(itemId) {
      const found = await queryOrder(itemId);
      if (!found?.answer) return null;
      const status = String(found.answer.status ?? '');
      if (status !== 'SUCCESS' && status !== 'REFUND') return null;
      const { account } = found;
      let stored = await db.selectFrom('alipay_receipts').selectAll().where('item_id', '=', itemId).executeTakeFirst();
      if (!stored) {
        const applied = await exec(account, 'alipay.data.bill.ereceipt.apply', {
          type: 'FUND_DETAIL',
          key: String(found.answer.pay_fund_order_id || found.answer.order_id || ''),
        });
        if (applied.code !== '10000' || !applied.file_id) {
          throw new Error(`支付宝电子回单申请失败：${applied.sub_msg ?? applied.msg ?? applied.code}`);
        }
        await db
          .insertInto('alipay_receipts')
          .values({ item_id: itemId, file_id: String(applied.file_id), create_time: chinaTime(now()) })
          .onConflict((conflict) => conflict.column('item_id').doNothing())
          .execute();
        stored = await db.selectFrom('alipay_receipts').selectAll().where('item_id', '=', itemId).executeTakeFirst();
      }
      if (!stored) return null;
      const file = await exec(account, 'alipay.data.bill.ereceipt.query', { file_id: stored.file_id });
      if (file.code !== '10000') throw new Error(`支付宝电子回单查询失败：${file.sub_msg ?? file.msg ?? file.code}`);
      if (file.status === 'FAIL') {
        // Alipay could not make it: the next request applies again.
        await db.deleteFrom('alipay_receipts').where('item_id', '=', itemId).execute();
        return null;
      }
      if (file.status !== 'SUCCESS' || !file.download_url) return null;
      const pdf = await downloadFile(String(file.download_url), account.gateway, RECEIPT_MAX_BYTES);
      if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new Error('支付宝电子回单不是 PDF');
      return pdf;
    },
    async bill(date): Promise<BillLine[]> {
      const lines: BillLine[] = [];
      for (const account of await accounts.all()) {
        const answer = await exec(account, 'alipay.data.dataservice.bill.downloadurl.query', {
          bill_type: 'signcustomer',
          bill_date: date,
        });
        // No bill for the day (no movement on the account).
        if (answer.code !== '10000' && answer.sub_code === 'isp.bill_not_exist') continue;
        if (answer.code !== '10000' || !answer.bill_download_url) {
          throw new Error(`支付宝账单下载地址查询失败：${answer.sub_msg ?? answer.msg ?? answer.code}`);
        }
        const zip = await downloadFile(String(answer.bill_download_url), account.gateway, BILL_MAX_ZIP_BYTES);
        lines.push(...(await billLines(zip)));
      }
      return lines;
    },
    async balance(enterpriseId = 0) {
      const account = await accounts.forEnterprise(enterpriseId);
      const answer = await exec(account, 'alipay.fund.account.query', { account_type: 'ACCTRANS_ACCOUNT' });
      if (answer.code !== '10000') return null;
      return parseYuan(answer.available_amount);
    },
  };
  return channel;
}

/** The notification's fields: Alipay posts a form; a JSON body is read the same way. */
function readBody(request: { rawBody: string; headers: Record<string, unknown> }): Record<string, string> | null {
  const text = request.rawBody.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(parsed).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
      );
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
