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

/** payout_items.status */
export const ITEM_STATUS: readonly Choice[] = [
  { id: 0, name: '处理中' },
  { id: 1, name: '成功' },
  { id: 2, name: '失败' },
  { id: 3, name: '待服务主体回报' },
];
/** awaitingReport: the company's enterprise settles with workers itself and reports the result by webhook. */
export const ITEM = { processing: 0, succeeded: 1, failed: 2, awaitingReport: 3 } as const;

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
