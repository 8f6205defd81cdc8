import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, ledgerDiscrepancies } from '../../server/money/ledger/ledger';
import { createAlipayChannel } from '../../server/money/payouts/alipay/alipayChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../src/domain/charges';
import { BATCH, ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import {
  FAKE_REASON,
  type FakeAlipayGateway,
  type Scenario,
  startFakeAlipayGateway,
  type TestKeys,
  testKeyPair,
} from './support/fakeAlipayGateway';
import { fundedBatch } from './support/payoutFixtures';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Payouts through the Alipay channel (alipay-sdk) against a loopback fake of Alipay's gateway. */

const OK = 1020000;
const RATE = 600;
const APP_ID = '2021004100000001';
let t: TestApp;
let admin: AuthedClient;
let fake: FakeAlipayGateway;
let app: TestKeys;
let company = 930_000;

beforeAll(async () => {
  fake = await startFakeAlipayGateway();
  app = testKeyPair();
  fake.allow(APP_ID, app.publicKey);
  t = await createTestApp({
    PAYOUT_CHANNEL: 'alipay',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: fake.alipay.publicKey,
    ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
  });
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function idCard(serial: number): string {
  const body = `11010119900303${String(serial % 1000).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

let serial = 0;
/** A payee whose order takes this course at the fake (chosen by the payee's name). */
const row = (scenario: Scenario, amount = 100_000): PayoutRow => {
  serial += 1;
  const name = `支付宝收款人${serial}`;
  fake.scenarios.set(name, scenario);
  const body = `622202${String(serial).padStart(12, '0')}`;
  return {
    rowNo: serial,
    name,
    idCard: idCard(serial),
    bankCard: body + luhnCheckDigit(body),
    mobile: null,
    amount,
    remark: null,
  };
};

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
const cost = (amount: number) => amount + itemServiceCharge(amount, RATE);
const deliver = (form: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/open/payouts/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: form,
  });
const yuan = (amount: number) => `${Math.floor(amount / 10_000)}.${String((amount % 10_000) / 100).padStart(2, '0')}`;

describe('the Alipay channel against a fake gateway', () => {
  it('ends success, failure, refusal, a hold released and a return with the right balances, each refund once', async () => {
    const rows = [row('success'), row('fail'), row('refuse'), row('held'), row('refund'), row('dealing', 123_400)];
    const { created, account, ids, items } = await batchOf(rows);
    await t.app.payouts.drain();
    const [paid, failed, refused, held, toReturn, dealing] = await Promise.all(ids.map(itemOf));
    expect(paid).toMatchObject({ status: ITEM.succeeded, channel: 'alipay' });
    expect(paid.channel_order_id).toBe(fake.orders.get(String(ids[0]))?.orderId);
    expect(failed).toMatchObject({ status: ITEM.failed, fail_reason: FAKE_REASON.fail });
    expect(refused).toMatchObject({ status: ITEM.failed, fail_reason: FAKE_REASON.refuse, channel: null });
    expect(held).toMatchObject({ status: ITEM.held, hold_reason: FAKE_REASON.held });
    expect(toReturn.status).toBe(ITEM.succeeded);
    expect(dealing.status).toBe(ITEM.sent);

    // Sent as bank-card transfers, for the net amount in yuan with two decimals, keyed by item id.
    const order = fake.orders.get(String(ids[5]));
    expect(order).toMatchObject({ amount: yuan(Number(items[5].net_amount)), productCode: 'TRANS_BANKCARD_NO_PWD' });
    expect(order?.payee).toMatchObject({
      identity: rows[5].bankCard,
      identity_type: 'BANKCARD_ACCOUNT',
      name: rows[5].name,
    });

    // The dealing order succeeds and Alipay says so by notification, answered `success` as plain text.
    fake.set(String(ids[5]), 'SUCCESS');
    const notice = await deliver(fake.notification(String(ids[5])));
    expect(notice.statusCode).toBe(200);
    expect(notice.body).toBe('success');
    expect((await itemOf(ids[5])).status).toBe(ITEM.succeeded);

    // The hold: an operator releases it; Alipay resumes once funded and pays.
    fake.set(String(ids[3]), 'DEALING');
    const released = envelopeOf(
      await admin({ method: 'POST', url: `/api/v1/systemtools/payouts/${ids[3]}/release`, payload: {} }),
    );
    expect(released.code, released.message).toBe(OK);
    fake.set(String(ids[3]), 'SUCCESS');
    await t.app.payouts.queryItems([ids[3]]);
    // The paid one is returned by the receiving bank days later: Alipay's order changes to REFUND and it says so.
    fake.set(String(ids[4]), 'REFUND', FAKE_REASON.refund);
    expect((await deliver(fake.notification(String(ids[4])))).body).toBe('success');
    expect((await itemOf(ids[3])).status).toBe(ITEM.succeeded);
    expect(await itemOf(ids[4])).toMatchObject({ status: ITEM.returned, return_reason: FAKE_REASON.refund });

    for (const index of [1, 2, 4]) {
      expect((await refundsOf(ids[index])).map((entry) => Number(entry.amount))).toEqual([cost(rows[index].amount)]);
      expect(await fundsOf(ids[index])).toHaveLength(1);
    }
    for (const index of [0, 3, 5]) expect(await refundsOf(ids[index])).toHaveLength(0);
    const spent = [0, 3, 5].reduce((sum, index) => sum + cost(rows[index].amount), 0);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - spent);
    const batch = await t.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', created.batchId)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ success_count: 3, failed_count: 3, status: BATCH.partlyFailed });

    // A late notification of the return and another query change nothing.
    expect((await deliver(fake.notification(String(ids[4])))).body).toBe('success');
    await t.app.payouts.queryItems(ids);
    expect(await refundsOf(ids[4])).toHaveLength(1);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - spent);
    expect(await ledgerDiscrepancies(t.db)).toEqual([]);
  });

  it('pays once when the process crashed after sending and before recording', async () => {
    const rows = [row('success')];
    const { account, ids } = await batchOf(rows);
    // The crashed process: the transfer reached Alipay, nothing was recorded.
    const crashed = createAlipayChannel(t.db, {
      defaults: {
        appId: APP_ID,
        privateKey: app.privateKey,
        alipayPublicKey: fake.alipay.publicKey,
        gateway: `${fake.url}/gateway.do`,
      },
    });
    const first = await crashed.submit({
      itemId: ids[0],
      name: rows[0].name,
      idCard: rows[0].idCard,
      bankCard: rows[0].bankCard,
      amount: 94_000,
    });
    expect(first.accepted).toBe(true);
    expect((await itemOf(ids[0])).status).toBe(ITEM.waiting);
    await t.app.payouts.drain();
    const item = await itemOf(ids[0]);
    expect(item.status).toBe(ITEM.succeeded);
    // Two sends, one order: the resend got the first order's answer.
    expect(fake.transfers.filter((outBizNo) => outBizNo === String(ids[0]))).toHaveLength(2);
    expect(first.accepted && item.channel_order_id).toBe(first.accepted ? first.orderId : null);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - cost(rows[0].amount));
  });

  it('changes nothing for forged, replayed and stale notifications', async () => {
    const rows = [row('dealing'), row('dealing')];
    const { account, ids } = await batchOf(rows);
    await t.app.payouts.drain();
    expect((await itemOf(ids[0])).status).toBe(ITEM.sent);
    fake.set(String(ids[0]), 'FAIL', FAKE_REASON.fail);

    // Forged: signed with a key that is not Alipay's.
    const forged = await deliver(fake.notification(String(ids[0]), {}, testKeyPair().privateKey));
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('fail');
    // Tampered after signing: another item's id in a genuine form.
    const genuine = new URLSearchParams(fake.notification(String(ids[0])));
    const tampered = new URLSearchParams(genuine);
    tampered.set('biz_content', (genuine.get('biz_content') ?? '').replace(String(ids[0]), String(ids[1])));
    expect((await deliver(tampered.toString())).body).toBe('fail');
    // Too old: a genuine signature over a time long past.
    const old = await deliver(fake.notification(String(ids[0]), { utc_timestamp: String(Date.now() - 3600_000) }));
    expect(old.body).toBe('fail');
    expect((await itemOf(ids[0])).status).toBe(ITEM.sent);

    // Genuine, then replayed: refunded once.
    const form = genuine.toString();
    expect((await deliver(form)).body).toBe('success');
    expect((await deliver(form)).body).toBe('success');
    expect(await itemOf(ids[0])).toMatchObject({ status: ITEM.failed, fail_reason: FAKE_REASON.fail });
    expect(await refundsOf(ids[0])).toHaveLength(1);
    const stored = await t.db.selectFrom('payout_notifications').selectAll().where('item_id', '=', ids[0]).execute();
    expect(stored).toHaveLength(1);

    // Stale: a fresh genuine notification of a state the item moved past (DEALING after it failed).
    fake.set(String(ids[0]), 'DEALING');
    expect((await deliver(fake.notification(String(ids[0])))).body).toBe('success');
    expect((await itemOf(ids[0])).status).toBe(ITEM.failed);
    expect(await refundsOf(ids[0])).toHaveLength(1);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - cost(rows[1].amount));
  });

  it('downloads the receipt of a paid order and reads the account balance', async () => {
    const { ids } = await batchOf([row('success')]);
    await t.app.payouts.drain();
    const pdf = await channelOfApp().receipt(ids[0]);
    expect(pdf && Buffer.from(pdf).toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(Buffer.from(pdf ?? []).toString('utf8')).toContain(String(ids[0]));
    fake.availableAmount = '12345.67';
    expect(await channelOfApp().balance?.()).toBe(123_456_700);
  });

  it("refuses answers the gateway signs with a key that is not Alipay's", async () => {
    const { ids } = await batchOf([row('success')]);
    fake.forgeAnswers = true;
    try {
      await t.app.payouts.drain();
      // Not accepted as far as we know: still waiting, nothing paid.
      expect((await itemOf(ids[0])).status).toBe(ITEM.waiting);
      await expect(channelOfApp().query(ids[0])).rejects.toThrow(/验签失败/);
    } finally {
      fake.forgeAnswers = false;
    }
    await t.app.payouts.drain();
    expect((await itemOf(ids[0])).status).toBe(ITEM.succeeded);
  });
});

describe('a signing entity paying from its own Alipay account', () => {
  it("keeps the keys write-only, logs them masked, and pays the entity's items from its account", async () => {
    const own = testKeyPair();
    const ownAppId = '2021004199999999';
    fake.allow(ownAppId, own.publicKey);
    const enterprise = await t.db
      .selectFrom('enterprises')
      .select(['id', 'platform_mark'])
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/enterprises/${enterprise.id}/alipay`;
    // PEM text flattened to one line, as a single-line input sends it.
    const flat = (pem: string) => pem.replace(/\n/g, ' ');
    const saved = envelopeOf(
      await admin({
        method: 'PUT',
        url,
        payload: {
          appId: ownAppId,
          privateKey: flat(own.privateKey),
          alipayPublicKey: fake.alipay.publicKey,
          gateway: '',
        },
      }),
    );
    expect(saved.code, saved.message).toBe(OK);
    const shown = envelopeOf(await admin({ method: 'GET', url }));
    expect(shown.content).toMatchObject({
      own: true,
      appId: ownAppId,
      privateKey: '已设置',
      alipayPublicKey: '已设置',
    });
    const keyBody = own.privateKey.split('\n')[1];
    expect(JSON.stringify(shown)).not.toContain(keyBody);
    const logged = await t.db
      .selectFrom('operation_logs')
      .select('changes')
      .where('action', '=', 'alipayAccount')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0].changes).not.toContain(keyBody);
    expect(logged[0].changes).toContain('应用私钥');
    // A key that is no key is refused with what to do.
    const bad = envelopeOf(await admin({ method: 'PUT', url, payload: { appId: ownAppId, privateKey: 'not a key' } }));
    expect(bad.message).toContain('应用私钥无法读取');

    // The gateway must be https for a real account: the loopback fake is reached through the stored row here.
    await t.db
      .updateTable('alipay_accounts')
      .set({ gateway: `${fake.url}/gateway.do` })
      .where('enterprise_id', '=', enterprise.id)
      .execute();
    const { ids, account } = await batchOf([row('success'), row('success')]);
    await t.db.updateTable('payout_items').set({ enterprise_id: enterprise.id }).where('id', '=', ids[0]).execute();
    await t.db.updateTable('payout_items').set({ enterprise_id: 0 }).where('id', '=', ids[1]).execute();
    await t.app.payouts.drain();
    expect(fake.orders.get(String(ids[0]))?.appId).toBe(ownAppId);
    expect(fake.orders.get(String(ids[1]))?.appId).toBe(APP_ID);
    expect((await Promise.all(ids.map(itemOf))).map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.succeeded]);
    expect(await balanceOf(t.db, account)).toBe(10_000_000 - 2 * cost(100_000));
    fake.availableAmount = '88.10';
    expect(envelopeOf(await admin({ method: 'GET', url })).content).toMatchObject({ balance: 881_000 });
  });
});

/** A channel of the app's own settings (the app's instance sits behind its services). */
function channelOfApp() {
  return createAlipayChannel(t.db, {
    defaults: {
      appId: APP_ID,
      privateKey: app.privateKey,
      alipayPublicKey: fake.alipay.publicKey,
      gateway: `${fake.url}/gateway.do`,
    },
  });
}
