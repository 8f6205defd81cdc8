import type { Generated } from 'kysely';

/** A record of the development CRM (devCrm.ts); `detail` is its other fields as JSON. */
export interface CrmRecordTable {
  id: Generated<number>;
  kind: string;
  crm_id: string;
  name: string;
  detail: string;
  update_time: string;
}

/** Which subsidiary ('subsidiary') or company ('company') is bound to which CRM record. */
export interface CrmBindingTable {
  id: Generated<number>;
  owner_kind: string;
  owner_id: number;
  crm_id: string;
  crm_name: string;
  bind_user_id: number;
  bind_time: string;
}
