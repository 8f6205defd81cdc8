import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { DEV_CARD, DEV_REASON } from '../../server/money/payouts/devChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { assignRole } from '../../server/people/roles.service';
import { ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

/**
 * 下载回单 and the channel fields of payout items: a paid item's receipt through the development channel, kept as a
 * stored file after the first download, answered only within the record scope of the item's batch.
 */
const OK = 1020000;
const BUSINESS = 1040400;
const RATE = 600;
let t: TestApp;
let merchant: AuthedClient;
let otherMerchant: AuthedClient;
let admin: AuthedClient;
let outsideStaff: AuthedClient;
let companyId: number;

let serial = 0;
function row(prefix: string): PayoutRow {
  serial += 1;
  // Birth dates in 1958 keep these payees apart from the seed's.
  const idBody = `11010119580303${String(serial).padStart(3, '0')}`;
  const cardBody = `${prefix}${String(serial).padStart(18 - prefix.length, '0')}`;
  return {
    rowNo: serial,
    name: `回单收款人${serial}`,
    idCard: idBody + nationalIdCheckChar(idBody),
    bankCard: cardBody + luhnCheckDigit(cardBody),
    mobile: null,
    amount: 100_000,
    remark: null,
  };
}

/** A staff member of a role scoped to department 3: company 1 (the merchant's) is in department 1. */
async function departmentStaff(): Promise<AuthedClient> {
  const codes = [...ROLE_TEMPLATES[1]].filter((code) => !code.startsWith('MER_') && code !== 'UI_ROLE_SETTING');
  const role = envelopeOf(
    await admin({
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: '回单部门范围', kind: 5, codes, dataScope: 'department', dataEditions: [1, 3] },
    }),
  );
  expect(role.code, role.message).toBe(OK);
  const hash = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', 'caiwu')
    .executeTakeFirstOrThrow();
  const user = await t.db
    .insertInto('users')
    .values({
      username: 'receiptscope',
      mobile: '13722220001',
      password_hash: hash.password_hash,
      role_id: 5,
      company_id: null,
      platform_mark: 1,
      display_name: '回单范围',
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((tx) => assignRole(tx, Number(user.id), role.content.id as number));
  await t.db
    .insertInto('user_departments')
    .values({ user_id: Number(user.id), department_id: 3 })
    .execute();
  const answer = await login(t.app, 'receiptscope');
  expect(answer.code, answer.message).toBe(OK);
  return authed(t.app, answer.content.token);
}

let batchId = 0;
const ids: Record<'paid' | 'failed' | 'returned', number> = { paid: 0, failed: 0, returned: 0 };

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  otherMerchant = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  outsideStaff = await departmentStaff();
  const owner = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'merchant')
    .executeTakeFirstOrThrow();
  companyId = Number(owner.company_id);
  const account = { companyId, platformMark: 1 };
  await t.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        account,
        [{ kind: LEDGER.recharge, amount: 10_000_000, refType: 'recharge', refId: 990_001, operatorId: null }],
        chinaTime(),
      ),
    );
  const created = await t.db.transaction().execute((tx) =>
    createBatch(tx, {
      ...account,
      operatorId: 1,
      rows: [row('622202'), row(DEV_CARD.failed), row(DEV_CARD.returned)],
      rate: RATE,
      draftId: null,
      now: chinaTime(),
    }),
  );
  batchId = created.batchId;
  const items = await t.db
    .selectFrom('payout_items')
    .select('id')
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
  [ids.paid, ids.failed, ids.returned] = items.map((item) => Number(item.id));
  await t.app.payouts.drain();
}, 120_000);
afterAll(async () => t?.close());

const receiptUrl = (id: number) => `/api/v1/remittances/items/${id}/receipt`;
const uploadsCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('下载回单', () => {
  it('answers the merchant the paid item’s PDF, then the stored copy without asking the channel again', async () => {
    const before = await uploadsCount();
    const first = await merchant.get(receiptUrl(ids.paid));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(String(first.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`电子回单-${ids.paid}.pdf`)}`,
    );
    const item = await t.db
      .selectFrom('payout_items')
      .select('receipt_file_id')
      .where('id', '=', ids.paid)
      .executeTakeFirstOrThrow();
    expect(item.receipt_file_id).not.toBeNull();
    expect(await uploadsCount()).toBe(before + 1);

    // The channel forgets the order: a download that asked it again could only answer 回单尚未生成.
    await t.db.deleteFrom('dev_channel_orders').where('item_id', '=', ids.paid).execute();
    const second = await merchant.get(receiptUrl(ids.paid));
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await uploadsCount()).toBe(before + 1);

    // Staff whose scope holds the company read the same copy.
    const staff = await admin.get(receiptUrl(ids.paid));
    expect(staff.statusCode).toBe(200);
    expect(Buffer.compare(staff.rawPayload, first.rawPayload)).toBe(0);
  });

  it('answers a returned item’s receipt (it was paid) and refuses a failed item’s', async () => {
    const returned = await admin.get(receiptUrl(ids.returned));
    expect(returned.statusCode).toBe(200);
    expect(returned.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const failed = envelopeOf(await merchant.get(receiptUrl(ids.failed)));
    expect(failed).toMatchObject({ code: BUSINESS, message: '该笔打款未成功，没有回单' });
  });

  it('answers 回单尚未生成 while the channel has no receipt of a paid item', async () => {
    // A paid item whose order the channel does not (yet) hold a receipt for.
    const seeded = await t.db
      .insertInto('payout_items')
      .values({
        ...(await t.db.selectFrom('payout_items').selectAll().where('id', '=', ids.paid).executeTakeFirstOrThrow()),
        id: undefined as never,
        row_no: 99,
        receipt_file_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = envelopeOf(await merchant.get(receiptUrl(Number(seeded.id))));
    expect(answer).toMatchObject({ code: BUSINESS, message: '回单尚未生成，请稍后再试' });
    const stored = await t.db
      .selectFrom('payout_items')
      .select('receipt_file_id')
      .where('id', '=', Number(seeded.id))
      .executeTakeFirstOrThrow();
    expect(stored.receipt_file_id).toBeNull();
  });

  it('answers another company’s merchant and out-of-scope staff exactly as for a missing item', async () => {
    const missing = envelopeOf(await merchant.get(receiptUrl(987_654_321)));
    expect(missing).toMatchObject({ code: BUSINESS, message: '打款明细不存在' });
    for (const [label, client] of [
      ['其他企业的商户', otherMerchant],
      ['部门 3 的员工', outsideStaff],
    ] as const) {
      for (const id of [ids.paid, ids.returned, ids.failed]) {
        const response = await client.get(receiptUrl(id));
        expect(response.headers['content-type'], label).toContain('application/json');
        expect(response.rawPayload.subarray(0, 4).toString('latin1'), label).not.toBe('%PDF');
        const answer = envelopeOf(response);
        expect({ code: answer.code, message: answer.message }, label).toEqual({
          code: missing.code,
          message: missing.message,
        });
      }
    }
  });
});

describe('the items list carries the channel fields', () => {
  it('shows channel, order id, times and reasons, and which items have a receipt', async () => {
    for (const client of [merchant, admin]) {
      const answer = envelopeOf(await client.get(`/api/v1/remittances/batch/${batchId}/items?size=50`));
      expect(answer.code, answer.message).toBe(OK);
      const byId = new Map<number, Record<string, unknown>>(
        (answer.content.content as Record<string, unknown>[]).map((item) => [Number(item.id), item]),
      );
      const paid = byId.get(ids.paid);
      expect(paid).toMatchObject({
        status: ITEM.succeeded,
        channel: 'dev',
        channelOrderId: `DEV${String(ids.paid).padStart(12, '0')}`,
        hasReceipt: true,
        holdReason: null,
        returnReason: null,
      });
      expect(String(paid?.sendTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(String(paid?.finishTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(byId.get(ids.failed)).toMatchObject({
        status: ITEM.failed,
        failReason: DEV_REASON.failed,
        hasReceipt: false,
      });
      expect(byId.get(ids.returned)).toMatchObject({
        status: ITEM.returned,
        returnReason: DEV_REASON.returned,
        hasReceipt: true,
      });
      expect(String(byId.get(ids.returned)?.returnTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });
});
