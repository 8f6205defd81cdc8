import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies } from '../../server/money/ledger/ledger';
import { createDevChannel, DEV_CARD, DEV_REASON, NOTIFY_MAX_AGE_MS } from '../../server/money/payouts/devChannel';
import type { PayoutChannel } from '../../server/money/payouts/payoutChannel';
import { createPayoutProcessor } from '../../server/money/payouts/payoutProcessor';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../src/domain/charges';
import { BATCH, ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { fundedBatch } from './support/payoutFixtures';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** A payout item's life through the development channel: every transition, races, crashes, notifications. */

const OK = 1020000;
const RATE = 600;
let t: TestApp;
let admin: AuthedClient;
let sender: ReturnType<typeof createDevChannel>;
let company = 920_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  // The channel's side: the same order book and secret as the app's development channel, to send notifications.
  sender = createDevChannel(t.db, { delayMs: 0, secret: t.config.payoutChannel.devSecret });
});
afterAll(async () => t?.close());

function idCard(serial: number): string {
  const body = `11010119900202${String(serial % 1000).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

function card(prefix: string, serial: number): string {
  const body = `${prefix}${String(serial).padStart(18 - prefix.length, '0')}`;
  return body + luhnCheckDigit(body);
}

let serial = 0;
const row = (prefix: string, amount = 100_000): PayoutRow => {
  serial += 1;
  return {
    rowNo: serial,
    name: `通道收款人${serial}`,
    idCard: idCard(serial),
    bankCard: card(prefix, serial),
    mobile: null,
    amount,
    remark: null,
  };
};

/** A funded company of its own and a batch of these rows; answers the batch, its items and the account. */
const batchOf = (rows: PayoutRow[]) => fundedBatch(t.db, ++company, rows, RATE);

const itemOf = (id: number) =>
  t.db.selectFrom('payout_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (id: number) =>
  t.db
    .selectFrom('ledger_entries')
    .select(['amount'])
    .where('ref_type', '=', 'item')
    .where('ref_id', '=', id)
    .where('kind', '=', LEDGER.refund)
    .execute();
const fundsOf = (id: number) => t.db.selectFrom('abnormal_funds').select('id').where('item_id', '=', id).execute();
const post = (url: string) => admin({ method: 'POST', url, payload: {} }).then(envelopeOf);

async function notify(itemId: number, override = {}) {
  const message = await sender.notification(itemId, override);
  if (!message) throw new Error('no order');
  return deliver(message);
}
const deliver = (message: { headers: Record<string, string>; body: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/open/payouts/notify/dev',
    headers: message.headers,
    payload: message.body,
  });

describe('the item life through the development channel', () => {
  it('ends success, failure, refusal and return with the right balances, each refund once', async () => {
    const rows = [
      row('622202'),
      row(DEV_CARD.failed),
      row(DEV_CARD.returned),
      { ...row('622202'), bankCard: '6222020000000000001' },
    ];
    rows[3].bankCard = `${rows[3].bankCard.slice(0, -1)}${(Number(luhnCheckDigit(rows[3].bankCard.slice(0, -1))) + 1) % 10}`;
    const { created, account, ids, items } = await batchOf(rows);
    expect((await itemOf(ids[0])).status).toBe(ITEM.waiting);
    await t.app.payouts.drain();
    const [paid, failed, returned, refused] = await Promise.all(ids.map(itemOf));
    expect(paid).toMatchObject({
      status: ITEM.succeeded,
      channel: 'dev',
      channel_order_id: `DEV${String(ids[0]).padStart(12, '0')}`,
    });
    expect(failed).toMatchObject({ status: ITEM.failed, fail_reason: DEV_REASON.failed });
    expect(returned).toMatchObject({ status: ITEM.returned, return_reason: DEV_REASON.returned });
    expect(refused).toMatchObject({ status: ITEM.failed, channel: null });
    // The channel was asked for the net.
    const orders = await t.db
      .selectFrom('dev_channel_orders')
      .selectAll()
      .where('item_id', 'in', ids)
      .orderBy('item_id')
      .execute();
    expect(orders.map((order) => Number(order.amount))).toEqual(
      items.slice(0, 3).map((item) => Number(item.net_amount)),
    );

    for (const index of [1, 2, 3]) {
      const cost = rows[index].amount + itemServiceCharge(rows[index].amount, RATE);
      expect((await refundsOf(ids[index])).map((entry) => Number(entry.amount))).toEqual([cost]);
      expect(await fundsOf(ids[index])).toHaveLength(1);
    }
    const spent = rows[0].amount + itemServiceCharge(rows[0].amount, RATE);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - spent);
    const batch = await t.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ success_count: 1, failed_count: 3, status: BATCH.partlyFailed });

    // Asking again, and a late notification of the return, change nothing.
    await t.app.payouts.queryItems(ids);
    expect((await notify(ids[2])).statusCode).toBe(200);
    expect(await refundsOf(ids[2])).toHaveLength(1);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - spent);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });

  it('holds an order, then an operator releases it and it is paid; another held one is cancelled and refunded once', async () => {
    const rows = [row(DEV_CARD.held), row(DEV_CARD.held)];
    const { created, account, ids } = await batchOf(rows);
    await t.app.payouts.drain();
    expect(await itemOf(ids[0])).toMatchObject({ status: ITEM.held, hold_reason: DEV_REASON.held });
    let batch = await t.db
      .selectFrom('payout_batches')
      .select('status')
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe(BATCH.processing);

    const released = await post(`/api/v1/systemtools/payouts/${ids[0]}/release`);
    expect(released.code, released.message).toBe(OK);
    expect((await itemOf(ids[0])).status).toBe(ITEM.sent);
    // Both at once: one cancel wins; the loser is told the item is no longer held.
    const cancels = await Promise.all([1, 2, 3].map(() => post(`/api/v1/systemtools/payouts/${ids[1]}/cancel`)));
    expect(cancels.filter((answer) => answer.code === OK)).toHaveLength(1);
    await t.app.payouts.drain();
    expect((await itemOf(ids[0])).status).toBe(ITEM.succeeded);
    expect(await itemOf(ids[1])).toMatchObject({ status: ITEM.failed, fail_reason: '挂单已撤销' });
    expect(await refundsOf(ids[1])).toHaveLength(1);
    expect(await refundsOf(ids[0])).toHaveLength(0);
    batch = await t.db
      .selectFrom('payout_batches')
      .select('status')
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe(BATCH.partlyFailed);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - rows[0].amount - itemServiceCharge(rows[0].amount, RATE));
    const again = await post(`/api/v1/systemtools/payouts/${ids[0]}/cancel`);
    expect(again.message).toBe('该笔打款不在挂单状态');
  });

  it('moves an item once when a notification, the processor and an operator race', async () => {
    const { ids, account } = await batchOf([row(DEV_CARD.silent)]);
    await t.app.payouts.drain();
    expect((await itemOf(ids[0])).status).toBe(ITEM.sent);
    // The channel now reports failure: the order book says so for every reader.
    await t.db.updateTable('dev_channel_orders').set({ cancelled: 1 }).where('item_id', '=', ids[0]).execute();
    await Promise.all([
      notify(ids[0], { state: 'failed', reason: '渠道退回' }),
      notify(ids[0], { state: 'failed', reason: '渠道退回' }),
      t.app.payouts.drain(),
      post(`/api/v1/systemtools/payouts/${ids[0]}/query`),
      t.app.payouts.queryItems(ids),
    ]);
    expect((await itemOf(ids[0])).status).toBe(ITEM.failed);
    expect(await refundsOf(ids[0])).toHaveLength(1);
    expect(await fundsOf(ids[0])).toHaveLength(1);
    expect(await balanceOf(t.db, account)).toBe(10_000_000);
  });

  it('pays once when the process dies after sending and before recording', async () => {
    const { ids } = await batchOf([row('622202')]);
    const real = createDevChannel(t.db, { delayMs: 0, secret: 'x' });
    // The recording transaction fails right after the channel accepted: the crash.
    const crashing = createPayoutProcessor(
      new Proxy(t.db, {
        get: (db, property) => {
          if (property === 'transaction') {
            return () => {
              throw new Error('进程在记录前终止');
            };
          }
          const value = Reflect.get(db, property);
          return typeof value === 'function' ? value.bind(db) : value;
        },
      }),
      real,
      { delayMs: 0, intervalMs: 1000 },
    );
    await expect(crashing.drain()).rejects.toThrow('进程在记录前终止');
    expect((await itemOf(ids[0])).status).toBe(ITEM.waiting);
    expect(
      await t.db.selectFrom('dev_channel_orders').select('item_id').where('item_id', '=', ids[0]).execute(),
    ).toHaveLength(1);
    // The restarted process sends it again under the same item id: the channel finds the first order.
    await t.app.payouts.drain();
    expect((await itemOf(ids[0])).status).toBe(ITEM.succeeded);
    const orders = await t.db.selectFrom('dev_channel_orders').selectAll().where('item_id', '=', ids[0]).execute();
    expect(orders).toHaveLength(1);
  });

  it('ignores forged, replayed, stale and foreign notifications', async () => {
    const { ids, account } = await batchOf([row(DEV_CARD.silent)]);
    await t.app.payouts.drain();
    const message = await sender.notification(ids[0], { state: 'failed', reason: '伪造' });
    if (!message) throw new Error('no order');
    // Forged: the body changed after signing, or signed with another key.
    const forged = await deliver({ ...message, body: message.body.replace('伪造', '篡改') });
    expect(forged.statusCode).toBe(401);
    const otherKey = createDevChannel(t.db, { delayMs: 0, secret: 'another-secret-another-secret-xx' });
    const foreign = await otherKey.notification(ids[0], { state: 'failed', reason: 'x' });
    expect((await deliver(foreign as { headers: Record<string, string>; body: string })).statusCode).toBe(401);
    // Stale: signed long ago.
    const old = await notify(ids[0], {
      state: 'failed',
      reason: '过期',
      sentAt: Date.now() - NOTIFY_MAX_AGE_MS - 60_000,
    });
    expect(old.statusCode).toBe(401);
    expect((await itemOf(ids[0])).status).toBe(ITEM.sent);

    // Genuine success, then its replay and a stale failure of the same order: paid once, nothing refunded.
    const success = await sender.notification(ids[0], { state: 'succeeded' });
    if (!success) throw new Error('no order');
    expect((await deliver(success)).body).toBe('{"code":"SUCCESS"}');
    expect((await deliver(success)).statusCode).toBe(200);
    expect((await notify(ids[0], { state: 'failed', reason: '迟到的失败' })).statusCode).toBe(200);
    expect((await notify(ids[0], { state: 'processing' })).statusCode).toBe(200);
    expect((await itemOf(ids[0])).status).toBe(ITEM.succeeded);
    expect(await refundsOf(ids[0])).toHaveLength(0);
    const notices = await t.db
      .selectFrom('payout_notifications')
      .select('outcome')
      .where('item_id', '=', ids[0])
      .orderBy('id')
      .execute();
    expect(notices.map((notice) => notice.outcome)).toEqual(['applied', 'unchanged', 'unchanged']);
    // A genuine return after that: refunded exactly once, however often it is delivered.
    const back = await sender.notification(ids[0], { state: 'returned', reason: '收款行退汇' });
    if (!back) throw new Error('no order');
    await Promise.all([deliver(back), deliver(back), deliver(back)]);
    expect((await itemOf(ids[0])).status).toBe(ITEM.returned);
    expect(await refundsOf(ids[0])).toHaveLength(1);
    expect(await balanceOf(t.db, account)).toBe(10_000_000);
  });

  it('answers a receipt for a paid order and a bill of the day', async () => {
    const { ids } = await batchOf([row('622202'), row(DEV_CARD.failed)]);
    await t.app.payouts.drain();
    const channel: PayoutChannel = sender;
    const pdf = await channel.receipt(ids[0]);
    expect(
      Buffer.from(pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await channel.receipt(ids[1])).toBeNull();
    const lines = await channel.bill(chinaTime().slice(0, 10));
    expect(lines.filter((line) => ids.includes(line.itemId)).map((line) => line.state)).toEqual([
      'succeeded',
      'failed',
    ]);
  });
});
