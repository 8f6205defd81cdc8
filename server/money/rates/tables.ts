import type { Generated } from 'kysely';

/** Service-charge rate history (migration 103); `rate` in 1/10000, in force from `effective_date`. */
export interface ServiceRateTable {
  id: Generated<number>;
  /** 1 a company's own rate, 2 a partner's rate for its companies. */
  target_kind: number;
  company_id: number | null;
  partner_id: number | null;
  platform_mark: number;
  rate: number;
  effective_date: string;
  remark: string | null;
  operator_id: number;
  operator_name: string;
  create_time: string;
}
