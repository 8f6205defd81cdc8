/**
 * The CRM is an outside system. Everything here reads it through this interface; `CRM_PROVIDER` (server/config.ts)
 * chooses the implementation: `dev` (devCrm.ts, records in our own database) is the only one so far. A real CRM
 * client implements the same two methods and is added to `CRM_PROVIDERS` with the settings it needs.
 */

/** What the CRM holds: its subsidiaries, customer institutions, teachers, cloud orders, and parks (applet). */
export const CRM_SYNC_KINDS = ['subsidiary', 'institution', 'teacher', 'cloudorder'] as const;
export type CrmSyncKind = (typeof CRM_SYNC_KINDS)[number];
export type CrmKind = CrmSyncKind | 'garden';

export const CRM_PROVIDERS = ['dev'] as const;
export type CrmProviderName = (typeof CRM_PROVIDERS)[number];

export interface CrmRecord {
  crmId: string;
  kind: CrmKind;
  name: string;
  /** The record's other fields as the CRM gives them (city, contact, amount, ...). */
  detail: Record<string, unknown>;
  updateTime: string;
}

export interface CrmSearch {
  /** Part of the name; empty: all. */
  name?: string;
  offset: number;
  limit: number;
}

export interface CrmProvider {
  search(kind: CrmKind, search: CrmSearch): Promise<{ rows: CrmRecord[]; total: number }>;
  find(kind: CrmKind, crmId: string): Promise<CrmRecord | null>;
}
