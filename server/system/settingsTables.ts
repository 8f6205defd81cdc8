import type { Generated } from 'kysely';

/** 通用设置 (migration 105). */
export interface PlatformSettingTable {
  key: string;
  value: string;
  update_time: string;
}

export interface HostSettingTable {
  id: Generated<number>;
  host: string;
  filing_number: string | null;
  image_host: string | null;
  is_test: number;
  remark: string | null;
}
