import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { INVOICE, INVOICE_KIND_PAPER } from '../../src/domain/moneyEnums';
import { type CompanyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { containsPattern } from '../db/textMatch';

/**
 * Invoice applications: one page of them, one application, and the categories an application may name. Rows
 * come back camelCase under the declarations' sources (resources/invoices.ts). Amounts are units of 1/10000 yuan.
 * The batches side lives in invoiceBatches.repository.ts.
 */

export type InvoiceRecord = {
  id: number;
  applyNo: string;
  companyId: number;
  companyName: string;
  platformMark: number;
  kind: number;
  categoryId: number;
  categoryName: string | null;
  title: string;
  taxNumber: string;
  bankName: string;
  bankAccount: string;
  address: string;
  phone: string;
  batchCount: number;
  total: number;
  deduction: number;
  tax: number;
  net: number;
  ratePercent: number;
  status: number;
  invoiceNumber: string | null;
  invoiceFileUrl: string | null;
  invoiceFileName: string | null;
  trackingNo: string | null;
  rejectReason: string | null;
  recipient: string | null;
  recipientPhone: string | null;
  mailAddress: string | null;
  remark: string | null;
  applicantName: string | null;
  handlerName: string | null;
  createTime: string;
  issueTime: string | null;
  mailTime: string | null;
  /** 1 when 邮寄 applies: an issued paper invoice (drives the row action's visibleWhen). */
  mailable: 0 | 1;
};

const INVOICE_COLUMNS = {
  id: 'invoices.id',
  applyNo: 'invoices.apply_no',
  companyId: 'invoices.company_id',
  companyName: 'companies.name',
  platformMark: 'invoices.platform_mark',
  kind: 'invoices.kind',
  categoryId: 'invoices.category_id',
  categoryName: 'invoice_categories.name',
  title: 'invoices.title',
  taxNumber: 'invoices.tax_number',
  bankName: 'invoices.bank_name',
  bankAccount: 'invoices.bank_account',
  address: 'invoices.address',
  phone: 'invoices.phone',
  batchCount: 'invoices.batch_count',
  total: 'invoices.total',
  deduction: 'invoices.deduction',
  tax: 'invoices.tax',
  net: 'invoices.net',
  ratePercent: 'invoices.rate_percent',
  status: 'invoices.status',
  invoiceNumber: 'invoices.invoice_number',
  invoiceFileUrl: 'invoices.invoice_file_url',
  invoiceFileName: 'invoices.invoice_file_name',
  trackingNo: 'invoices.tracking_no',
  rejectReason: 'invoices.reject_reason',
  recipient: 'invoices.recipient',
  recipientPhone: 'invoices.recipient_phone',
  mailAddress: 'invoices.mail_address',
  remark: 'invoices.remark',
  applicantName: 'applicant.display_name',
  handlerName: 'handler.display_name',
  createTime: 'invoices.create_time',
  issueTime: 'invoices.issue_time',
  mailTime: 'invoices.mail_time',
} as const satisfies Record<Exclude<keyof InvoiceRecord, 'mailable'>, string>;

const NUMERIC: readonly (keyof InvoiceRecord)[] = [
  'id',
  'companyId',
  'platformMark',
  'kind',
  'categoryId',
  'batchCount',
  'total',
  'deduction',
  'tax',
  'net',
  'ratePercent',
  'status',
];

const SELECTED = Object.entries(INVOICE_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

const SORT_COLUMNS: Record<string, string> = {
  id: 'invoices.id',
  createTime: 'invoices.create_time',
  total: 'invoices.total',
  issueTime: 'invoices.issue_time',
};

function invoiceOf(row: Record<string, unknown>): InvoiceRecord {
  const record = { ...row } as Record<string, unknown>;
  for (const key of NUMERIC) record[key] = Number(record[key]);
  const invoice = record as InvoiceRecord;
  invoice.mailable = invoice.kind === INVOICE_KIND_PAPER && invoice.status === INVOICE.issued ? 1 : 0;
  return invoice;
}

function invoicesFrom(db: Db) {
  return db
    .selectFrom('invoices')
    .innerJoin('companies', 'companies.id', 'invoices.company_id')
    .leftJoin('invoice_categories', 'invoice_categories.id', 'invoices.category_id')
    .leftJoin('users as applicant', 'applicant.id', 'invoices.applicant_id')
    .leftJoin('users as handler', 'handler.id', 'invoices.handler_id');
}

export interface InvoiceSearch extends CompanyScope {
  companyId?: number;
  departmentIds?: readonly number[];
  salePartnerId?: number;
  platformMarks: readonly number[];
  companyName?: string;
  applyNo?: string;
  status?: number;
  kind?: number;
  createdFrom?: string;
  createdTo?: string;
}

function searchConditions(db: Db, search: InvoiceSearch) {
  return (eb: ExpressionBuilder<Database, 'invoices' | 'companies'>) => {
    const conditions: Expression<SqlBool>[] = [eb('invoices.platform_mark', 'in', [...search.platformMarks])];
    if (search.companyId !== undefined) conditions.push(eb('invoices.company_id', '=', search.companyId));
    const scoped = scopedCompanyIds(db, search);
    if (scoped) conditions.push(eb('invoices.company_id', 'in', scoped));
    if (search.companyName) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`companies.name ${like} ${containsPattern(search.companyName)} ESCAPE '\\'`);
    }
    if (search.applyNo) conditions.push(eb('invoices.apply_no', '=', search.applyNo));
    if (search.status !== undefined) conditions.push(eb('invoices.status', '=', search.status));
    if (search.kind !== undefined) conditions.push(eb('invoices.kind', '=', search.kind));
    if (search.createdFrom) conditions.push(eb('invoices.create_time', '>=', search.createdFrom));
    if (search.createdTo) conditions.push(eb('invoices.create_time', '<=', search.createdTo));
    return eb.and(conditions);
  };
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

export async function searchInvoices(
  db: Db,
  search: InvoiceSearch,
  page: PageRequest,
): Promise<{ rows: InvoiceRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    invoicesFrom(db)
      .select(SELECTED)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('invoices.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('invoices')
      .innerJoin('companies', 'companies.id', 'invoices.company_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => invoiceOf(row as Record<string, unknown>)), total: Number(count.n) };
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRecord | undefined> {
  const row = await invoicesFrom(db).select(SELECTED).where('invoices.id', '=', id).executeTakeFirst();
  return row ? invoiceOf(row as Record<string, unknown>) : undefined;
}

export interface CategoryChoice {
  id: number;
  name: string;
  taxCode: string | null;
}

/** The enabled categories of an edition, for the application form. */
export async function enabledCategories(db: Db, platformMark: number): Promise<CategoryChoice[]> {
  const rows = await db
    .selectFrom('invoice_categories')
    .select(['id', 'name', 'tax_code as taxCode'])
    .where('platform_mark', '=', platformMark)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
