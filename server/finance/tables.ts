import type { Generated } from 'kysely';

/** Tables of the finance domain: settlement sheets (072). Amounts 1/10000 yuan, times China time. */
export interface SettlementSheetTable {
  id: Generated<number>;
  sheet_no: string;
  company_id: number;
  platform_mark: number;
  /** YYYY-MM */
  period_month: string;
  period_from: string;
  period_to: string;
  /** 0 for the first sheet of a period, +1 per correction. */
  revision: Generated<number>;
  opening_balance: number;
  topup_amount: number;
  topup_count: number;
  /** Positive magnitudes per kind. */
  payout_amount: number;
  payout_count: number;
  charge_amount: number;
  charge_count: number;
  refund_amount: number;
  refund_count: number;
  closing_balance: number;
  entry_count: number;
  /** SETTLEMENT_SHEET: 0 待确认, 1 已确认 */
  status: Generated<number>;
  /** The confirmed sheet this one corrects. */
  corrects_id: number | null;
  reason: string | null;
  generated_by: number;
  generate_time: string;
  confirmed_by: number | null;
  confirm_time: string | null;
}

/** The development bank's sub-accounts (073): one per company and edition. */
export interface BankSubAccountTable {
  id: Generated<number>;
  account_number: string;
  company_id: number;
  platform_mark: number;
  account_name: string;
  /** SUB_ACCOUNT: 1 正常, 2 冻结, 3 销户中, 4 已销户 */
  status: Generated<number>;
  password_hash: string | null;
  password_time: string | null;
  open_time: string;
}

/** The development bank's statement (073). */
export interface BankTransactionTable {
  id: Generated<number>;
  serial: string;
  account_number: string;
  /** 1 credit (入账), 2 debit (出账) */
  direction: number;
  amount: number;
  counterparty_name: string;
  counterparty_account: string;
  /** What the payer wrote (a top-up's serial) or the platform's instruction (a batch number). */
  reference: string;
  memo: string | null;
  value_day: string;
  value_time: string;
}

export interface BankAccountSyncTable {
  id: Generated<number>;
  account_number: string;
  bank_balance: number;
  ledger_balance: number;
  sync_time: string;
}

export interface UnattributedFundTable {
  id: Generated<number>;
  bank_serial: string;
  account_number: string;
  amount: number;
  payer_name: string;
  payer_account: string;
  memo: string | null;
  arrive_time: string;
  /** UNATTRIBUTED: 0 待处理, 1 已归属, 2 已退回 */
  status: Generated<number>;
  company_id: number | null;
  platform_mark: number | null;
  return_serial: string | null;
  remark: string | null;
  handler_id: number | null;
  handle_time: string | null;
  create_time: string;
}

export interface ReconciliationRunTable {
  id: Generated<number>;
  day: string;
  /** TRIGGER: 1 the daily job, 2 manual, 3 seed */
  trigger: number;
  /** RUN: 0 running, 1 balanced, 2 differences, 3 failed */
  status: Generated<number>;
  matched_count: Generated<number>;
  bank_only_count: Generated<number>;
  ledger_only_count: Generated<number>;
  /** Migration 420: lines whose amount or state differs between the payout channel's bill and the items. */
  differ_count: Generated<number>;
  bank_credit: Generated<number>;
  bank_debit: Generated<number>;
  ledger_credit: Generated<number>;
  ledger_debit: Generated<number>;
  message: string | null;
  operator_id: number | null;
  start_time: string;
  finish_time: string | null;
}

export interface ReconciliationItemTable {
  id: Generated<number>;
  day: string;
  run_id: number;
  /** RECON_RESULT: 1 已匹配, 2 仅银行有, 3 仅账本有, 4 金额或状态不符 */
  result: number;
  /** Migration 420: 'bank' (the bank's statement) or the payout channel's provider (its bill). */
  source: Generated<string>;
  direction: number;
  reference: string;
  company_id: number | null;
  platform_mark: number | null;
  bank_amount: Generated<number>;
  ledger_amount: Generated<number>;
  note: string | null;
}

/** Migration 076: the last balance sync per edition (platform_mark 0: the collection account). */
export interface BankSyncTotalTable {
  id: Generated<number>;
  platform_mark: number;
  sub_account_count: Generated<number>;
  closing_count: Generated<number>;
  bank_balance: Generated<number>;
  ledger_balance: Generated<number>;
  sync_time: string;
}
