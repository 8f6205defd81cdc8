import { type Expression, type SqlBool, sql } from 'kysely';
import { adErrorMoney, adReturnMoney, errorMoney } from '../../resources/abnormalFunds';
import { sortFields } from '../../resources/types';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';
import { ABNORMAL, LEDGER } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import { containsCondition, type PageRequest } from './payoutRecords.repository';
import { type RecordScope, scopeConditions } from './payoutRecords.scope';

/**
 * Abnormal funds (/errorMoney, /adErrorMoney) and returned funds (/adReturnMoney: the ledger's 失败退回
 * entries with their item, batch, company and the abnormal fund's handling). Cards and ids are masked here.
 */

export type AbnormalFundRecord = {
  id: number;
  companyId: number;
  companyName: string;
  platformMark: number;
  batchId: number;
  batchNo: string;
  itemId: number;
  name: string;
  idCard: string;
  bankCard: string;
  amount: number;
  serviceCharge: number;
  reason: string;
  status: number;
  repayBatchId: number | null;
  repayBatchNo: string | null;
  createTime: string;
  handleTime: string | null;
};

const ABNORMAL_SORT: Record<string, string> = {
  id: 'abnormal_funds.id',
  amount: 'abnormal_funds.amount',
  createTime: 'abnormal_funds.create_time',
  handleTime: 'abnormal_funds.handle_time',
};
const RETURNED_SORT: Record<string, string> = {
  id: 'ledger_entries.id',
  amount: 'ledger_entries.amount',
  createTime: 'ledger_entries.create_time',
  handleTime: 'abnormal_funds.handle_time',
};
for (const [declaration, columns] of [
  [errorMoney, ABNORMAL_SORT],
  [adErrorMoney, ABNORMAL_SORT],
  [adReturnMoney, RETURNED_SORT],
] as const) {
  for (const field of sortFields(declaration)) {
    if (!(field in columns))
      throw new Error(`resources/abnormalFunds.ts sorts ${declaration.name} on "${field}": map it`);
  }
}

export interface AbnormalSearch {
  status?: number;
  companyName?: string;
  name?: string;
  from?: string;
  to?: string;
}

function abnormalQuery(db: Db) {
  return db
    .selectFrom('abnormal_funds')
    .innerJoin('companies', 'companies.id', 'abnormal_funds.company_id')
    .innerJoin('payout_batches', 'payout_batches.id', 'abnormal_funds.batch_id')
    .leftJoin('payout_batches as repay', 'repay.id', 'abnormal_funds.repay_batch_id');
}

const ABNORMAL_SELECT = [
  'abnormal_funds.id as id',
  'abnormal_funds.company_id as company_id',
  'companies.name as company_name',
  'abnormal_funds.platform_mark as platform_mark',
  'abnormal_funds.batch_id as batch_id',
  'payout_batches.batch_no as batch_no',
  'abnormal_funds.item_id as item_id',
  'abnormal_funds.name as name',
  'abnormal_funds.id_card as id_card',
  'abnormal_funds.bank_card as bank_card',
  'abnormal_funds.amount as amount',
  'abnormal_funds.service_charge as service_charge',
  'abnormal_funds.reason as reason',
  'abnormal_funds.status as status',
  'abnormal_funds.repay_batch_id as repay_batch_id',
  'repay.batch_no as repay_batch_no',
  'abnormal_funds.create_time as create_time',
  'abnormal_funds.handle_time as handle_time',
] as const;

type AbnormalRow = {
  id: number;
  company_id: number;
  company_name: string;
  platform_mark: number;
  batch_id: number;
  batch_no: string;
  item_id: number;
  name: string;
  id_card: string;
  bank_card: string;
  amount: number;
  service_charge: number;
  reason: string;
  status: number;
  repay_batch_id: number | null;
  repay_batch_no: string | null;
  create_time: string;
  handle_time: string | null;
};

function abnormalRecord(row: AbnormalRow): AbnormalFundRecord {
  return {
    id: Number(row.id),
    companyId: Number(row.company_id),
    companyName: row.company_name,
    platformMark: Number(row.platform_mark),
    batchId: Number(row.batch_id),
    batchNo: row.batch_no,
    itemId: Number(row.item_id),
    name: row.name,
    idCard: maskIdCard(row.id_card),
    bankCard: maskBankCard(row.bank_card),
    amount: Number(row.amount),
    serviceCharge: Number(row.service_charge),
    reason: row.reason,
    status: Number(row.status),
    repayBatchId: row.repay_batch_id === null ? null : Number(row.repay_batch_id),
    repayBatchNo: row.repay_batch_no,
    createTime: row.create_time,
    handleTime: row.handle_time,
  };
}

function commonConditions(db: Db, search: AbnormalSearch, table: 'abnormal_funds' | 'payout_items') {
  const where: Expression<SqlBool>[] = [];
  if (search.companyName) where.push(containsCondition(db, 'companies.name', search.companyName));
  if (search.name) where.push(containsCondition(db, `${table}.name`, search.name));
  return where;
}

export async function searchAbnormalFunds(
  db: Db,
  scope: RecordScope,
  search: AbnormalSearch,
  page: PageRequest,
): Promise<{ rows: AbnormalFundRecord[]; total: number }> {
  const where = [
    ...scopeConditions(db, scope, 'abnormal_funds.company_id', 'abnormal_funds.platform_mark'),
    ...commonConditions(db, search, 'abnormal_funds'),
  ];
  if (search.status !== undefined) where.push(sql<SqlBool>`abnormal_funds.status = ${search.status}`);
  if (search.from) where.push(sql<SqlBool>`abnormal_funds.create_time >= ${search.from}`);
  if (search.to) where.push(sql<SqlBool>`abnormal_funds.create_time <= ${search.to}`);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = ABNORMAL_SORT[sort.field] ?? ABNORMAL_SORT.createTime;
  const base = abnormalQuery(db).where((eb) => eb.and(where));
  const [rows, count] = await Promise.all([
    base
      .select(ABNORMAL_SELECT)
      .orderBy(sql.ref(column), sort.order)
      .orderBy('abnormal_funds.id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: (rows as AbnormalRow[]).map(abnormalRecord), total: Number(count.n) };
}

export async function findAbnormalFund(db: Db, id: number): Promise<AbnormalFundRecord | undefined> {
  const row = await abnormalQuery(db).select(ABNORMAL_SELECT).where('abnormal_funds.id', '=', id).executeTakeFirst();
  return row && abnormalRecord(row as AbnormalRow);
}

/** The card the failed payout went to, unmasked: a re-payment must name a different one. */
export async function originalBankCard(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('abnormal_funds').select('bank_card').where('id', '=', id).executeTakeFirstOrThrow();
  return row.bank_card;
}

/** Status 0 → 2 (money stays on the balance), only while pending: answers whether this call handled it. */
export async function keepOnBalance(db: Db, id: number, handlerId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('abnormal_funds')
    .set({ status: ABNORMAL.kept, handler_id: handlerId, handle_time: now })
    .where('id', '=', id)
    .where('status', '=', ABNORMAL.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ReturnedFundRecord = {
  id: number;
  createTime: string;
  companyId: number;
  companyName: string;
  platformMark: number;
  batchId: number;
  batchNo: string;
  name: string;
  idCard: string;
  bankCard: string;
  amount: number;
  itemAmount: number;
  itemCharge: number;
  reason: string | null;
  handleStatus: number | null;
  handleTime: string | null;
};

export interface ReturnedSearch extends AbnormalSearch {
  handleStatus?: number;
}

/** The refunds of failed items: ledger entries of kind 失败退回 (ref_type 'item'). */
export async function searchReturnedFunds(
  db: Db,
  scope: RecordScope,
  search: ReturnedSearch,
  page: PageRequest,
): Promise<{ rows: ReturnedFundRecord[]; total: number }> {
  const where = [
    sql<SqlBool>`ledger_entries.kind = ${LEDGER.refund}`,
    sql<SqlBool>`ledger_entries.ref_type = 'item'`,
    ...scopeConditions(db, scope, 'payout_items.company_id', 'payout_items.platform_mark'),
    ...commonConditions(db, search, 'payout_items'),
  ];
  if (search.handleStatus !== undefined) where.push(sql<SqlBool>`abnormal_funds.status = ${search.handleStatus}`);
  if (search.from) where.push(sql<SqlBool>`ledger_entries.create_time >= ${search.from}`);
  if (search.to) where.push(sql<SqlBool>`ledger_entries.create_time <= ${search.to}`);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = RETURNED_SORT[sort.field] ?? RETURNED_SORT.createTime;
  const base = db
    .selectFrom('ledger_entries')
    .innerJoin('payout_items', 'payout_items.id', 'ledger_entries.ref_id')
    .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
    .innerJoin('companies', 'companies.id', 'payout_items.company_id')
    .leftJoin('abnormal_funds', 'abnormal_funds.item_id', 'payout_items.id')
    .where((eb) => eb.and(where));
  const [rows, count] = await Promise.all([
    base
      .select([
        'ledger_entries.id as id',
        'ledger_entries.create_time as create_time',
        'payout_items.company_id as company_id',
        'companies.name as company_name',
        'payout_items.platform_mark as platform_mark',
        'payout_items.batch_id as batch_id',
        'payout_batches.batch_no as batch_no',
        'payout_items.name as name',
        'payout_items.id_card as id_card',
        'payout_items.bank_card as bank_card',
        'ledger_entries.amount as amount',
        'payout_items.amount as item_amount',
        'payout_items.service_charge as item_charge',
        'payout_items.fail_reason as reason',
        'abnormal_funds.status as handle_status',
        'abnormal_funds.handle_time as handle_time',
      ])
      .orderBy(sql.ref(column), sort.order)
      .orderBy('ledger_entries.id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      createTime: row.create_time,
      companyId: Number(row.company_id),
      companyName: row.company_name,
      platformMark: Number(row.platform_mark),
      batchId: Number(row.batch_id),
      batchNo: row.batch_no,
      name: row.name,
      idCard: maskIdCard(row.id_card),
      bankCard: maskBankCard(row.bank_card),
      amount: Number(row.amount),
      itemAmount: Number(row.item_amount),
      itemCharge: Number(row.item_charge),
      reason: row.reason,
      handleStatus: row.handle_status === null ? null : Number(row.handle_status),
      handleTime: row.handle_time,
    })),
    total: Number(count.n),
  };
}
