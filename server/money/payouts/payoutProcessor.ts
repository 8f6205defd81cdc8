import { sql } from 'kysely';
import { ABNORMAL, BATCH, ITEM, LEDGER } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { postEntries, type Tx } from '../ledger/ledger';
import type { PayoutChannel, PayoutResult } from './payoutChannel';

export interface PayoutProcessor {
  /** Starts the background loop (every intervalMs). */
  start(): void;
  /** Stops the loop and waits for the round in progress. */
  stop(): Promise<void>;
  /** Asks for a round once a new submission is due (the loop would also find it). */
  kick(): void;
  /** Pays every waiting item now, ignoring the delay; resolves when none is left (tests, re-payments). */
  drain(): Promise<number>;
  /** Sends these items, if still waiting, to the channel now and records them (an operator re-running stuck items). */
  payItems(ids: readonly number[]): Promise<{ id: number; result: PayoutResult }[]>;
}

export interface ProcessorOptions {
  /** How long an item waits before it is sent, like a bank's processing time. */
  delayMs: number;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

const CHUNK = 200;

interface PendingItem {
  id: number;
  batch_id: number;
  company_id: number;
  platform_mark: number;
  name: string;
  id_card: string;
  bank_card: string;
  mobile: string | null;
  amount: number;
  service_charge: number;
  create_time: string;
}

interface BatchTally {
  successCount: number;
  successAmount: number;
  successCharge: number;
  failedCount: number;
  failedAmount: number;
}

/**
 * Sends waiting payout items (status 0) to the channel, a chunk at a time, and records each outcome in one
 * transaction per chunk: the item's status, and for a failure the refund of its amount and service charge
 * through the ledger plus an abnormal-funds record (/errorMoney); then the batch's tallies, and its final
 * status once no item waits. Each item's update is conditional on status 0, so two processors (two server
 * processes) never record or refund an item twice. Items survive a restart: whatever was not recorded is
 * sent again, which is why the channel is keyed by item id.
 */
export function createPayoutProcessor(db: Db, channel: PayoutChannel, options: ProcessorOptions): PayoutProcessor {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function pendingChunk(dueBefore: string | null, ids?: readonly number[]): Promise<PendingItem[]> {
    let query = db
      .selectFrom('payout_items')
      .select([
        'id',
        'batch_id',
        'company_id',
        'platform_mark',
        'name',
        'id_card',
        'bank_card',
        'mobile',
        'amount',
        'service_charge',
        'create_time',
      ])
      .where('status', '=', ITEM.processing)
      .orderBy('id')
      .limit(CHUNK);
    if (dueBefore) query = query.where('create_time', '<=', dueBefore);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
    return (await query.execute()) as PendingItem[];
  }

  async function record(items: readonly PendingItem[], results: readonly PayoutResult[]): Promise<void> {
    const now = chinaTime();
    await db.transaction().execute(async (tx) => {
      const tallies = new Map<number, BatchTally>();
      for (const [index, item] of items.entries()) {
        const result = results[index];
        const updated = await tx
          .updateTable('payout_items')
          .set({
            status: result.ok ? ITEM.succeeded : ITEM.failed,
            fail_reason: result.ok ? null : result.reason,
            finish_time: now,
          })
          .where('id', '=', item.id)
          .where('status', '=', ITEM.processing)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) continue;
        const tally = tallies.get(item.batch_id) ?? {
          successCount: 0,
          successAmount: 0,
          successCharge: 0,
          failedCount: 0,
          failedAmount: 0,
        };
        tallies.set(item.batch_id, tally);
        if (result.ok) {
          tally.successCount += 1;
          tally.successAmount += Number(item.amount);
          tally.successCharge += Number(item.service_charge);
        } else {
          tally.failedCount += 1;
          tally.failedAmount += Number(item.amount);
          await refund(tx, item, result.reason, now);
        }
      }
      for (const [batchId, tally] of tallies) await settleBatch(tx, batchId, tally, now);
    });
  }

  async function refund(tx: Tx, item: PendingItem, reason: string, now: string): Promise<void> {
    await tx
      .insertInto('abnormal_funds')
      .values({
        company_id: item.company_id,
        platform_mark: item.platform_mark,
        batch_id: item.batch_id,
        item_id: item.id,
        name: item.name,
        id_card: item.id_card,
        bank_card: item.bank_card,
        mobile: item.mobile,
        amount: item.amount,
        service_charge: item.service_charge,
        reason,
        status: ABNORMAL.pending,
        create_time: now,
      })
      .execute();
    await postEntries(
      tx,
      { companyId: Number(item.company_id), platformMark: Number(item.platform_mark) },
      [
        {
          kind: LEDGER.refund,
          amount: Number(item.amount) + Number(item.service_charge),
          refType: 'item',
          refId: item.id,
          operatorId: null,
          remark: `${item.name} 打款失败退回：${reason}`.slice(0, 128),
        },
      ],
      now,
    );
  }

  async function settleBatch(tx: Tx, batchId: number, tally: BatchTally, now: string): Promise<void> {
    await tx
      .updateTable('payout_batches')
      .set({
        success_count: sql`success_count + ${tally.successCount}`,
        success_amount: sql`success_amount + ${tally.successAmount}`,
        success_charge: sql`success_charge + ${tally.successCharge}`,
        failed_count: sql`failed_count + ${tally.failedCount}`,
        failed_amount: sql`failed_amount + ${tally.failedAmount}`,
      })
      .where('id', '=', batchId)
      .execute();
    const batch = await tx
      .selectFrom('payout_batches')
      .select(['item_count', 'success_count', 'failed_count'])
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    const done = Number(batch.success_count) + Number(batch.failed_count);
    if (done < Number(batch.item_count)) return;
    const status =
      Number(batch.failed_count) === 0
        ? BATCH.completed
        : Number(batch.success_count) === 0
          ? BATCH.failed
          : BATCH.partlyFailed;
    await tx
      .updateTable('payout_batches')
      .set({ status, finish_time: now })
      .where('id', '=', batchId)
      .where('status', '=', BATCH.processing)
      .execute();
  }

  /** Sends the items to the channel (keyed by item id, so a resend pays once) and records the outcomes. */
  async function pay(items: readonly PendingItem[]): Promise<PayoutResult[]> {
    const results = await Promise.all(
      items.map((item) =>
        channel.pay({
          itemId: item.id,
          name: item.name,
          idCard: item.id_card,
          bankCard: item.bank_card,
          amount: Number(item.amount),
        }),
      ),
    );
    await record(items, results);
    return results;
  }

  async function round(ignoreDelay: boolean): Promise<number> {
    let paid = 0;
    for (;;) {
      const dueBefore = ignoreDelay ? null : chinaTime(Date.now() - options.delayMs);
      const items = await pendingChunk(dueBefore);
      if (items.length === 0) return paid;
      await pay(items);
      paid += items.length;
    }
  }

  /** One round at a time; a request during a round runs another one right after it. */
  function run(ignoreDelay: boolean): Promise<number> {
    if (running) return running.then(() => run(ignoreDelay));
    running = round(ignoreDelay).finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    run(false).catch((error) => options.onError?.(error));
  };

  return {
    start() {
      if (!timer) {
        timer = setInterval(tick, options.intervalMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    kick() {
      if (timer) setTimeout(tick, options.delayMs + 50).unref();
    },
    drain() {
      return run(true);
    },
    async payItems(ids) {
      const items = await pendingChunk(null, ids);
      const results = await pay(items);
      return items.map((item, index) => ({ id: Number(item.id), result: results[index] }));
    },
  };
}
