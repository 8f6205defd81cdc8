import { sql } from 'kysely';
import { itemServiceCharge } from '../../../src/domain/charges';
import { DRAFT_TTL_MS, MAX_OPEN_DRAFTS } from '../../../src/domain/payoutBatch';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/migrations/columns';
import { chinaTime, parseChinaTime } from '../../db/time';
import type { Tx } from '../ledger/ledger';
import { rateInForce } from '../rates/rates.service';
import type { PayoutRow } from './payoutRow';
import { type RowError, rowWarnings } from './validateRows';

/**
 * Validated uploads waiting to be submitted (payout_drafts) and the service charge rate they were priced at.
 * A draft is the idempotency key of a submission: batch_id is set by the one submission that used it.
 */
export interface DraftRecord {
  id: number;
  companyId: number;
  platformMark: number;
  userId: number;
  fileName: string;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  rate: number;
  batchId: number | null;
  createTime: string;
  /** When it can no longer be submitted. */
  expireTime: string;
  /** The task it settles; null for a file upload. */
  taskId: number | null;
}

export interface NewDraft {
  companyId: number;
  platformMark: number;
  userId: number;
  fileName: string;
  rows: readonly PayoutRow[];
  totalAmount: number;
  serviceCharge: number;
  rate: number;
  createTime: string;
  /** The task it settles (server/tasks); a file upload has none. */
  taskId?: number | null;
}

/** When a draft made at `createTime` expires: DRAFT_TTL_MS later, the one rule every page and check reads. */
export function draftExpireTime(createTime: string): string {
  return chinaTime(parseChinaTime(createTime) + DRAFT_TTL_MS);
}

/** The company's service charge rate for this edition in basis points now (money/rates: 0 without one). */
export async function serviceRate(db: Db, companyId: number, platformMark: number): Promise<number> {
  return rateInForce(db, companyId, platformMark);
}

export async function insertDraft(db: Db, draft: NewDraft): Promise<number> {
  const row = await db
    .insertInto('payout_drafts')
    .values({
      company_id: draft.companyId,
      platform_mark: draft.platformMark,
      user_id: draft.userId,
      file_name: draft.fileName,
      items: JSON.stringify(draft.rows),
      item_count: draft.rows.length,
      total_amount: draft.totalAmount,
      service_charge: draft.serviceCharge,
      rate: draft.rate,
      create_time: draft.createTime,
      expire_time: draftExpireTime(draft.createTime),
      task_id: draft.taskId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface CreatedDraft {
  draftId: number;
  totalAmount: number;
  serviceCharge: number;
  rate: number;
  /** Each row's service charge, in row order. */
  charges: number[];
  expireTime: string;
  /** The company's older uploads this one pushed past MAX_OPEN_DRAFTS (removed; the answer names them). */
  dropped: string[];
}

/**
 * A validated set of payout rows becomes a draft the /remit page submits: priced at the company's rate. Used by the
 * file upload and by a task's settlement (server/tasks, with its `taskId`), which pass rows already validated by
 * validateRows. Of the uploads a company keeps at most MAX_OPEN_DRAFTS not yet expired; older ones past that are
 * removed and named in the answer (an expired one stays listed, as expired, until the retention job). A task's draft
 * counts against nothing and is never removed here: its task names it until it is paid or settled again. Runs in a
 * transaction (the caller's, or its own) under the company's draft lock, so parallel uploads cannot each count the
 * others out and leave more than MAX_OPEN_DRAFTS open.
 */
export async function createDraft(
  db: Db,
  account: { companyId: number; platformMark: number },
  userId: number,
  fileName: string,
  rows: readonly PayoutRow[],
  now: number,
  taskId: number | null = null,
): Promise<CreatedDraft> {
  const rate = await serviceRate(db, account.companyId, account.platformMark);
  const charges = rows.map((row) => itemServiceCharge(row.amount, rate));
  const totalAmount = rows.reduce((sum, row) => sum + row.amount, 0);
  const serviceCharge = charges.reduce((sum, charge) => sum + charge, 0);
  const createTime = chinaTime(now);
  const write = async (tx: Db) => {
    await lockCompanyDrafts(tx, account.companyId);
    const draftId = await insertDraft(tx, {
      ...account,
      userId,
      fileName: [...fileName].slice(-128).join(''),
      rows,
      totalAmount,
      serviceCharge,
      rate,
      createTime,
      taskId,
    });
    const dropped = taskId === null ? await pruneOpenDrafts(tx, account.companyId, MAX_OPEN_DRAFTS, createTime) : [];
    return { draftId, dropped };
  };
  const { draftId, dropped } = db.isTransaction ? await write(db) : await db.transaction().execute((tx) => write(tx));
  return { draftId, totalAmount, serviceCharge, rate, charges, expireTime: draftExpireTime(createTime), dropped };
}

// Key space of the drafts' advisory locks (the second key is the company id).
const DRAFT_LOCK_SPACE = 145;

/**
 * Serializes the company's draft writes until the transaction ends: on PostgreSQL a transaction-scoped advisory
 * lock per company (statements after it see every draft committed before); SQLite runs one write at a time.
 */
async function lockCompanyDrafts(tx: Db, companyId: number): Promise<void> {
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${DRAFT_LOCK_SPACE}, ${companyId}::int)`.execute(tx);
}

/**
 * Claims an open draft for one submission, as the submission's first write: a conditional UPDATE that locks the
 * row while `batch_id is null`. A parallel submission, or a task settling again (settleTask deletes only
 * unsubmitted drafts), waits for this transaction and then finds the draft submitted. False when the draft is
 * already submitted or gone.
 */
export async function claimOpenDraft(tx: Tx, draftId: number): Promise<boolean> {
  const result = await tx
    .updateTable('payout_drafts')
    .set({ batch_id: null })
    .where('id', '=', draftId)
    .where('batch_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The retention job's sweep (server/system/logRetention.ts): every company's uploads never submitted and created
 * before `createdBefore`, `slice` rows per statement; answers how many. Submitted drafts (batch_id set) stay, and so
 * do tasks' drafts (their task names them; settling it again replaces its draft).
 */
export async function deleteUnsubmittedDraftsBefore(db: Db, createdBefore: string, slice: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('payout_drafts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('payout_drafts')
          .select('id')
          .where('batch_id', 'is', null)
          .where('task_id', 'is', null)
          .where('create_time', '<', createdBefore)
          .orderBy('id')
          .limit(slice),
      )
      // Checked again on the row being deleted: a submission between the select and the delete keeps its draft.
      .where('batch_id', 'is', null)
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < slice) return deleted;
  }
}

/**
 * Keeps the company's newest `keep` uploads not yet submitted nor expired and removes the older ones (every upload
 * of 10 000 rows holds about 1.7 MB): removing the oldest keeps the merchant's latest work, and the upload's answer
 * names what it removed; submitting a removed one answers 上传记录不存在，请重新上传文件 (nothing is paid). Submitted
 * drafts are never touched (they are the idempotency keys of their batches), nor are tasks' drafts. Answers the file
 * names removed.
 */
export async function pruneOpenDrafts(db: Db, companyId: number, keep: number, now: string): Promise<string[]> {
  const open = await db
    .selectFrom('payout_drafts')
    .select(['id', 'file_name'])
    .where('company_id', '=', companyId)
    .where('batch_id', 'is', null)
    .where('task_id', 'is', null)
    .where('expire_time', '>', now)
    .orderBy('id', 'desc')
    .execute();
  const older = open.slice(keep);
  if (older.length === 0) return [];
  await db
    .deleteFrom('payout_drafts')
    .where(
      'id',
      'in',
      older.map((row) => Number(row.id)),
    )
    .where('batch_id', 'is', null)
    .execute();
  return older.map((row) => row.file_name);
}

/** The draft, only when it belongs to this company and edition. */
export async function findOwnDraft(
  db: Db | Tx,
  id: number,
  companyId: number,
  platformMark: number,
): Promise<DraftRecord | undefined> {
  const row = await db
    .selectFrom('payout_drafts')
    .select([
      'id',
      'company_id as companyId',
      'platform_mark as platformMark',
      'user_id as userId',
      'file_name as fileName',
      'item_count as itemCount',
      'total_amount as totalAmount',
      'service_charge as serviceCharge',
      'rate',
      'batch_id as batchId',
      'create_time as createTime',
      'expire_time as expireTime',
      'task_id as taskId',
    ])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('platform_mark', '=', platformMark)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    expireTime: row.expireTime ?? draftExpireTime(row.createTime),
    taskId: row.taskId === null ? null : Number(row.taskId),
    id: Number(row.id),
    companyId: Number(row.companyId),
    userId: Number(row.userId),
    totalAmount: Number(row.totalAmount),
    serviceCharge: Number(row.serviceCharge),
    batchId: row.batchId === null ? null : Number(row.batchId),
  };
}

/** The draft's rows; null when the draft is gone (dropped by pruneOpenDrafts since it was looked up). */
export async function draftRows(db: Db | Tx, id: number): Promise<PayoutRow[] | null> {
  const row = await db.selectFrom('payout_drafts').select('items').where('id', '=', id).executeTakeFirst();
  return row ? (JSON.parse(row.items) as PayoutRow[]) : null;
}

/**
 * The warnings the merchant must acknowledge before the draft is paid (bank cards failing the check digit),
 * recomputed from the stored rows; none for a draft that is gone.
 */
export async function draftWarnings(db: Db | Tx, id: number): Promise<RowError[]> {
  return rowWarnings((await draftRows(db, id)) ?? []);
}

/**
 * Records the batch on the draft, only if no submission did before (`batch_id is null`), and drops the rows
 * (the batch's items hold them now). Answers whether this call was the one.
 */
export async function markDraftSubmitted(tx: Tx, draftId: number, batchId: number): Promise<boolean> {
  const result = await tx
    .updateTable('payout_drafts')
    .set({ batch_id: batchId, items: '[]' })
    .where('id', '=', draftId)
    .where('batch_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface SubmittedBatch {
  batchId: number;
  batchNo: string;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  status: number;
}

/** The batch a draft became, if it did. */
export async function batchOfDraft(db: Db, draftId: number): Promise<SubmittedBatch | undefined> {
  const row = await db
    .selectFrom('payout_batches')
    .select([
      'id',
      'batch_no as batchNo',
      'item_count as itemCount',
      'total_amount as totalAmount',
      'service_charge as serviceCharge',
      'status',
    ])
    .where('draft_id', '=', draftId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    batchId: Number(row.id),
    batchNo: row.batchNo,
    itemCount: Number(row.itemCount),
    totalAmount: Number(row.totalAmount),
    serviceCharge: Number(row.serviceCharge),
    status: Number(row.status),
  };
}

/** A draft waiting for submission, as /remit lists it (its rows stay on the server). */
export interface WaitingDraft {
  id: number;
  fileName: string;
  /** The task it settles (任务结算), or null for a file upload (上传文件). */
  taskId: number | null;
  /** That task's number, to find it on /taskRelease. */
  taskNo: string | null;
  itemCount: number;
  totalAmount: number;
  serviceCharge: number;
  createTime: string;
  expireTime: string;
  /** Past its expiry: it can no longer be submitted (a task is settled again, a file uploaded again). */
  expired: boolean;
}

/**
 * The company's drafts not yet submitted, from uploads and tasks alike, newest first, expired ones included (each
 * says when it expired): what /remit lists for the merchant to continue. At most `limit`.
 */
export async function waitingDrafts(
  db: Db,
  account: { companyId: number; platformMark: number },
  now: string,
  limit: number,
): Promise<WaitingDraft[]> {
  const rows = await db
    .selectFrom('payout_drafts')
    .leftJoin('worker_tasks', 'worker_tasks.id', 'payout_drafts.task_id')
    .select([
      'payout_drafts.id as id',
      'payout_drafts.file_name as fileName',
      'payout_drafts.task_id as taskId',
      'worker_tasks.task_no as taskNo',
      'payout_drafts.item_count as itemCount',
      'payout_drafts.total_amount as totalAmount',
      'payout_drafts.service_charge as serviceCharge',
      'payout_drafts.create_time as createTime',
      'payout_drafts.expire_time as expireTime',
    ])
    .where('payout_drafts.company_id', '=', account.companyId)
    .where('payout_drafts.platform_mark', '=', account.platformMark)
    .where('payout_drafts.batch_id', 'is', null)
    .orderBy('payout_drafts.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const expireTime = row.expireTime ?? draftExpireTime(row.createTime);
    return {
      id: Number(row.id),
      fileName: row.fileName,
      taskId: row.taskId === null ? null : Number(row.taskId),
      taskNo: row.taskNo ?? null,
      itemCount: Number(row.itemCount),
      totalAmount: Number(row.totalAmount),
      serviceCharge: Number(row.serviceCharge),
      createTime: row.createTime,
      expireTime,
      expired: expireTime <= now,
    };
  });
}
