import type { Generated } from 'kysely';

/** Partners and channels (migration 104). */
export interface PartnerProfileTable {
  user_id: number;
  /** Partner category 1-10 (src/domain/enums.ts PARTNER_CATEGORY). */
  csort: number;
  channel_name: string | null;
  remark: string | null;
  update_time: string;
}

export interface PartnerEnterpriseTable {
  id: Generated<number>;
  partner_id: number;
  enterprise_id: number;
  platform_mark: number;
  create_time: string;
}

export interface VirtualPartnerCompanyTable {
  id: Generated<number>;
  partner_id: number;
  name: string;
  credit_code: string | null;
  linkman_name: string | null;
  linkman_mobile: string | null;
  remark: string | null;
  create_time: string;
  update_time: string;
}
