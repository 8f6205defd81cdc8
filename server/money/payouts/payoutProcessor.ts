import { ITEM } from '../../../src/domain/moneyEnums';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { yieldTurn } from '../../system/eventLoopTurns';
import { runScheduledRound, runWhenFree } from '../../system/jobLock';
import { netPayable } from '../tax/withholding';
import { AT_CHANNEL, applyChannelState, recordAccepted } from './itemLife';
import { recordItemOutcomes } from './itemOutcomes';
import type { ChannelState, PayoutChannel } from './payoutChannel';

export interface PayoutProcessor {
  /** Starts the background loop (every intervalMs). */
  start(): void;
  /** Stops the loop and waits for the round in progress. */
  stop(): Promise<void>;
  /** Asks for a round once a new submission is due (the loop would also find it). */
  kick(): void;
  /**
   * Sends every waiting item now, ignoring the delay, then asks the channel about every open one; resolves when
   * done (tests, re-payments). Answers how many items it sent.
   */
  drain(): Promise<number>;
  /** Sends these items, if still waiting, and asks the channel about them (an operator re-running stuck items). */
  payItems(ids: readonly number[]): Promise<ItemNow[]>;
  /** Asks the channel about these open items now and records what it says (an operator's 查询). */
  queryItems(ids: readonly number[]): Promise<ItemNow[]>;
}

/** An item's status after a round, and its failure, hold or return reason. */
export interface ItemNow {
  id: number;
  status: number;
  reason: string | null;
}

export interface ProcessorOptions {
  /** How long an item waits before it is sent. */
  delayMs: number;
  intervalMs: number;
  /** How long an open order waits before the channel is asked again (notifications usually come first). */
  queryIntervalMs?: number;
  onError?: (error: unknown) => void;
}

const CHUNK = 200;
/**
 * Answers recorded per transaction. A transaction holds SQLite's one connection and, with it, the event loop (each
 * statement settles at once); slices this small keep a held stretch to a few tens of milliseconds, and the next
 * slice's connection hand-over lets waiting requests in (db/database.ts). Each move is a claim from the state it
 * expects, so slicing changes no outcome.
 */
const RECORD_SLICE = 40;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += RECORD_SLICE) out.push(items.slice(start, start + RECORD_SLICE));
  return out;
}

interface PendingItem {
  id: number;
  batch_id: number;
  company_id: number;
  platform_mark: number;
  name: string;
  id_card: string;
  bank_card: string;
  payout_method: 'bankcard' | 'alipay';
  alipay_account: string | null;
  mobile: string | null;
  amount: number;
  service_charge: number;
  tax_amount: number;
  tax_status: number;
  create_time: string;
}

const PENDING_COLUMNS = [
  'id',
  'batch_id',
  'company_id',
  'platform_mark',
  'name',
  'id_card',
  'bank_card',
  'payout_method',
  'alipay_account',
  'mobile',
  'amount',
  'service_charge',
  'tax_amount',
  'tax_status',
  'create_time',
] as const;

/**
 * Moves payout items along their channel's life (itemLife.ts, docs/payoutChannels.md), a chunk at a time:
 * - waiting items (待打款) are submitted, keyed by item id; an accepted order becomes 处理中 with the channel's
 *   order id, a refused one fails and is refunded (itemOutcomes.ts);
 * - open orders (处理中, 挂单) whose query time has come are asked about, and what the channel says is recorded.
 * Every move is a claim from the state it expects, so two processors (two server processes), a notification and
 * an operator never move or refund an item twice; scheduled rounds hold a lock across hosts. Items survive a
 * restart: a crash after sending and before recording leaves the item waiting, and the resend finds the channel's
 * order under the same item id, so it pays once.
 */
export function createPayoutProcessor(db: Db, channel: PayoutChannel, options: ProcessorOptions): PayoutProcessor {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  const queryIntervalMs = options.queryIntervalMs ?? Math.max(options.intervalMs, 1000);

  async function waitingChunk(dueBefore: string | null, ids?: readonly number[]): Promise<PendingItem[]> {
    let query = db
      .selectFrom('payout_items')
      .select(PENDING_COLUMNS)
      .where('status', '=', ITEM.waiting)
      .orderBy('id')
      .limit(CHUNK);
    if (dueBefore) query = query.where('create_time', '<=', dueBefore);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
    return (await query.execute()) as PendingItem[];
  }

  /** Open orders due a query, after `afterId`; all of them (ignoring query_time) when `due` is null. */
  async function openChunk(due: string | null, afterId: number, ids?: readonly number[]): Promise<number[]> {
    let query = db
      .selectFrom('payout_items')
      .select('id')
      .where('status', 'in', [...AT_CHANNEL])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(CHUNK);
    if (due) query = query.where((eb) => eb.or([eb('query_time', 'is', null), eb('query_time', '<=', due)]));
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
    return (await query.execute()).map((row) => Number(row.id));
  }

  /** Submits the items (keyed by item id, so a resend pays once) and records each answer. */
  async function send(items: readonly PendingItem[]): Promise<void> {
    const answers = await Promise.all(
      items.map((item) =>
        channel
          .submit({
            itemId: Number(item.id),
            name: item.name,
            idCard: item.id_card,
            bankCard: item.bank_card,
            method: item.payout_method === 'alipay' ? 'alipay' : 'bankcard',
            ...(item.payout_method === 'alipay' && item.alipay_account ? { alipayAccount: item.alipay_account } : {}),
            // The net: the income tax withheld stays in the signing entity's 代扣税款 account.
            amount: netPayable(item),
            grossAmount: Number(item.amount),
            taxWithheld: Number(item.amount) - netPayable(item),
          })
          .catch((error: unknown) => {
            // Not sent as far as we know: the item stays waiting and the next round resends it under its id.
            options.onError?.(error);
            return null;
          }),
      ),
    );
    const now = chinaTime();
    const queryTime = chinaTime(Date.now() + queryIntervalMs);
    const answered = items.map((item, index) => ({ item, answer: answers[index] }));
    for (const slice of slices(answered)) {
      await db.transaction().execute(async (tx) => {
        const refused: { item: PendingItem; reason: string }[] = [];
        for (const { item, answer } of slice) {
          if (!answer) continue;
          if (answer.accepted)
            await recordAccepted(tx, Number(item.id), channel.provider, answer.orderId, now, queryTime);
          else refused.push({ item, reason: answer.reason });
        }
        await recordItemOutcomes(
          tx,
          refused.map(({ item }) => item),
          refused.map(({ reason }) => ({ ok: false, reason })),
          now,
          ITEM.waiting,
        );
      });
    }
  }

  /** Asks the channel about open orders and records what it says; those still open are asked again later. */
  async function ask(ids: readonly number[]): Promise<void> {
    const states = await Promise.all(
      ids.map((id) =>
        channel.query(id).catch((error: unknown): ChannelState => {
          options.onError?.(error);
          return { state: 'unknown' };
        }),
      ),
    );
    const now = chinaTime();
    const queryTime = chinaTime(Date.now() + queryIntervalMs);
    const asked = ids.map((id, index) => ({ id, state: states[index] }));
    for (const slice of slices(asked)) {
      await db.transaction().execute(async (tx) => {
        for (const { id, state } of slice) await applyChannelState(tx, id, state, now);
        await tx
          .updateTable('payout_items')
          .set({ query_time: queryTime })
          .where(
            'id',
            'in',
            slice.map(({ id }) => id),
          )
          .where('status', 'in', [...AT_CHANNEL])
          .execute();
      });
    }
  }

  async function round(ignoreDelay: boolean): Promise<number> {
    let moved = 0;
    for (;;) {
      const dueBefore = ignoreDelay ? null : chinaTime(Date.now() - options.delayMs);
      const items = await waitingChunk(dueBefore);
      if (items.length === 0) break;
      await send(items);
      moved += items.length;
      // Requests waiting meanwhile are answered between chunks (system/eventLoopTurns.ts).
      await yieldTurn();
      // An item the channel could not be reached for stays waiting: leave it to the next round.
      if ((await waitingChunk(dueBefore)).some((item) => items.some((sent) => sent.id === item.id))) break;
    }
    const due = ignoreDelay ? null : chinaTime();
    for (let afterId = 0; ; ) {
      const ids = await openChunk(due, afterId);
      if (ids.length === 0) break;
      await ask(ids);
      afterId = ids[ids.length - 1];
      await yieldTurn();
    }
    return moved;
  }

  /** One round at a time; a request during a round runs another one right after it. */
  function run(ignoreDelay: boolean): Promise<number> {
    if (running) return running.then(() => run(ignoreDelay));
    running = round(ignoreDelay).finally(() => {
      running = null;
    });
    return running;
  }

  async function statusOf(ids: readonly number[]): Promise<ItemNow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('payout_items')
      .select(['id', 'status', 'fail_reason', 'hold_reason', 'return_reason'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      status: Number(row.status),
      reason: row.return_reason ?? row.fail_reason ?? row.hold_reason ?? null,
    }));
  }

  // Scheduled rounds take the job's lock (system/jobLock.ts): with several hosts one sends at a time, so an item
  // is not sent to the channel by two hosts at once (recording stays a claim regardless). A round is skipped while
  // 定时任务 has the job paused, and recorded there when it moved something.
  const tick = () => {
    runScheduledRound(db, 'payouts', () => run(false)).catch((error) => options.onError?.(error));
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
        const items = await waitingChunk(null, ids);
        if (items.length === 0) return [];
        await send(items);
        await ask(
          await openChunk(
            null,
            0,
            items.map((item) => Number(item.id)),
          ),
        );
        return statusOf(items.map((item) => Number(item.id)));
      });
    },
    async queryItems(ids) {
      const open = await openChunk(null, 0, ids);
      if (open.length > 0) await ask(open);
      return statusOf(ids);
    },
  };
}
