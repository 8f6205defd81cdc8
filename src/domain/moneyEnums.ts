import type { Choice } from './enums';

/** Status values of the money records with their Chinese labels. */

/** recharges.status */
export const RECHARGE_STATUS: readonly Choice[] = [
  { id: 0, name: '待确认' },
  { id: 1, name: '已到账' },
  { id: 2, name: '已驳回' },
];
export const RECHARGE = { pending: 0, confirmed: 1, rejected: 2 } as const;

/** payout_batches.status */
export const BATCH_STATUS: readonly Choice[] = [
  { id: 1, name: '打款中' },
  { id: 2, name: '已完成' },
  { id: 3, name: '部分失败' },
  { id: 4, name: '全部失败' },
];
export const BATCH = { processing: 1, completed: 2, partlyFailed: 3, failed: 4 } as const;

/**
 * payout_items.status. An item follows its channel's order: 待打款 (not yet sent) → 处理中 (accepted, with the
 * channel's order id) → 成功 | 失败; 成功 → 退汇 (the receiving bank sent it back); an open item → 挂单 (the channel
 * holds it: its account is short, the payee is refused, a risk check) → released (处理中 again) or cancelled (失败).
 * 失败 and 退汇 are the refunded states (ITEM_REFUNDED). Numbers 0-3 keep their meaning; 4-6 are added after them.
 */
export const ITEM_STATUS: readonly Choice[] = [
  { id: 0, name: '待打款' },
  { id: 4, name: '处理中' },
  { id: 5, name: '挂单' },
  { id: 1, name: '成功' },
  { id: 2, name: '失败' },
  { id: 6, name: '退汇' },
  { id: 3, name: '待服务主体回报' },
];
/** awaitingReport: the company's enterprise settles with workers itself and reports the result by webhook. */
export const ITEM = {
  waiting: 0,
  succeeded: 1,
  failed: 2,
  awaitingReport: 3,
  sent: 4,
  held: 5,
  returned: 6,
} as const;
/** The states whose amount and charge were given back to the merchant (and whose withheld tax was given back). */
export const ITEM_REFUNDED: readonly number[] = [ITEM.failed, ITEM.returned];
/** The states a batch waits for: it is complete when none of its items is in one. */
export const ITEM_OPEN: readonly number[] = [ITEM.waiting, ITEM.sent, ITEM.held, ITEM.awaitingReport];

/** payout_batches.invoice_status */
export const BATCH_INVOICE_STATUS: readonly Choice[] = [
  { id: 0, name: '未开票' },
  { id: 1, name: '开票中' },
  { id: 2, name: '已开票' },
];
export const BATCH_INVOICE = { none: 0, applied: 1, issued: 2 } as const;

/** abnormal_funds.status (/errorMoney) */
export const ABNORMAL_STATUS: readonly Choice[] = [
  { id: 0, name: '待处理' },
  { id: 1, name: '已重新打款' },
  { id: 2, name: '已留存余额' },
];
export const ABNORMAL = { pending: 0, repaid: 1, kept: 2 } as const;

/** ledger_entries.kind */
export const LEDGER_KIND: readonly Choice[] = [
  { id: 1, name: '充值' },
  { id: 2, name: '批量打款' },
  { id: 3, name: '服务费' },
  { id: 4, name: '失败退回' },
];
export const LEDGER = { recharge: 1, payout: 2, serviceCharge: 3, refund: 4 } as const;

/** invoices.status */
export const INVOICE_STATUS: readonly Choice[] = [
  { id: 1, name: '已申请' },
  { id: 2, name: '已开票' },
  { id: 3, name: '已邮寄' },
  { id: 4, name: '已驳回' },
];
export const INVOICE = { applied: 1, issued: 2, mailed: 3, rejected: 4 } as const;

/** invoices.kind (spec §3: 1 paper, 2 electronic) */
export const INVOICE_KIND_CHOICES: readonly Choice[] = [
  { id: 1, name: '纸质发票' },
  { id: 2, name: '电子发票' },
];
export const INVOICE_KIND_PAPER = 1;
