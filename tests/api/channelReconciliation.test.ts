import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { DEV_CARD } from '../../server/money/payouts/devChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { RECON_RUN, RESULT } from '../../src/domain/finance';
import { ITEM } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { encodeQ } from '../../src/domain/query';
import {
  type FakeAlipayGateway,
  type Scenario,
  startFakeAlipayGateway,
  testKeyPair,
} from './support/fakeAlipayGateway';
import { fundedBatch } from './support/payoutFixtures';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 资金对账 compares the payout channel's bill of a day with the items it took: a bill that agrees matches line by
 * line, and each planted difference (an amount, a state, an order we never sent, a paid item the bill lacks)
 * shows on /fundReconciliation's lines, through the development channel and through Alipay's bill (a GBK CSV in
 * a zip from the loopback fake gateway).
 */

const OK = 1020000;
const RATE = 600;
const DAY_MS = 24 * 3600_000;
const yesterday = () => chinaTime(Date.now() - DAY_MS).slice(0, 10);

interface Line {
  source: string;
  result: number;
  reference: string;
  bankAmount: number;
  ledgerAmount: number;
  note: string;
}

function idCard(serial: number): string {
  const body = `11010119900404${String(serial % 1000).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}
let serial = 0;
const payee = (cardPrefix: string, name?: string): PayoutRow => {
  serial += 1;
  const body = `${cardPrefix}${String(serial).padStart(18 - cardPrefix.length, '0')}`;
  return {
    rowNo: serial,
    name: name ?? `对账收款人${serial}`,
    idCard: idCard(serial),
    bankCard: body + luhnCheckDigit(body),
    mobile: null,
    amount: 100_000 + serial * 100,
    remark: null,
  };
};

/** Moves the items' channel times to yesterday (a day that has ended, so it can be reconciled). */
async function sentYesterday(t: TestApp, ids: number[]) {
  const day = yesterday();
  await t.db
    .updateTable('payout_items')
    .set({ send_time: `${day} 10:00:00`, finish_time: `${day} 10:00:05` })
    .where('id', 'in', ids)
    .execute();
  await t.db
    .updateTable('payout_items')
    .set({ return_time: `${day} 18:00:00` })
    .where('id', 'in', ids)
    .where('status', '=', ITEM.returned)
    .execute();
}

async function reconcile(finance: AuthedClient, source: string) {
  const day = yesterday();
  const run = envelopeOf(await finance({ method: 'POST', url: '/api/v1/reconciliation/run', payload: { day } }));
  expect(run.code, run.message).toBe(OK);
  const page = envelopeOf(
    await finance.get(`/api/v1/reconciliation/items?day=${day}&page=0&size=1000&q=${encodeQ({ source })}`),
  );
  expect(page.code, page.message).toBe(OK);
  return { run: run.content, message: run.message as string, lines: page.content.content as Line[] };
}

const lineOf = (lines: Line[], itemId: number) => lines.filter((line) => line.reference === `明细 #${itemId}`);

describe('the development channel', () => {
  let t: TestApp;
  let finance: AuthedClient;
  beforeAll(async () => {
    t = await createTestApp();
    finance = authed(t.app, await tokenOf(t.app, 'caiwu'));
  });
  afterAll(async () => t?.close());

  it('matches a bill that agrees and lists each planted difference', async () => {
    const rows = [
      payee('622202'),
      payee(DEV_CARD.failed),
      payee(DEV_CARD.returned),
      payee(DEV_CARD.held),
      payee('622202'),
      payee('622202'),
      payee(DEV_CARD.silent),
    ];
    const { ids, items } = await fundedBatch(t.db, 940_001, rows, RATE);
    await t.app.payouts.drain();
    const statuses = (
      await t.db.selectFrom('payout_items').select('status').where('id', 'in', ids).orderBy('id').execute()
    ).map((row) => Number(row.status));
    expect(statuses).toEqual([
      ITEM.succeeded,
      ITEM.failed,
      ITEM.returned,
      ITEM.held,
      ITEM.succeeded,
      ITEM.succeeded,
      ITEM.sent,
    ]);
    await sentYesterday(t, ids);
    await t.db
      .updateTable('dev_channel_orders')
      .set({ accepted_ms: Date.now() - DAY_MS })
      .where('item_id', 'in', ids)
      .execute();

    const clean = await reconcile(finance, 'dev');
    const net = (index: number) => Number(items[index].net_amount);
    for (const index of [0, 1, 2]) {
      expect(lineOf(clean.lines, ids[index]), `item ${index}`).toMatchObject([
        { source: 'dev', result: RESULT.matched, bankAmount: net(index), ledgerAmount: net(index) },
      ]);
    }
    // A held and a processing order moved no money: neither side bills them, so they are no difference.
    expect(lineOf(clean.lines, ids[3])).toEqual([]);
    expect(lineOf(clean.lines, ids[6])).toEqual([]);
    expect(clean.lines.filter((line) => line.result !== RESULT.matched)).toEqual([]);

    // Planted: the channel paid another amount; the channel has no order for a paid item; the channel paid an
    // order we never sent; the channel paid an item we still have as processing.
    await t.db
      .updateTable('dev_channel_orders')
      .set({ amount: net(0) + 100 })
      .where('item_id', '=', ids[0])
      .execute();
    await t.db.deleteFrom('dev_channel_orders').where('item_id', '=', ids[4]).execute();
    await t.db
      .insertInto('dev_channel_orders')
      .values({
        item_id: 990_000_001,
        order_id: 'DEV990000001',
        payee: '陌生人',
        account: '6222020000000000000',
        amount: 50_000,
        accepted_ms: Date.now() - DAY_MS,
      })
      .execute();
    await t.db
      .updateTable('dev_channel_orders')
      .set({ account: rows[5].bankCard })
      .where('item_id', '=', ids[6])
      .execute();

    const planted = await reconcile(finance, 'dev');
    expect(planted.run.status).toBe(RECON_RUN.differences);
    expect(lineOf(planted.lines, ids[0])).toMatchObject([
      { result: RESULT.differs, bankAmount: net(0) + 100, ledgerAmount: net(0) },
    ]);
    expect(lineOf(planted.lines, ids[0])[0].note).toContain('金额');
    expect(lineOf(planted.lines, ids[4])).toMatchObject([
      { result: RESULT.ledgerOnly, bankAmount: 0, ledgerAmount: net(4) },
    ]);
    expect(lineOf(planted.lines, 990_000_001)).toMatchObject([
      { result: RESULT.bankOnly, bankAmount: 50_000, ledgerAmount: 0 },
    ]);
    expect(lineOf(planted.lines, ids[6])).toMatchObject([{ result: RESULT.differs }]);
    expect(lineOf(planted.lines, ids[6])[0].note).toContain('状态：通道成功，我方处理中');
    expect(planted.run.differs).toBe(2);
    expect(planted.message).toContain('金额或状态不符 2 笔');
    // The untouched items still match.
    for (const index of [1, 2, 5]) expect(lineOf(planted.lines, ids[index])[0].result).toBe(RESULT.matched);

    // The run's row on /fundReconciliation counts them, and the lines filter by result.
    const runs = envelopeOf(await finance.get('/api/v1/reconciliation/runs/search?page=0&size=1'));
    expect(runs.content.content[0]).toMatchObject({ status: RECON_RUN.differences, differCount: 2 });
    const differing = envelopeOf(
      await finance.get(
        `/api/v1/reconciliation/items?day=${yesterday()}&page=0&size=50&q=${encodeQ({ result: RESULT.differs, source: 'dev' })}`,
      ),
    );
    expect(
      (differing.content.content as Line[]).map((line) => line.reference).sort(),
      JSON.stringify(differing.content),
    ).toEqual([`明细 #${ids[0]}`, `明细 #${ids[6]}`].sort());
  });

  it('refuses a source filter that is not a name', async () => {
    const answer = envelopeOf(
      await finance.get(
        `/api/v1/reconciliation/items?day=${yesterday()}&page=0&size=10&q=${encodeQ({ source: "x' OR 1=1" })}`,
      ),
    );
    expect(answer.message).toBe('对账来源格式不正确');
  });
});

describe("Alipay's account bill", () => {
  const APP_ID = '2021004100000077';
  let t: TestApp;
  let finance: AuthedClient;
  let fake: FakeAlipayGateway;
  beforeAll(async () => {
    fake = await startFakeAlipayGateway();
    const app = testKeyPair();
    fake.allow(APP_ID, app.publicKey);
    t = await createTestApp({
      PAYOUT_CHANNEL: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: fake.alipay.publicKey,
      ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
    });
    finance = authed(t.app, await tokenOf(t.app, 'caiwu'));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const row = (scenario: Scenario) => {
    const made = payee('622202');
    fake.scenarios.set(made.name, scenario);
    return made;
  };

  it('reads the GBK bill in its zip, matches paid and returned transfers and finds an amount Alipay changed', async () => {
    const { ids, items } = await fundedBatch(t.db, 940_002, [row('success'), row('success'), row('fail')], RATE);
    await t.app.payouts.drain();
    // The second transfer comes back from the bank (退票).
    fake.set(String(ids[1]), 'REFUND', '收款行退票：账户已销户');
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/open/payouts/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: fake.notification(String(ids[1])),
    });
    expect(delivered.body).toBe('success');
    const statuses = (
      await t.db.selectFrom('payout_items').select('status').where('id', 'in', ids).orderBy('id').execute()
    ).map((r) => Number(r.status));
    expect(statuses).toEqual([ITEM.succeeded, ITEM.returned, ITEM.failed]);
    await sentYesterday(t, ids);
    for (const id of ids) {
      const order = fake.orders.get(String(id));
      if (order) order.billDay = yesterday();
    }

    const clean = await reconcile(finance, 'alipay');
    const net = (index: number) => Number(items[index].net_amount);
    expect(lineOf(clean.lines, ids[0])).toMatchObject([
      { source: 'alipay', result: RESULT.matched, bankAmount: net(0), ledgerAmount: net(0) },
    ]);
    expect(lineOf(clean.lines, ids[1]), JSON.stringify(lineOf(clean.lines, ids[1]))).toMatchObject([
      { source: 'alipay', result: RESULT.matched, bankAmount: net(1), ledgerAmount: net(1) },
    ]);
    // A failed transfer moved no money: not on Alipay's bill, and no difference.
    expect(lineOf(clean.lines, ids[2])).toEqual([]);

    // Planted: Alipay's order for the first item says another amount.
    const order = fake.orders.get(String(ids[0]));
    if (!order) throw new Error('no order');
    order.amount = (Number(order.amount) + 0.01).toFixed(2);
    const planted = await reconcile(finance, 'alipay');
    expect(lineOf(planted.lines, ids[0])).toMatchObject([
      { result: RESULT.differs, bankAmount: net(0) + 100, ledgerAmount: net(0) },
    ]);
    expect(planted.run.status).toBe(RECON_RUN.differences);
  });
});
