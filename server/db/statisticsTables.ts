import type { Generated } from 'kysely';

/** Tables of migration 070 (statistics rollups). Amounts 1/10000 yuan, positive per kind. */
export interface RollupMetrics {
  topup_amount: Generated<number>;
  topup_count: Generated<number>;
  payout_amount: Generated<number>;
  payout_count: Generated<number>;
  charge_amount: Generated<number>;
  charge_count: Generated<number>;
  refund_amount: Generated<number>;
  refund_count: Generated<number>;
  /** Signed sum of every entry. */
  net_amount: Generated<number>;
  entry_count: Generated<number>;
  /** The part of payout_amount on issued invoices, and the rest (migration 381, statistics/invoicedRollups.ts). */
  invoiced_amount: Generated<number>;
  uninvoiced_amount: Generated<number>;
}

export interface StatCompanyDayTable extends RollupMetrics {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  /** YYYY-MM-DD, China time */
  day: string;
  department_id: number;
  subsidiary_id: number;
}

export interface StatCompanyMonthTable extends RollupMetrics {
  id: Generated<number>;
  company_id: number;
  platform_mark: number;
  /** YYYY-MM */
  month: string;
  department_id: number;
  subsidiary_id: number;
}

export interface StatGroupDayTable extends RollupMetrics {
  id: Generated<number>;
  platform_mark: number;
  day: string;
  department_id: number;
  subsidiary_id: number;
  /** The company's sale partner (合伙人 user) when posted, 0 for none (migration 111). */
  sale_partner_id: number;
  /** stat_company_day rows of this edition, day, department and partner (migration 075). */
  company_count: Generated<number>;
}

/** Migration 075: stat_company_month rows per edition, month, department and partner. */
export interface StatGroupMonthTable {
  id: Generated<number>;
  platform_mark: number;
  /** YYYY-MM */
  month: string;
  department_id: number;
  subsidiary_id: number;
  sale_partner_id: number;
  company_count: Generated<number>;
  /** Signed sum of every entry of the month (the edition's ledger total is the sum over months). */
  net_amount: Generated<number>;
}
