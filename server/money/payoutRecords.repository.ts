import { type Expression, type SqlBool, sql } from 'kysely';
import { adSmallTransferLot, adTransferLot, batchItems, paymentRecord } from '../../resources/payoutBatches';
import { sortFields } from '../../resources/types';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';
import { ITEM } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { containsPattern } from '../db/textMatch';
import { type RecordScope, scopeConditions } from './payoutRecords.scope';

/**
 * Payout batches and their items as /paymentRecord, /adTransferLot and /adSmallTransferLot see them
 * (resources/payoutBatches.ts). Rows come back camelCase under the declarations' field sources; national ids
 * and bank cards are masked here, so no list or export ever carries a full number.
 */

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

/** `column LIKE %value%`, ignoring the case of Latin letters on both databases. */
export function containsCondition(db: Db, column: string, value: string): Expression<SqlBool> {
  const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
  return sql<SqlBool>`${sql.ref(column)} ${like} ${containsPattern(value)} ESCAPE '\\'`;
}

export type BatchRecord = {
  id: number;
  batchNo: string;
  companyId: number;
  companyName: string;
  platformMark: number;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  rate: number;
  status: number;
  successCount: number;
  successAmount: number;
  successCharge: number;
  failedCount: number;
  failedAmount: number;
  invoiceStatus: number;
  createTime: string;
  finishTime: string | null;
  remark: string | null;
};

const BATCH_COLUMNS = {
  id: 'payout_batches.id',
  batchNo: 'payout_batches.batch_no',
  companyId: 'payout_batches.company_id',
  companyName: 'companies.name',
  platformMark: 'payout_batches.platform_mark',
  itemCount: 'payout_batches.item_count',
  totalAmount: 'payout_batches.total_amount',
  serviceCharge: 'payout_batches.service_charge',
  rate: 'payout_batches.rate',
  status: 'payout_batches.status',
  successCount: 'payout_batches.success_count',
  successAmount: 'payout_batches.success_amount',
  successCharge: 'payout_batches.success_charge',
  failedCount: 'payout_batches.failed_count',
  failedAmount: 'payout_batches.failed_amount',
  invoiceStatus: 'payout_batches.invoice_status',
  createTime: 'payout_batches.create_time',
  finishTime: 'payout_batches.finish_time',
  remark: 'payout_batches.remark',
} as const satisfies Record<keyof BatchRecord, string>;

const BATCH_SORT: Record<string, string> = {
  createTime: 'payout_batches.create_time',
  itemCount: 'payout_batches.item_count',
  totalAmount: 'payout_batches.total_amount',
  finishTime: 'payout_batches.finish_time',
};

// The declarations and this module must not drift apart: fail at start-up, naming the fix.
for (const declaration of [paymentRecord, adTransferLot, adSmallTransferLot]) {
  for (const field of declaration.fields) {
    if (!(field.source in BATCH_COLUMNS))
      throw new Error(`resources/payoutBatches.ts declares "${field.source}": map it in BATCH_COLUMNS`);
  }
  for (const field of sortFields(declaration)) {
    if (!(field in BATCH_SORT)) throw new Error(`resources/payoutBatches.ts sorts on "${field}": map it in BATCH_SORT`);
  }
}

export interface BatchSearch {
  batchNo?: string;
  status?: number;
  companyName?: string;
  createdFrom?: string;
  createdTo?: string;
}

const BATCH_SELECT = Object.entries(BATCH_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

function batchConditions(db: Db, scope: RecordScope, search: BatchSearch): Expression<SqlBool>[] {
  const conditions = scopeConditions(db, scope, 'payout_batches.company_id', 'payout_batches.platform_mark');
  if (search.batchNo) conditions.push(containsCondition(db, 'payout_batches.batch_no', search.batchNo));
  if (search.status !== undefined) conditions.push(sql<SqlBool>`payout_batches.status = ${search.status}`);
  if (search.companyName) conditions.push(containsCondition(db, 'companies.name', search.companyName));
  if (search.createdFrom) conditions.push(sql<SqlBool>`payout_batches.create_time >= ${search.createdFrom}`);
  if (search.createdTo) conditions.push(sql<SqlBool>`payout_batches.create_time <= ${search.createdTo}`);
  return conditions;
}

function numeric<T extends Record<string, unknown>>(row: T, text: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(row)) {
    if (!text.includes(key) && value !== null && typeof value !== 'number') out[key] = Number(value);
  }
  return out as T;
}

const BATCH_TEXT = ['batchNo', 'companyName', 'createTime', 'finishTime', 'remark'];

export async function searchBatches(
  db: Db,
  scope: RecordScope,
  search: BatchSearch,
  page: PageRequest,
): Promise<{ rows: BatchRecord[]; total: number }> {
  const where = batchConditions(db, scope, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = BATCH_SORT[sort.field] ?? BATCH_SORT.createTime;
  const base = db
    .selectFrom('payout_batches')
    .innerJoin('companies', 'companies.id', 'payout_batches.company_id')
    .where((eb) => eb.and(where));
  const [rows, count] = await Promise.all([
    base
      .select(BATCH_SELECT)
      .orderBy(sql.ref(column), sort.order)
      .orderBy('payout_batches.id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => numeric(row as BatchRecord, BATCH_TEXT)), total: Number(count.n) };
}

export async function findBatch(db: Db, id: number): Promise<BatchRecord | undefined> {
  const row = await db
    .selectFrom('payout_batches')
    .innerJoin('companies', 'companies.id', 'payout_batches.company_id')
    .select(BATCH_SELECT)
    .where('payout_batches.id', '=', id)
    .executeTakeFirst();
  return row && numeric(row as BatchRecord, BATCH_TEXT);
}

export type ItemRecord = {
  id: number;
  rowNo: number;
  name: string;
  idCard: string;
  bankCard: string;
  mobile: string | null;
  amount: number;
  serviceCharge: number;
  status: number;
  failReason: string | null;
  remark: string | null;
  finishTime: string | null;
  /** The channel that took the order, its order id there and when it accepted it (docs/payoutChannels.md). */
  channel: string | null;
  channelOrderId: string | null;
  sendTime: string | null;
  holdReason: string | null;
  returnReason: string | null;
  returnTime: string | null;
  /** 成功 or 退汇: the item was paid, so 下载回单 is offered (the channel may still be preparing it). */
  hasReceipt: boolean;
};

const ITEM_SORT: Record<string, string> = {
  rowNo: 'row_no',
  amount: 'amount',
  finishTime: 'finish_time',
};

for (const field of sortFields(batchItems)) {
  if (!(field in ITEM_SORT))
    throw new Error(`resources/payoutBatches.ts sorts items on "${field}": map it in ITEM_SORT`);
}

/** The statuses of a paid item, the ones with an electronic receipt. */
export const RECEIPT_STATUSES: readonly number[] = [ITEM.succeeded, ITEM.returned];

export interface ItemSearch {
  status?: number;
  name?: string;
}

export async function searchItems(
  db: Db,
  batchId: number,
  search: ItemSearch,
  page: PageRequest,
): Promise<{ rows: ItemRecord[]; total: number }> {
  const sort = page.sort ?? { field: 'rowNo', order: 'asc' as const };
  const column = ITEM_SORT[sort.field] ?? ITEM_SORT.rowNo;
  const base = db
    .selectFrom('payout_items')
    .where('batch_id', '=', batchId)
    .$if(search.status !== undefined, (query) => query.where('status', '=', search.status as number))
    .$if(!!search.name, (query) => query.where(containsCondition(db, 'payout_items.name', search.name as string)));
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'row_no',
        'name',
        'id_card',
        'bank_card',
        'mobile',
        'amount',
        'service_charge',
        'status',
        'fail_reason',
        'remark',
        'finish_time',
        'channel',
        'channel_order_id',
        'send_time',
        'hold_reason',
        'return_reason',
        'return_time',
      ])
      .orderBy(sql.ref(column), sort.order)
      .orderBy('id', sort.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: Number(row.id),
      rowNo: Number(row.row_no),
      name: row.name,
      idCard: maskIdCard(row.id_card),
      bankCard: maskBankCard(row.bank_card),
      mobile: row.mobile,
      amount: Number(row.amount),
      serviceCharge: Number(row.service_charge),
      status: Number(row.status),
      failReason: row.fail_reason,
      remark: row.remark,
      finishTime: row.finish_time,
      channel: row.channel,
      channelOrderId: row.channel_order_id,
      sendTime: row.send_time,
      holdReason: row.hold_reason,
      returnReason: row.return_reason,
      returnTime: row.return_time,
      hasReceipt: RECEIPT_STATUSES.includes(Number(row.status)),
    })),
    total: Number(count.n),
  };
}
