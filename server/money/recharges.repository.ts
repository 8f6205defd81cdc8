import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { adMoneyManagement, allRechargeRecord } from '../../resources/recharges';
import { sortFields } from '../../resources/types';
import { formatMoney } from '../../src/domain/money';
import { RECHARGE } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { type CompanyCriteria, companyConditions } from './companyFilters';

/**
 * Top-ups (recharges of migration 030) as /allRechargeRecord and the fund management views see them: rows
 * come back camelCase under the declarations' field sources, with the company's and the handler's names.
 */
export interface RechargeRecord {
  id: number;
  companyId: number;
  companyName: string | null;
  platformMark: number;
  amount: number;
  payerName: string;
  payerAccount: string;
  bankSerial: string;
  voucherUrl: string;
  remark: string | null;
  status: number;
  rejectReason: string | null;
  handlerName: string | null;
  createTime: string;
  handleTime: string | null;
  summary: string;
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'recharges.id',
  amount: 'recharges.amount',
  createTime: 'recharges.create_time',
  handleTime: 'recharges.handle_time',
};

// The declarations and this module must not drift apart: fail at start-up, naming the fix.
for (const declaration of [allRechargeRecord, adMoneyManagement]) {
  for (const field of sortFields(declaration)) {
    if (!(field in SORT_COLUMNS)) {
      throw new Error(`resources/recharges.ts (${declaration.name}) sorts on "${field}": map it in SORT_COLUMNS`);
    }
  }
}

export interface RechargeSearch extends CompanyCriteria {
  platformMark?: number;
  status?: number;
  bankSerial?: string;
  /** Inclusive China-time bounds of create_time. */
  from?: string;
  to?: string;
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

function searchConditions(db: Db, search: RechargeSearch) {
  return (eb: ExpressionBuilder<Database, 'recharges'>) => {
    const conditions: Expression<SqlBool>[] = companyConditions(db, 'recharges.company_id', search);
    if (search.platformMark !== undefined) conditions.push(eb('recharges.platform_mark', '=', search.platformMark));
    if (search.status !== undefined) conditions.push(eb('recharges.status', '=', search.status));
    if (search.bankSerial) conditions.push(eb('recharges.bank_serial', '=', search.bankSerial));
    if (search.from) conditions.push(eb('recharges.create_time', '>=', search.from));
    if (search.to) conditions.push(eb('recharges.create_time', '<=', search.to));
    return eb.and(conditions);
  };
}

function recordQuery(db: Db) {
  return db
    .selectFrom('recharges')
    .leftJoin('companies', 'companies.id', 'recharges.company_id')
    .leftJoin('users as handler', 'handler.id', 'recharges.handler_id')
    .select([
      'recharges.id as id',
      'recharges.company_id as companyId',
      'companies.name as companyName',
      'recharges.platform_mark as platformMark',
      'recharges.amount as amount',
      'recharges.payer_name as payerName',
      'recharges.payer_account as payerAccount',
      'recharges.bank_serial as bankSerial',
      'recharges.voucher_url as voucherUrl',
      'recharges.remark as remark',
      'recharges.status as status',
      'recharges.reject_reason as rejectReason',
      'handler.display_name as handlerName',
      'recharges.create_time as createTime',
      'recharges.handle_time as handleTime',
    ]);
}

type RecordRow = Omit<RechargeRecord, 'summary'>;

function recordOf(row: RecordRow): RechargeRecord {
  const amount = Number(row.amount);
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    amount,
    summary: `${row.companyName ?? `企业${row.companyId}`} 充值 ${formatMoney(amount)} 元`,
  };
}

/** One page of top-ups and the number of all that match, newest first unless told otherwise. */
export async function searchRecharges(
  db: Db,
  search: RechargeSearch,
  page: PageRequest,
): Promise<{ rows: RechargeRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    recordQuery(db)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('recharges.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: (rows as RecordRow[]).map(recordOf), total: Number(count.n) };
}

export async function findRecharge(db: Db, id: number): Promise<RechargeRecord | undefined> {
  const row = await recordQuery(db).where('recharges.id', '=', id).executeTakeFirst();
  return row ? recordOf(row as RecordRow) : undefined;
}

export async function bankSerialTaken(db: Db, bankSerial: string): Promise<boolean> {
  const row = await db.selectFrom('recharges').select('id').where('bank_serial', '=', bankSerial).executeTakeFirst();
  return !!row;
}

export interface NewRecharge {
  companyId: number;
  platformMark: number;
  amount: number;
  payerName: string;
  payerAccount: string;
  bankSerial: string;
  voucherUrl: string;
  remark: string | null;
  applicantId: number;
}

/** A new top-up notice, waiting for finance (status 0). */
export async function insertRecharge(db: Db, values: NewRecharge, time: string): Promise<number> {
  const row = await db
    .insertInto('recharges')
    .values({
      company_id: values.companyId,
      platform_mark: values.platformMark,
      amount: values.amount,
      payer_name: values.payerName,
      payer_account: values.payerAccount,
      bank_serial: values.bankSerial,
      voucher_url: values.voucherUrl,
      remark: values.remark,
      status: RECHARGE.pending,
      reject_reason: null,
      applicant_id: values.applicantId,
      handler_id: null,
      handle_time: null,
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
