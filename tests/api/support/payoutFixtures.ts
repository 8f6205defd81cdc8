import { randomInt } from 'node:crypto';
import type { Db } from '../../../server/db/database';
import { chinaTime } from '../../../server/db/time';
import { postEntries } from '../../../server/money/ledger/ledger';
import { createBatch } from '../../../server/money/payouts/createBatch';
import type { PayoutRow } from '../../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../../src/domain/charges';
import { BATCH, ITEM, LEDGER } from '../../../src/domain/moneyEnums';

/**
 * Finished payout batches written straight into the tables (no ledger, no processor), for the invoice tests
 * while batch submission is built elsewhere: a batch, its successful items and, for a partly failed batch,
 * one failed item. Amounts are units of 1/10000 yuan.
 */
export interface FixtureBatchOptions {
  companyId: number;
  platformMark: number;
  /** Amounts of the successful items. */
  amounts: readonly number[];
  /** Service charge rate in basis points (600 = 6%). */
  rate?: number;
  /** BATCH: 2 completed (default), 3 partly failed (adds one failed item), 1 processing, 4 all failed. */
  status?: number;
  invoiceStatus?: number;
  createTime?: string;
}

export interface FixtureBatch {
  id: number;
  batchNo: string;
  successAmount: number;
  successCharge: number;
  /** successAmount + successCharge: what an invoice over it covers. */
  invoiceable: number;
}

const FAILED_AMOUNT = 1_000_000;

export async function insertBatch(db: Db, options: FixtureBatchOptions): Promise<FixtureBatch> {
  const rate = options.rate ?? 600;
  const status = options.status ?? BATCH.completed;
  const now = options.createTime ?? chinaTime();
  const succeeded = status === BATCH.completed || status === BATCH.partlyFailed ? options.amounts : [];
  const charges = succeeded.map((amount) => itemServiceCharge(amount, rate));
  const failed = status === BATCH.partlyFailed ? [FAILED_AMOUNT] : status === BATCH.failed ? options.amounts : [];
  const successAmount = succeeded.reduce((sum, amount) => sum + amount, 0);
  const successCharge = charges.reduce((sum, charge) => sum + charge, 0);
  const failedAmount = failed.reduce((sum, amount) => sum + amount, 0);
  const processing = status === BATCH.processing;
  const items = processing ? options.amounts : [...succeeded, ...failed];
  const batchNo = `TB${now.replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  const operator = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', options.companyId)
    .executeTakeFirst();

  const inserted = await db
    .insertInto('payout_batches')
    .values({
      batch_no: batchNo,
      company_id: options.companyId,
      platform_mark: options.platformMark,
      draft_id: null,
      item_count: items.length,
      total_amount: items.reduce((sum, amount) => sum + amount, 0),
      service_charge: items.reduce((sum, amount) => sum + itemServiceCharge(amount, rate), 0),
      rate,
      status,
      success_count: succeeded.length,
      success_amount: successAmount,
      success_charge: successCharge,
      failed_count: failed.length,
      failed_amount: failedAmount,
      invoice_status: options.invoiceStatus ?? 0,
      operator_id: Number(operator?.id ?? 1),
      create_time: now,
      finish_time: processing ? null : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);

  const itemStatus = (index: number) =>
    processing ? ITEM.waiting : index < succeeded.length ? ITEM.succeeded : ITEM.failed;
  if (items.length > 0) {
    await db
      .insertInto('payout_items')
      .values(
        items.map((amount, index) => ({
          batch_id: id,
          company_id: options.companyId,
          platform_mark: options.platformMark,
          row_no: index + 2,
          name: `测试${index + 1}`,
          id_card: '11010119900307001X',
          bank_card: '6222020000000000000',
          mobile: null,
          amount,
          service_charge: itemServiceCharge(amount, rate),
          remark: null,
          status: itemStatus(index),
          fail_reason: itemStatus(index) === ITEM.failed ? '卡号校验失败' : null,
          create_time: now,
          finish_time: processing ? null : now,
        })),
      )
      .execute();
  }
  return { id, batchNo, successAmount, successCharge, invoiceable: successAmount + successCharge };
}

/** Every batch of the company (any edition) that an invoice could still take, set aside so a test starts clean. */
export async function setAsideEligibleBatches(db: Db, companyId: number): Promise<void> {
  await db
    .updateTable('payout_batches')
    .set({ invoice_status: 2 })
    .where('company_id', '=', companyId)
    .where('invoice_status', '=', 0)
    .execute();
}

/**
 * A company of its own topped up with 1 000 yuan and a batch of these rows submitted through createBatch, as the
 * channel tests start: answers the batch, the company's account, its item ids and items, in row order.
 */
export async function fundedBatch(db: Db, companyId: number, rows: PayoutRow[], rate: number) {
  const account = { companyId, platformMark: 1 };
  await db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        account,
        [{ kind: LEDGER.recharge, amount: 10_000_000, refType: 'recharge', refId: companyId, operatorId: null }],
        chinaTime(),
      ),
    );
  const created = await db
    .transaction()
    .execute((tx) => createBatch(tx, { ...account, operatorId: 1, rows, rate, draftId: null, now: chinaTime() }));
  const items = await db
    .selectFrom('payout_items')
    .select(['id', 'net_amount', 'amount', 'service_charge'])
    .where('batch_id', '=', created.batchId)
    .orderBy('id')
    .execute();
  return { created, account, ids: items.map((item) => Number(item.id)), items };
}
