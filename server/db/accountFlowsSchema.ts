import type { Generated } from 'kysely';

/** Tables of migration 010 (registrations, SSO replay guard, maintenance windows). */
export interface RegistrationTable {
  id: Generated<number>;
  name: string;
  linkman_mobile: string;
  password_hash: string;
  platform_mark: number;
  company_nature: string | null;
  company_size: string | null;
  industry_id: number | null;
  business_license: string;
  invoice_tax_number: string;
  province: string | null;
  city: string | null;
  district: string | null;
  /** Migration 110: asked at registration, copied onto the company at activation. */
  legal_person_name: string | null;
  linkman_name: string | null;
  license_url: string;
  student_card_url: string | null;
  /** 0 待激活, 1 已激活, 2 已驳回. */
  status: number;
  reason: string | null;
  department_id: number | null;
  subsidiary_id: number | null;
  service_id: number | null;
  company_id: number | null;
  create_time: string;
  activate_time: string | null;
}

export interface SsoAssertionTable {
  jti: string;
  expires_at: number;
}

export interface UpgradeNoticeTable {
  id: Generated<number>;
  title: string;
  content: string | null;
  start_time: string;
  end_time: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  create_time: string;
  /** Migration 210: the notice's key (spec §3 upgrade notice), letters, digits, - and _. */
  notice_key: string | null;
}

/** Migration 011: the version history of /versionUpdate. */
export interface VersionTable {
  id: Generated<number>;
  version: string;
  content: string;
  release_date: string;
  platform_mark: number;
  create_time: string;
}
