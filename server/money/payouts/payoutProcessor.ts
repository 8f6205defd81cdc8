import { ITEM } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { runExclusively, runWhenFree } from '../../system/jobLock';
import { netPayable } from '../tax/withholding';
import { recordItemOutcomes } from './itemOutcomes';
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
  tax_amount: number;
  tax_status: number;
  create_time: string;
}

/**
 * Sends waiting payout items (status 0) to the channel, a chunk at a time, and records each outcome in one
 * transaction per chunk (itemOutcomes.ts): the item's status, and for a failure the refund of its amount and service charge
 * through the ledger plus an abnormal-funds record (/errorMoney); then the batch's tallies, and its final
 * status once no item waits. Each item's update is conditional on status 0, so two processors (two server
 * processes) never record or refund an item twice, and scheduled rounds hold a lock across hosts. Items survive a restart: whatever was not recorded is
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
        'tax_amount',
        'tax_status',
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
    await db.transaction().execute((tx) => recordItemOutcomes(tx, items, results, now, ITEM.processing));
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
          // The net: the income tax withheld stays in the signing entity's 代扣税款 account.
          amount: netPayable(item),
          grossAmount: Number(item.amount),
          taxWithheld: Number(item.amount) - netPayable(item),
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

  // Scheduled rounds take the job's lock (system/jobLock.ts): with several hosts one sends at a time, so an item
  // is not sent to the channel by two hosts at once (recording stays conditional on status 0 regardless).
  const tick = () => {
    runExclusively(db, 'payouts', () => run(false)).catch((error) => options.onError?.(error));
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
    payItems(ids) {
      // Under the same lock as the rounds: an item a round (on any host) is sending is not sent a second time.
      return runWhenFree(db, 'payouts', async () => {
        const items = await pendingChunk(null, ids);
        const results = await pay(items);
        return items.map((item, index) => ({ id: Number(item.id), result: results[index] }));
      });
    },
  };
}
