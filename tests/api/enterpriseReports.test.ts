import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { balanceOf, postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { MSG_ENTERPRISE_FAILED, recordEnterpriseReports } from '../../server/money/payouts/itemOutcomes';
import { ABNORMAL, BATCH, ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * recordEnterpriseReports (server/money/payouts/itemOutcomes.ts): an enterprise that settles with workers itself
 * reports the results of the items waiting for it; paid ones succeed, failed ones are refunded once.
 */
let t: TestApp;
const ACCOUNT = { companyId: 2, platformMark: 1 };
let enterpriseId: number;
let otherEnterpriseId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [first, second] = await t.db.selectFrom('enterprises').select('id').orderBy('id').limit(2).execute();
  enterpriseId = Number(first.id);
  otherEnterpriseId = Number(second.id);
  await t.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        ACCOUNT,
        [{ kind: LEDGER.recharge, amount: 10_000_000, refType: 'recharge', refId: 990_001, operatorId: 1 }],
        chinaTime(),
      ),
    );
});
afterAll(async () => t?.close());

const row = (rowNo: number, amount: number) => ({
  rowNo,
  name: `回报${rowNo}`,
  idCard: `11010119900101${String(1000 + rowNo).slice(-4)}`,
  bankCard: `622202000000000${String(1000 + rowNo).slice(-4)}`,
  mobile: null,
  amount,
  remark: null,
});

async function newBatch(reportEnterpriseId: number | null) {
  return t.db.transaction().execute((tx) =>
    createBatch(tx, {
      ...ACCOUNT,
      operatorId: 1,
      rows: [row(1, 10_000), row(2, 20_000), row(3, 30_000)],
      rate: 600,
      draftId: null,
      now: chinaTime(),
      reportEnterpriseId,
    }),
  );
}

const itemsOf = (batchId: number) =>
  t.db
    .selectFrom('payout_items')
    .select(['id', 'status', 'fail_reason'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();

describe('recordEnterpriseReports', () => {
  it('leaves the items to the report (not the channel), records paid and failed ones, refunds a failure once', async () => {
    const batch = await newBatch(enterpriseId);
    const items = await itemsOf(batch.batchId);
    expect(items.map((item) => item.status)).toEqual([ITEM.awaitingReport, ITEM.awaitingReport, ITEM.awaitingReport]);
    // The payout channel's processor only takes status 0: nothing of this batch.
    expect(await t.app.payouts.drain()).toBe(0);

    const before = await balanceOf(t.db, ACCOUNT);
    const [a, b, c] = items.map((item) => Number(item.id));
    const answers = await t.db.transaction().execute((tx) =>
      recordEnterpriseReports(
        tx,
        enterpriseId,
        [
          { itemId: a, paid: true },
          { itemId: b, paid: false, reason: '收款人账户已冻结' },
        ],
        chinaTime(),
      ),
    );
    expect(answers).toEqual([
      { itemId: a, status: 'paid' },
      { itemId: b, status: 'failed' },
    ]);
    const after = await itemsOf(batch.batchId);
    expect(after.map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.failed, ITEM.awaitingReport]);
    expect(after[1].fail_reason).toBe('收款人账户已冻结');
    // 200.00 yuan and its 6% service charge come back.
    expect((await balanceOf(t.db, ACCOUNT)) - before).toBe(20_000 + 1_200);
    const abnormal = await t.db.selectFrom('abnormal_funds').selectAll().where('item_id', '=', b).execute();
    expect(abnormal).toHaveLength(1);
    expect(abnormal[0].status).toBe(ABNORMAL.pending);
    let stored = await t.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', batch.batchId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(BATCH.processing);

    // A repeat of b changes nothing; another enterprise cannot report c; c without a reason fails with ours.
    const repeat = await t.db
      .transaction()
      .execute((tx) => recordEnterpriseReports(tx, enterpriseId, [{ itemId: b, paid: true }], chinaTime()));
    expect(repeat).toEqual([{ itemId: b, status: 'alreadyFinal' }]);
    const foreign = await t.db
      .transaction()
      .execute((tx) => recordEnterpriseReports(tx, otherEnterpriseId, [{ itemId: c, paid: true }], chinaTime()));
    expect(foreign).toEqual([{ itemId: c, status: 'notFound' }]);
    await t.db
      .transaction()
      .execute((tx) => recordEnterpriseReports(tx, enterpriseId, [{ itemId: c, paid: false }], chinaTime()));
    expect(await t.db.selectFrom('abnormal_funds').selectAll().where('item_id', '=', b).execute()).toHaveLength(1);
    const last = await t.db.selectFrom('payout_items').selectAll().where('id', '=', c).executeTakeFirstOrThrow();
    expect(last.fail_reason).toBe(MSG_ENTERPRISE_FAILED);
    stored = await t.db
      .selectFrom('payout_batches')
      .selectAll()
      .where('id', '=', batch.batchId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: BATCH.partlyFailed,
      success_count: 1,
      success_amount: 10_000,
      failed_count: 2,
      failed_amount: 50_000,
    });
  });

  it('never touches items the payout channel pays', async () => {
    const batch = await newBatch(null);
    const [first] = await itemsOf(batch.batchId);
    expect(first.status).toBe(ITEM.waiting);
    const answers = await t.db
      .transaction()
      .execute((tx) =>
        recordEnterpriseReports(tx, enterpriseId, [{ itemId: Number(first.id), paid: true }], chinaTime()),
      );
    expect(answers).toEqual([{ itemId: Number(first.id), status: 'notFound' }]);
    expect((await itemsOf(batch.batchId))[0].status).toBe(ITEM.waiting);
  });
});
