import type { Choice } from './enums';

/** 结算单 settlement_sheets.status. */
export const SETTLEMENT_SHEET_STATUS: readonly Choice[] = [
  { id: 0, name: '待确认' },
  { id: 1, name: '已确认' },
];
export const SETTLEMENT_SHEET = { pending: 0, confirmed: 1 } as const;

/** YYYY-MM */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** bank_sub_accounts.status (子账户状态). */
export const SUB_ACCOUNT_STATUS: readonly Choice[] = [
  { id: 1, name: '正常' },
  { id: 2, name: '冻结' },
  { id: 3, name: '销户中' },
  { id: 4, name: '已销户' },
];
export const SUB_ACCOUNT = { normal: 1, frozen: 2, closing: 3, closed: 4 } as const;

/** bank_transactions.direction */
export const BANK_DIRECTION: readonly Choice[] = [
  { id: 1, name: '入账' },
  { id: 2, name: '出账' },
];
export const DIRECTION = { credit: 1, debit: 2 } as const;

/** unattributed_funds.status (无法归属资金). */
export const UNATTRIBUTED_STATUS: readonly Choice[] = [
  { id: 0, name: '待处理' },
  { id: 1, name: '已归属' },
  { id: 2, name: '已退回' },
];
export const UNATTRIBUTED = { pending: 0, attributed: 1, returned: 2 } as const;

/** reconciliation_runs.status */
export const RECON_RUN_STATUS: readonly Choice[] = [
  { id: 0, name: '对账中' },
  { id: 1, name: '平衡' },
  { id: 2, name: '有差异' },
  { id: 3, name: '失败' },
];
export const RECON_RUN = { running: 0, balanced: 1, differences: 2, failed: 3 } as const;

/** reconciliation_runs.trigger */
export const RECON_TRIGGER: readonly Choice[] = [
  { id: 1, name: '每日自动' },
  { id: 2, name: '手工发起' },
  { id: 3, name: '初始化' },
];
export const TRIGGER = { auto: 1, manual: 2, seed: 3 } as const;

/** reconciliation_items.result */
export const RECON_RESULT: readonly Choice[] = [
  { id: 1, name: '已匹配' },
  { id: 2, name: '仅银行有' },
  { id: 3, name: '仅账本有' },
  { id: 4, name: '金额或状态不符' },
];
/** bankOnly and ledgerOnly also name a payout channel's bill: only on the bill, only in our items. */
export const RESULT = { matched: 1, bankOnly: 2, ledgerOnly: 3, differs: 4 } as const;

/** reconciliation_items.source: the bank's statement, or a payout channel's bill by its provider name. */
export const RECON_SOURCE_BANK = 'bank';
export const RECON_SOURCES: readonly { id: string; name: string }[] = [
  { id: 'bank', name: '银行流水' },
  { id: 'dev', name: '本地打款通道账单' },
  { id: 'alipay', name: '支付宝账单' },
];
export const reconSourceLabel = (source: string): string =>
  RECON_SOURCES.find((choice) => choice.id === source)?.name ?? `${source} 账单`;

export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
