import { DIRECTION, RESULT } from '../../src/domain/finance';
import { formatMoney } from '../../src/domain/money';
import { ITEM } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import type { BillLine, PayoutChannel } from '../money/payouts/payoutChannel';
import type { ReconItem } from './reconciliation.service';

/**
 * 资金对账 of a payout channel: its bill of a day against the payout items it took (payout_items.channel).
 *
 * The bill lists the orders that moved money on the day: paid (succeeded), failed, or paid earlier and sent back
 * (returned; an order paid and returned on the same day appears once, as returned). Our side of the day is every
 * item of the channel sent (send_time) or returned (return_time) that day, and what the bill should say of it is
 * its state at the day's end: returned if it came back that day, else succeeded if it was paid (a later return
 * is the later day's line), failed, or still open.
 * - A line and an item that agree on the state and on the net amount (what the channel pays: the amount less
 *   the tax withheld) match.
 * - A line whose amount or state differs, or that answers for an item still open at our side, is 金额或状态不符.
 * - A line with no item of this channel is only on the bill (仅银行有, the channel standing for the bank here).
 * - An item whose money moved (paid or returned) with no line is only in our items (仅账本有); a failed or open
 *   item without a line moved nothing, so it is not a difference.
 * A bill the channel cannot give is one 金额或状态不符 line saying why, so the bank's part of the run is kept.
 */
type Expected = 'succeeded' | 'failed' | 'returned' | 'open';

const STATE_NAMES: Readonly<Record<Expected, string>> = {
  succeeded: '成功',
  failed: '失败',
  returned: '退汇',
  open: '处理中',
};

interface ChannelItem {
  id: number;
  companyId: number;
  platformMark: number;
  batchNo: string;
  net: number;
  expected: Expected;
}

function expectedState(row: { status: number; return_time: string | null }, day: string): Expected {
  const status = Number(row.status);
  if (status === ITEM.returned) {
    const returnDay = row.return_time?.slice(0, 10) ?? '';
    return returnDay !== '' && returnDay <= day ? 'returned' : 'succeeded';
  }
  if (status === ITEM.succeeded) return 'succeeded';
  if (status === ITEM.failed) return 'failed';
  return 'open';
}

/** The channel's items the day concerns: sent or returned that day, or named by the bill (`ids`). */
async function channelItems(
  db: Db,
  provider: string,
  day: string,
  which: { ofDay: true } | { ids: number[] },
): Promise<Map<number, ChannelItem>> {
  if ('ids' in which && which.ids.length === 0) return new Map();
  const start = `${day} 00:00:00`;
  const end = `${day} 23:59:59`;
  const rows = await db
    .selectFrom('payout_items')
    .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
    .select([
      'payout_items.id',
      'payout_items.company_id',
      'payout_items.platform_mark',
      'payout_items.status',
      'payout_items.net_amount',
      'payout_items.return_time',
      'payout_batches.batch_no',
    ])
    .where('payout_items.channel', '=', provider)
    .where((eb) =>
      'ids' in which
        ? eb('payout_items.id', 'in', which.ids)
        : eb.or([
            eb.and([eb('payout_items.send_time', '>=', start), eb('payout_items.send_time', '<=', end)]),
            eb.and([eb('payout_items.return_time', '>=', start), eb('payout_items.return_time', '<=', end)]),
          ]),
    )
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        companyId: Number(row.company_id),
        platformMark: Number(row.platform_mark),
        batchNo: row.batch_no,
        net: Number(row.net_amount),
        expected: expectedState(row, day),
      },
    ]),
  );
}

export async function compareChannelBill(db: Db, channel: PayoutChannel, day: string): Promise<ReconItem[]> {
  const source = channel.provider;
  let bill: BillLine[];
  try {
    bill = await channel.bill(day);
  } catch (error) {
    return [
      {
        source,
        result: RESULT.differs,
        direction: DIRECTION.debit,
        reference: `${source} 账单`,
        companyId: null,
        platformMark: null,
        bankAmount: 0,
        ledgerAmount: 0,
        note: `通道账单获取失败：${error instanceof Error ? error.message : String(error)}`,
      },
    ];
  }
  const ours = await channelItems(db, source, day, { ofDay: true });
  // Items the bill names that were not sent or returned on the day (a bill a day late, a stray id).
  const strays = await channelItems(db, source, day, {
    ids: [...new Set(bill.map((line) => line.itemId))].filter((id) => !ours.has(id)),
  });
  const lines: ReconItem[] = [];
  const seen = new Set<number>();
  for (const line of bill) {
    const item = ours.get(line.itemId) ?? strays.get(line.itemId);
    const reference = `明细 #${line.itemId}`;
    const base = {
      source,
      direction: line.state === 'returned' ? DIRECTION.credit : DIRECTION.debit,
      reference,
      bankAmount: line.amount,
    };
    if (!item) {
      lines.push({
        ...base,
        result: RESULT.bankOnly,
        companyId: null,
        platformMark: null,
        ledgerAmount: 0,
        note: `通道订单 ${line.orderId}：我方没有这笔打款明细`,
      });
      continue;
    }
    seen.add(item.id);
    const owner = { companyId: item.companyId, platformMark: item.platformMark, ledgerAmount: item.net };
    const problems: string[] = [];
    if (line.amount !== item.net)
      problems.push(`金额：通道 ${formatMoney(line.amount)}，我方实发 ${formatMoney(item.net)}`);
    if (line.state !== item.expected) {
      problems.push(`状态：通道${STATE_NAMES[line.state]}，我方${STATE_NAMES[item.expected]}`);
    }
    if (!ours.has(item.id)) problems.push('我方不是当日发出或退汇');
    lines.push({
      ...base,
      ...owner,
      result: problems.length === 0 ? RESULT.matched : RESULT.differs,
      note: problems.length === 0 ? `批次 ${item.batchNo}，${STATE_NAMES[line.state]}` : problems.join('；'),
    });
  }
  for (const item of ours.values()) {
    if (seen.has(item.id) || (item.expected !== 'succeeded' && item.expected !== 'returned')) continue;
    lines.push({
      source,
      result: RESULT.ledgerOnly,
      direction: item.expected === 'returned' ? DIRECTION.credit : DIRECTION.debit,
      reference: `明细 #${item.id}`,
      companyId: item.companyId,
      platformMark: item.platformMark,
      bankAmount: 0,
      ledgerAmount: item.net,
      note: `批次 ${item.batchNo}：我方${STATE_NAMES[item.expected]}，通道账单没有这笔`,
    });
  }
  return lines;
}
