import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { BATCH, BATCH_INVOICE } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/**
 * The payout batches as invoicing sees them: which a company may still invoice, and the batches an application
 * was made of. Amounts are units of 1/10000 yuan.
 */

/** A batch a merchant may put on an invoice: finished with some success, not yet on an application. */
export const ELIGIBLE_BATCH_STATUSES = [BATCH.completed, BATCH.partlyFailed] as const;

type BatchEb = ExpressionBuilder<Database, 'payout_batches'>;

export function eligibleBatch(eb: BatchEb): Expression<SqlBool> {
  return eb.and([
    eb('payout_batches.invoice_status', '=', BATCH_INVOICE.none),
    eb('payout_batches.status', 'in', [...ELIGIBLE_BATCH_STATUSES]),
    eb('payout_batches.success_amount', '>', 0),
  ]);
}

export interface BatchOwner {
  companyId: number;
  /** The edition; undefined for staff asking about a company in any edition. */
  platformMark?: number;
}

function ownedBy(owner: BatchOwner) {
  return (eb: BatchEb) =>
    eb.and([
      eb('payout_batches.company_id', '=', owner.companyId),
      ...(owner.platformMark === undefined ? [] : [eb('payout_batches.platform_mark', '=', owner.platformMark)]),
    ]);
}

export async function hasEligibleBatches(db: Db, owner: BatchOwner): Promise<boolean> {
  const row = await db
    .selectFrom('payout_batches')
    .select('id')
    .where(ownedBy(owner))
    .where(eligibleBatch)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface EligibleBatch {
  id: number;
  batchNo: string;
  createTime: string;
  finishTime: string | null;
  itemCount: number;
  successCount: number;
  successAmount: number;
  successCharge: number;
  /** What the invoice covers: the successful payouts plus their service charge. */
  invoiceable: number;
}

const BATCH_COLUMNS = [
  'payout_batches.id',
  'payout_batches.batch_no as batchNo',
  'payout_batches.create_time as createTime',
  'payout_batches.finish_time as finishTime',
  'payout_batches.item_count as itemCount',
  'payout_batches.success_count as successCount',
  'payout_batches.success_amount as successAmount',
  'payout_batches.success_charge as successCharge',
] as const;

function eligibleOf(row: Omit<EligibleBatch, 'invoiceable'>): EligibleBatch {
  const successAmount = Number(row.successAmount);
  const successCharge = Number(row.successCharge);
  return {
    ...row,
    id: Number(row.id),
    itemCount: Number(row.itemCount),
    successCount: Number(row.successCount),
    successAmount,
    successCharge,
    invoiceable: successAmount + successCharge,
  };
}

/** One page of the batches the company may invoice, newest first. */
export async function searchEligibleBatches(
  db: Db,
  owner: Required<BatchOwner>,
  page: { offset: number; limit: number },
): Promise<{ rows: EligibleBatch[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('payout_batches')
      .select(BATCH_COLUMNS)
      .where(ownedBy(owner))
      .where(eligibleBatch)
      .orderBy('payout_batches.create_time', 'desc')
      .orderBy('payout_batches.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('payout_batches')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(ownedBy(owner))
      .where(eligibleBatch)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(eligibleOf), total: Number(count.n) };
}

export interface BatchState extends EligibleBatch {
  platformMark: number;
  status: number;
  invoiceStatus: number;
}

/** The company's batches among `ids`, whatever their state (the caller says why one cannot be invoiced). */
export async function companyBatches(db: Db, companyId: number, ids: readonly number[]): Promise<BatchState[]> {
  const rows = await db
    .selectFrom('payout_batches')
    .select([
      ...BATCH_COLUMNS,
      'payout_batches.platform_mark as platformMark',
      'payout_batches.status',
      'payout_batches.invoice_status as invoiceStatus',
    ])
    .where('payout_batches.company_id', '=', companyId)
    .where('payout_batches.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({
    ...eligibleOf(row),
    platformMark: Number(row.platformMark),
    status: Number(row.status),
    invoiceStatus: Number(row.invoiceStatus),
  }));
}

export interface InvoiceBatchLine {
  id: number;
  batchNo: string;
  createTime: string;
  itemCount: number;
  successCount: number;
  successAmount: number;
  successCharge: number;
  invoiceable: number;
}

/** The batches of an application as applied for (they stay listed after a rejection released them). */
export async function invoiceBatchLines(db: Db, invoiceId: number): Promise<InvoiceBatchLine[]> {
  const rows = await db
    .selectFrom('invoice_batches')
    .innerJoin('payout_batches', 'payout_batches.id', 'invoice_batches.batch_id')
    .select([
      'payout_batches.id',
      'payout_batches.batch_no as batchNo',
      'payout_batches.create_time as createTime',
      'payout_batches.item_count as itemCount',
      'payout_batches.success_count as successCount',
      'invoice_batches.success_amount as successAmount',
      'invoice_batches.success_charge as successCharge',
    ])
    .where('invoice_batches.invoice_id', '=', invoiceId)
    .orderBy('payout_batches.create_time', 'desc')
    .orderBy('payout_batches.id', 'desc')
    .execute();
  return rows.map((row) => {
    const successAmount = Number(row.successAmount);
    const successCharge = Number(row.successCharge);
    return {
      ...row,
      id: Number(row.id),
      itemCount: Number(row.itemCount),
      successCount: Number(row.successCount),
      successAmount,
      successCharge,
      invoiceable: successAmount + successCharge,
    };
  });
}
