import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ALIPAY, DEV_REASON, MSG_ALIPAY_REFUSED } from '../../server/money/payouts/devChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { ITEM } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { fundedBatch } from './support/payoutFixtures';
import { createTestApp, type TestApp } from './support/testApp';

/** Items paid to an Alipay account: stored with their method, sent as such, settled by the account's prefix. */

let t: TestApp;
let company = 940_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function idCard(serial: number): string {
  const body = `11010119900303${String(serial % 1000).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

let serial = 0;
const alipayRow = (account: string): PayoutRow => {
  serial += 1;
  return {
    rowNo: serial,
    name: `支付宝收款人${serial}`,
    idCard: idCard(serial),
    bankCard: '',
    mobile: null,
    amount: 100_000,
    remark: null,
    method: 'alipay',
    alipayAccount: account,
  };
};

const batchOf = async (rows: PayoutRow[]) => (await fundedBatch(t.db, ++company, rows, 600)).ids;

const itemOf = (id: number) =>
  t.db.selectFrom('payout_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('payouts to Alipay accounts through the development channel', () => {
  it('stores the method and account, pays the account and settles each by its prefix', async () => {
    const ids = await batchOf([
      alipayRow('13800001111'),
      alipayRow(`${DEV_ALIPAY.failed}zhang@example.com`),
      alipayRow(`${DEV_ALIPAY.returned}li@example.com`),
      alipayRow(`${DEV_ALIPAY.held}wang@example.com`),
      alipayRow(`${DEV_ALIPAY.refused}zhao@example.com`),
    ]);
    expect(await itemOf(ids[0])).toMatchObject({
      payout_method: 'alipay',
      alipay_account: '13800001111',
      bank_card: '',
      status: ITEM.waiting,
    });
    await t.app.payouts.drain();
    const [paid, failed, returned, held, refused] = await Promise.all(ids.map(itemOf));
    expect(paid).toMatchObject({ status: ITEM.succeeded, channel: 'dev' });
    expect(failed).toMatchObject({ status: ITEM.failed, fail_reason: DEV_REASON.failed });
    expect(returned).toMatchObject({ status: ITEM.returned, return_reason: DEV_REASON.returned });
    expect(held).toMatchObject({ status: ITEM.held, hold_reason: DEV_REASON.held });
    // Refused at once: never an order at the channel.
    expect(refused).toMatchObject({ status: ITEM.failed, fail_reason: MSG_ALIPAY_REFUSED, channel: null });
    const orders = await t.db
      .selectFrom('dev_channel_orders')
      .select(['item_id', 'account'])
      .where('item_id', 'in', ids)
      .orderBy('item_id')
      .execute();
    // The channel was given the Alipay account (e-mails longer than a card fit on PostgreSQL too).
    expect(orders.map((order) => order.account)).toEqual([
      '13800001111',
      `${DEV_ALIPAY.failed}zhang@example.com`,
      `${DEV_ALIPAY.returned}li@example.com`,
      `${DEV_ALIPAY.held}wang@example.com`,
    ]);
  });

  it('keeps paying bank cards when the method is absent (rows stored before it)', async () => {
    serial += 1;
    const body = `622202${String(serial).padStart(12, '0')}`;
    const [id] = await batchOf([
      {
        rowNo: 1,
        name: '银行卡收款人',
        idCard: idCard(serial),
        bankCard: body + luhnCheckDigit(body),
        mobile: null,
        amount: 100_000,
        remark: null,
      },
    ]);
    await t.app.payouts.drain();
    expect(await itemOf(id)).toMatchObject({ payout_method: 'bankcard', alipay_account: null, status: ITEM.succeeded });
    const order = await t.db
      .selectFrom('dev_channel_orders')
      .select('account')
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(order.account).toBe(body + luhnCheckDigit(body));
  });
});
