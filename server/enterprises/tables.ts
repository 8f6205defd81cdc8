import type { Generated } from 'kysely';

/** Tables of the enterprises domain (migrations 060-062). */

/** An enterprise (代征主体 / 服务主体). Rates in 1/10000 (600 = 6.00%) per VIP level; ENTERPRISE_STATUS. */
export interface EnterpriseTable {
  id: Generated<number>;
  name: string;
  short_name: string;
  credit_code: string | null;
  platform_mark: number;
  tax_office: string | null;
  invoice_categories: string | null;
  bank_name: string | null;
  bank_account: string | null;
  rate_level1: number;
  rate_level2: number;
  rate_level3: number;
  upload_enabled: number;
  /** Which callback page lists its calls (CALLBACK_CHANNEL_CHOICES: 1 大熊, 2 宝谷, 3 安徽亚辉); null: none. */
  callback_channel: number | null;
  /** HMAC-SHA256 key of its inbound webhook (hex). */
  webhook_secret: string | null;
  /** 1: it settles with workers itself and reports each payout item's result by webhook (migration 065). */
  reports_payouts: Generated<number>;
  status: number;
  status_reason: string | null;
  status_by: string | null;
  status_time: string | null;
  rank: number;
  remark: string | null;
  create_time: string;
  update_time: string;
}

export interface EnterpriseIndustryTable {
  id: Generated<number>;
  enterprise_id: number;
  industry_id: number;
  scope: string | null;
  create_time: string;
}
