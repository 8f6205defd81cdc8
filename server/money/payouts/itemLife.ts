import { sql } from 'kysely';
import { ITEM } from '../../../src/domain/moneyEnums';
import { emitMerchantEvent } from '../../webhooks/events';
import type { Tx } from '../ledger/ledger';
import { giveBackWithholding } from '../tax/withholding';
import { type OutcomeItem, recordItemOutcomes, refund } from './itemOutcomes';
import type { ChannelState } from './payoutChannel';

/**
 * An item's life after it is sent (docs/payoutChannels.md), each move in the caller's transaction and each a
 * claim: a conditional UPDATE from the state it expects, so a notification, a query and an operator racing on one
 * item move it once and only the winner moves money. Money moves only at final states: a failure (from 处理中 or
 * 挂单), a cancel (挂单 → 失败) and a return (成功 → 退汇) refund the amount and charge once with an abnormal fund.
 */

/** The item's states a channel's final answer may end (the order is at the channel). */
export const AT_CHANNEL: readonly number[] = [ITEM.sent, ITEM.held];

export type Applied = 'applied' | 'unchanged' | 'unknown';

const OUTCOME_COLUMNS = [
  'id',
  'batch_id',
  'company_id',
  'platform_mark',
  'name',
  'id_card',
  'bank_card',
  'mobile',
  'amount',
  'service_charge',
  'status',
] as const;

async function itemOf(tx: Tx, itemId: number) {
  return tx.selectFrom('payout_items').select(OUTCOME_COLUMNS).where('id', '=', itemId).executeTakeFirst();
}

/** 待打款 → 处理中: the channel accepted the order under this order id. */
export async function recordAccepted(
  tx: Tx,
  itemId: number,
  provider: string,
  orderId: string,
  now: string,
  queryTime: string,
): Promise<boolean> {
  const updated = await tx
    .updateTable('payout_items')
    .set({
      status: ITEM.sent,
      channel: provider,
      channel_order_id: orderId.slice(0, 64),
      send_time: now,
      query_time: queryTime,
    })
    .where('id', '=', itemId)
    .where('status', '=', ITEM.waiting)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Records what the channel says of an item (a query's answer or a notification). */
export async function applyChannelState(tx: Tx, itemId: number, state: ChannelState, now: string): Promise<Applied> {
  const item = await itemOf(tx, itemId);
  if (!item) return 'unknown';
  const outcome = item as unknown as OutcomeItem;
  switch (state.state) {
    case 'processing':
      // The channel took a held order up again by itself.
      return (await move(tx, itemId, ITEM.held, { status: ITEM.sent, hold_reason: null })) ? 'applied' : 'unchanged';
    case 'held': {
      const held = await move(tx, itemId, ITEM.sent, { status: ITEM.held, hold_reason: state.reason.slice(0, 128) });
      if (held) await emitMerchantEvent(tx, { payoutItem: itemId });
      return held ? 'applied' : 'unchanged';
    }
    case 'succeeded': {
      const recorded = await recordItemOutcomes(tx, [outcome], [{ ok: true }], now, AT_CHANNEL);
      return recorded.length === 1 ? 'applied' : 'unchanged';
    }
    case 'failed': {
      const recorded = await recordItemOutcomes(tx, [outcome], [{ ok: false, reason: state.reason }], now, AT_CHANNEL);
      return recorded.length === 1 ? 'applied' : 'unchanged';
    }
    case 'returned': {
      // A return we hear of before the success: the order was paid, then sent back.
      const paidNow = (await recordItemOutcomes(tx, [outcome], [{ ok: true }], now, AT_CHANNEL)).length === 1;
      const returned = await recordReturn(tx, outcome, state.reason, now);
      return paidNow || returned ? 'applied' : 'unchanged';
    }
    default:
      return 'unchanged';
  }
}

/**
 * 成功 → 退汇: the withheld tax given back, the amount and charge refunded with an abnormal fund, and the batch's
 * tallies moved from success to failure. The batch's status stays (a return reopens nothing else).
 */
export async function recordReturn(tx: Tx, item: OutcomeItem, reason: string, now: string): Promise<boolean> {
  const claimed = await move(tx, Number(item.id), ITEM.succeeded, {
    status: ITEM.returned,
    return_reason: reason.slice(0, 128),
    return_time: now,
  });
  if (!claimed) return false;
  await emitMerchantEvent(tx, { payoutItem: Number(item.id) });
  await giveBackWithholding(tx, [Number(item.id)], now);
  await refund(tx, item, reason, now, `${item.name} 退汇退回：${reason}`);
  await tx
    .updateTable('payout_batches')
    .set({
      success_count: sql`success_count - 1`,
      success_amount: sql`success_amount - ${Number(item.amount)}`,
      success_charge: sql`success_charge - ${Number(item.service_charge)}`,
      failed_count: sql`failed_count + 1`,
      failed_amount: sql`failed_amount + ${Number(item.amount)}`,
    })
    .where('id', '=', item.batch_id)
    .execute();
  return true;
}

/** 挂单 → 处理中: an operator released the order (the channel was told first). */
export async function releaseHeld(tx: Tx, itemId: number, queryTime: string): Promise<boolean> {
  return move(tx, itemId, ITEM.held, { status: ITEM.sent, hold_reason: null, query_time: queryTime });
}

/** 挂单 → 失败: an operator cancelled the order and the channel confirmed it will not pay; refunded once. */
export async function cancelHeld(tx: Tx, itemId: number, reason: string, now: string): Promise<boolean> {
  const item = await itemOf(tx, itemId);
  if (!item) return false;
  const recorded = await recordItemOutcomes(
    tx,
    [item as unknown as OutcomeItem],
    [{ ok: false, reason }],
    now,
    ITEM.held,
  );
  return recorded.length === 1;
}

type ItemUpdate = {
  status: number;
  hold_reason?: string | null;
  return_reason?: string;
  return_time?: string;
  query_time?: string;
};

async function move(tx: Tx, itemId: number, from: number, set: ItemUpdate): Promise<boolean> {
  const updated = await tx
    .updateTable('payout_items')
    .set(set)
    .where('id', '=', itemId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
