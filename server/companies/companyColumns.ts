import { sql } from 'kysely';
import { companies } from '../../resources/companies';
import { sortFields } from '../../resources/types';
import type { CompanyTable } from '../db/schema';

/** What a company row holds, by the declaration's field sources (resources/companies.ts), and its sort columns. */

/** Declaration field source → column: what a company row holds. Every field of the declaration must be here. */
export const FIELD_COLUMNS = {
  id: 'companies.id',
  name: 'companies.name',
  platformMark: 'companies.platform_mark',
  creditCode: 'companies.credit_code',
  legalPersonName: 'companies.legal_person_name',
  linkmanName: 'companies.linkman_name',
  linkmanMobile: 'companies.linkman_mobile',
  subsidiaryName: 'subsidiaries.sname',
  signStatus: 'companies.sign_status',
  createTime: 'companies.create_time',
  invoiceTitle: 'companies.invoice_title',
  invoiceTaxNumber: 'companies.invoice_tax_number',
  invoiceBank: 'companies.invoice_bank',
  invoiceAccount: 'companies.invoice_account',
  invoiceAddress: 'companies.invoice_address',
  invoicePhone: 'companies.invoice_phone',
  departmentId: 'companies.department_id',
  subsidiaryId: 'companies.subsidiary_id',
  workScene: 'companies.work_scene',
  vipLevel: 'companies.vip_level',
  verifyStatus: 'companies.verify_status',
} as const satisfies Record<keyof CompanyRecord, string>;

export type CompanyRecord = {
  id: number;
  name: string;
  platformMark: number;
  creditCode: string;
  legalPersonName: string | null;
  linkmanName: string | null;
  linkmanMobile: string | null;
  subsidiaryName: string | null;
  signStatus: number;
  createTime: string;
  invoiceTitle: string | null;
  invoiceTaxNumber: string | null;
  invoiceBank: string | null;
  invoiceAccount: string | null;
  invoiceAddress: string | null;
  invoicePhone: string | null;
  departmentId: number | null;
  subsidiaryId: number | null;
  workScene: string | null;
  vipLevel: number;
  verifyStatus: number;
};

/** Declaration source → companies column, for the fields a form may change. */
export const EDITABLE_COLUMNS = {
  name: 'name',
  legalPersonName: 'legal_person_name',
  linkmanName: 'linkman_name',
  linkmanMobile: 'linkman_mobile',
  invoiceTitle: 'invoice_title',
  invoiceTaxNumber: 'invoice_tax_number',
  invoiceBank: 'invoice_bank',
  invoiceAccount: 'invoice_account',
  invoiceAddress: 'invoice_address',
  invoicePhone: 'invoice_phone',
} as const satisfies Record<string, keyof CompanyTable>;
export type EditableSource = keyof typeof EDITABLE_COLUMNS;

/** The column widths of migration 001: a last guard for fields whose validator does not bound the length. */
export const EDITABLE_MAX_CHARS: Record<EditableSource, number> = {
  name: 128,
  legalPersonName: 64,
  linkmanName: 64,
  linkmanMobile: 15,
  invoiceTitle: 36,
  invoiceTaxNumber: 20,
  invoiceBank: 36,
  invoiceAccount: 32,
  invoiceAddress: 60,
  invoicePhone: 30,
};

export const SORT_COLUMNS: Record<string, string> = {
  id: 'companies.id',
  name: 'companies.name',
  createTime: 'companies.create_time',
};

// The declaration and this module must not drift apart: fail at start-up, naming the fix.
for (const field of companies.fields) {
  if (!(field.source in FIELD_COLUMNS)) {
    throw new Error(`resources/companies.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
  }
  if (field.form && !field.readOnly && !(field.source in EDITABLE_COLUMNS)) {
    throw new Error(`resources/companies.ts makes "${field.source}" editable: map it in EDITABLE_COLUMNS`);
  }
}
for (const field of sortFields(companies)) {
  if (!(field in SORT_COLUMNS)) throw new Error(`resources/companies.ts sorts on "${field}": map it in SORT_COLUMNS`);
}

/** The declaration's fields, named by their sources. */
export const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));
