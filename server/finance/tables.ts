import type { Generated } from 'kysely';

/** Tables of the finance domain (issue 15): settlement sheets (072). Amounts 1/10000 yuan, times China time. */
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
