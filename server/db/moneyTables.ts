import type { Generated } from 'kysely';

/** Tables of migration 030 (money). Amounts are integers in 1/10000 yuan; times China-time text. */
export interface AccountTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  balance: number;
  update_time: string;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  /** LEDGER in src/domain/moneyEnums.ts */
  kind: number;
  /** Signed: credits positive, debits negative. */
  amount: number;
  balance_after: number;
  /** The business record that caused the entry: 'recharge' | 'batch' | 'item' | 'abnormal'. */
  ref_type: string;
  ref_id: number;
  operator_id: number | null;
  remark: string | null;
  create_time: string;
}

export interface RechargeTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  amount: number;
  payer_name: string;
  payer_account: string;
  bank_serial: string;
  voucher_url: string;
  remark: string | null;
  /** RECHARGE: 0 待确认, 1 已到账, 2 已驳回 */
  status: Generated<number>;
  reject_reason: string | null;
  applicant_id: number;
  handler_id: number | null;
  handle_time: string | null;
  create_time: string;
}

export interface SettlementBlacklistTable {
  id: Generated<number>;
  name: string;
  id_card: string;
  reason: string;
  operator_id: number | null;
  create_time: string;
}

export interface PayoutDraftTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  user_id: number;
  file_name: string;
  /** JSON array of PayoutRow (server/money/payouts). */
  items: string;
  item_count: number;
  total_amount: number;
  service_charge: number;
  rate: number;
  batch_id: number | null;
  create_time: string;
  /** The task this draft settles (migration 301); null for a file upload. */
  task_id: number | null;
  /** When it can no longer be submitted (create_time + DRAFT_TTL_MS), China time. */
  expire_time: string | null;
}

export interface PayoutBatchTable {
  id: Generated<number>;
  batch_no: string;
  company_id: number;
  platform_mark: number;
  draft_id: number | null;
  item_count: number;
  total_amount: number;
  service_charge: number;
  rate: number;
  /** BATCH: 1 打款中, 2 已完成, 3 部分失败, 4 全部失败 */
  status: Generated<number>;
  success_count: Generated<number>;
  success_amount: Generated<number>;
  success_charge: Generated<number>;
  failed_count: Generated<number>;
  failed_amount: Generated<number>;
  /** BATCH_INVOICE: 0 未开票, 1 开票中, 2 已开票 */
  invoice_status: Generated<number>;
  invoice_id: number | null;
  operator_id: number;
  remark: string | null;
  create_time: string;
  finish_time: string | null;
  /** The enterprise whose webhook reports its items' results (migration 065); null: the payout channel pays them. */
  report_enterprise_id: number | null;
}

export interface PayoutItemTable {
  id: Generated<number>;
  batch_id: number;
  company_id: number;
  platform_mark: number;
  row_no: number;
  name: string;
  id_card: string;
  bank_card: string;
  mobile: string | null;
  amount: number;
  service_charge: number;
  remark: string | null;
  /** ITEM: 0 待打款, 4 处理中, 5 挂单, 1 成功, 2 失败, 6 退汇, 3 待服务主体回报 */
  status: Generated<number>;
  fail_reason: string | null;
  create_time: string;
  finish_time: string | null;
  /** Migration 350 (docs/tax.md): the signing entity that pays and withholds (0: the platform itself). */
  enterprise_id: Generated<number>;
  /** YYYY-MM the income belongs to: the month the payout was submitted. */
  tax_month: string | null;
  /** Income tax withheld from `amount` (TAX_STATUS says whether it was). */
  tax_amount: Generated<number>;
  /** What the channel pays the worker: amount − tax_amount when withheld. */
  net_amount: Generated<number>;
  /** TAX_STATUS: 0 未代扣, 1 已代扣, 2 已退回 */
  tax_status: Generated<number>;
  /** The formula's lines for this payment (JSON of CumulativeLines, with its rule). */
  tax_lines: string | null;
  /** Migration 370 (docs/payoutChannels.md): the channel that took the order and its order id there. */
  channel: string | null;
  channel_order_id: string | null;
  /** When the channel accepted the order (the item became 处理中). */
  send_time: string | null;
  /** Why the channel holds the order (挂单). */
  hold_reason: string | null;
  /** Why and when a paid order came back (退汇). */
  return_reason: string | null;
  return_time: string | null;
  /** When the processor asks the channel again about an open order. */
  query_time: string | null;
  /** Migration 395: 'bankcard' (bank_card is paid) or 'alipay' (alipay_account, the Alipay login id, is paid). */
  payout_method: Generated<'bankcard' | 'alipay'>;
  alipay_account: string | null;
  /** Migration 396: the stored copy (uploads.id) of the channel's electronic receipt, once fetched. */
  receipt_file_id: number | null;
}

/** A genuine channel notification, once per channel and notification id (a replay finds its row). */
export interface PayoutNotificationTable {
  id: Generated<number>;
  channel: string;
  notify_id: string;
  item_id: number;
  state: string;
  /** What it did: applied, unchanged (stale or already there), unknown (no such item). */
  outcome: string;
  received_time: string;
}

/** The development channel's order book (payouts/devChannel.ts), keyed by our item id. */
export interface DevChannelOrderTable {
  item_id: number;
  order_id: string;
  payee: string;
  account: string;
  amount: number;
  accepted_ms: number;
  released_ms: number | null;
  cancelled: Generated<number>;
}

/** A signing entity's own Alipay application (migration 390); the keys never leave the server. */
export interface AlipayAccountTable {
  enterprise_id: number;
  app_id: string;
  private_key: string;
  alipay_public_key: string;
  /** null: Alipay's production gateway. */
  gateway: string | null;
  update_time: string;
}

/** Which Alipay account (0: the default) and product an item was sent with (migration 390). */
export interface AlipayOrderTable {
  item_id: number;
  enterprise_id: number;
  app_id: string;
  product_code: string;
  create_time: string;
}

/** The receipt file Alipay prepares for a paid order (ereceipt.apply's file id). */
export interface AlipayReceiptTable {
  item_id: number;
  file_id: string;
  create_time: string;
}

export interface AbnormalFundTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  batch_id: number;
  item_id: number;
  name: string;
  id_card: string;
  bank_card: string;
  mobile: string | null;
  amount: number;
  service_charge: number;
  reason: string;
  /** ABNORMAL: 0 待处理, 1 已重新打款, 2 已留存余额 */
  status: Generated<number>;
  repay_batch_id: number | null;
  handler_id: number | null;
  handle_time: string | null;
  create_time: string;
}

export interface InvoiceCategoryTable {
  id: Generated<number>;
  name: string;
  tax_code: string | null;
  platform_mark: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  create_time: string;
}

export interface InvoiceTable {
  id: Generated<number>;
  apply_no: string;
  company_id: number;
  platform_mark: number;
  /** 1 纸质, 2 电子 */
  kind: number;
  category_id: number;
  title: string;
  tax_number: string;
  bank_name: string;
  bank_account: string;
  address: string;
  phone: string;
  batch_count: number;
  total: number;
  deduction: number;
  tax: number;
  net: number;
  rate_percent: number;
  /** INVOICE: 1 已申请, 2 已开票, 3 已邮寄, 4 已驳回 */
  status: Generated<number>;
  invoice_number: string | null;
  invoice_file_url: string | null;
  invoice_file_name: string | null;
  tracking_no: string | null;
  reject_reason: string | null;
  recipient: string | null;
  recipient_phone: string | null;
  mail_address: string | null;
  remark: string | null;
  applicant_id: number;
  handler_id: number | null;
  create_time: string;
  issue_time: string | null;
  mail_time: string | null;
}

export interface TaxCertificateTable {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  /** YYYY-MM */
  period: string;
  file_url: string;
  file_name: string;
  remark: string | null;
  uploader_id: number;
  create_time: string;
}
