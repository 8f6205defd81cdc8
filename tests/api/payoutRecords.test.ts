import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/payouts';
import { chinaTime } from '../../server/db/time';
import { MSG_PASSWORD_NOT_SET, MSG_PASSWORD_WRONG } from '../../server/money/abnormalFunds.routes';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { MSG_CARD_REJECTED } from '../../server/money/payouts/payoutChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { MSG_ALREADY_HANDLED, MSG_SAME_CARD } from '../../server/money/payouts/repayAbnormalFund';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { itemServiceCharge } from '../../src/domain/charges';
import { ABNORMAL, BATCH, ITEM, LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar, PAYEE_MSG } from '../../src/domain/payees';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Payout records: batches and their items, per-person totals, abnormal funds (re-pay, keep) and
 * returned funds — scope (merchant, department, edition) on every endpoint, and the money of a re-payment.
 */
let test: TestApp;
const clients: Record<string, AuthedClient> = {};

beforeAll(async () => {
  test = await createTestApp();
  for (const [username, mark] of [
    ['merchant', 1],
    ['xgm', 3],
    ['xgm02', 3],
    ['admin', 1],
    ['caiwu', 1],
    ['kefu', 1],
  ] as const) {
    clients[username] = authed(test.app, await tokenOf(test.app, username, mark), mark);
  }
  // Customer service does not see payouts by default; give kefu the staff codes to check its department scope.
  const kefu = await test.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow();
  await test.db
    .insertInto('user_authorities')
    .values(
      ['UI_TRANSFER_BATCH', 'UI_RECEIVED_PERSONAL', 'UI_ERROR_MONEY'].map((authority) => ({
        user_id: kefu.id,
        authority,
      })),
    )
    .execute();
}, 60_000);
afterAll(async () => test?.close());

// Birth dates in 1960 never meet the seed's (1968-2003), so per-person sums here are exact.
let serial = 0;
function idCard(): string {
  serial += 1;
  const body = `11010119600101${String(serial).padStart(3, '0')}`;
  return body + nationalIdCheckChar(body);
}

function card(valid = true): string {
  serial += 1;
  const body = `62220299${String(serial).padStart(10, '0')}`;
  const check = Number(luhnCheckDigit(body));
  return body + String(valid ? check : (check + 1) % 10);
}

function row(amount: number, options: { validCard?: boolean; person?: { name: string; idCard: string } } = {}) {
  const person = options.person ?? { name: `测试收款人${serial + 1}`, idCard: idCard() };
  return {
    rowNo: 2,
    name: person.name,
    idCard: person.idCard,
    bankCard: card(options.validCard ?? true),
    mobile: '13812345678',
    amount,
    remark: null,
  } satisfies PayoutRow;
}

async function credit(companyId: number, platformMark: number, amount: number): Promise<void> {
  await test.db.transaction().execute(async (tx) => {
    const recharge = await tx
      .insertInto('recharges')
      .values({
        company_id: companyId,
        platform_mark: platformMark,
        amount,
        payer_name: '测试付款户',
        payer_account: '6222000000000000',
        bank_serial: `TESTRECORDS${companyId}-${Date.now()}-${serial++}`,
        voucher_url: '',
        remark: null,
        status: RECHARGE.confirmed,
        reject_reason: null,
        applicant_id: 1,
        handler_id: 1,
        handle_time: chinaTime(),
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postEntries(
      tx,
      { companyId, platformMark },
      [{ kind: LEDGER.recharge, amount, refType: 'recharge', refId: Number(recharge.id), operatorId: 1 }],
      chinaTime(),
    );
  });
}

/** A batch created and paid like a submission: rows numbered from 2, paid by draining the processor. */
async function paidBatch(companyId: number, platformMark: number, rows: PayoutRow[], rate = 600) {
  const created = await test.db.transaction().execute((tx) =>
    createBatch(tx, {
      companyId,
      platformMark,
      operatorId: 1,
      rows: rows.map((item, index) => ({ ...item, rowNo: index + 2 })),
      rate,
      draftId: null,
      now: chinaTime(),
    }),
  );
  await test.app.payouts.drain();
  return created;
}

async function content(response: Awaited<ReturnType<AuthedClient['get']>>) {
  expect(response.statusCode).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.code, envelope.message).toBe(1020000);
  return envelope.content;
}

async function businessError(response: Awaited<ReturnType<AuthedClient['get']>>): Promise<string> {
  expect(response.statusCode).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.code).toBe(1040400);
  return envelope.message;
}

/** q= as the browser sends it (src/domain/query.ts encodeQ): each key:value pair encoded, joined by ';'. */
const q = (filters: Record<string, string | number>) =>
  Object.entries(filters)
    .map(([key, value]) => encodeURIComponent(`${key}:${value}`))
    .join(';');

const repay = (client: AuthedClient, id: number, body: Record<string, string>) =>
  client({ method: 'POST', url: `/api/v1/abnormalfunds/${id}/repay`, payload: body });
const keep = (client: AuthedClient, id: number) => client({ method: 'POST', url: `/api/v1/abnormalfunds/${id}/keep` });

async function fundOfBatch(batchId: number) {
  return test.db.selectFrom('abnormal_funds').selectAll().where('batch_id', '=', batchId).executeTakeFirstOrThrow();
}

async function companiesOfDepartments(departments: number[]): Promise<Set<number>> {
  const rows = await test.db.selectFrom('companies').select('id').where('department_id', 'in', departments).execute();
  return new Set(rows.map((item) => Number(item.id)));
}

describe('payout batches', () => {
  let batchId: number;
  let failedCard: string;
  let failedIdCard: string;

  beforeAll(async () => {
    await credit(1, 1, 50_000_000_000);
    await credit(2, 3, 10_000_000_000);
    await credit(3, 3, 1_000_000_000);
    const rows = [row(1_000_000), row(333_300, { validCard: false }), row(12_300)];
    failedCard = rows[1].bankCard;
    failedIdCard = rows[1].idCard;
    batchId = (await paidBatch(1, 1, rows)).batchId;
  });

  it('lists the merchant’s own batches of its edition, with filters, paging and sorting', async () => {
    const page = await content(await clients.merchant.get('/api/v1/remittances/batch/search?size=1000'));
    const own = await test.db
      .selectFrom('payout_batches')
      .select('id')
      .where('company_id', '=', 1)
      .where('platform_mark', '=', 1)
      .execute();
    expect(page.totalElements).toBe(own.length);
    expect(page.content.map((batch: any) => batch.companyId).every((id: number) => id === 1)).toBe(true);
    expect(page.content.map((batch: any) => batch.platformMark).every((mark: number) => mark === 1)).toBe(true);

    const mine = page.content.find((batch: any) => batch.id === batchId);
    const charges = [1_000_000, 333_300, 12_300].map((amount) => itemServiceCharge(amount, 600));
    expect(mine).toMatchObject({
      itemCount: 3,
      totalAmount: 1_345_600,
      serviceCharge: charges[0] + charges[1] + charges[2],
      status: BATCH.partlyFailed,
      successCount: 2,
      successAmount: 1_012_300,
      failedCount: 1,
      failedAmount: 333_300,
      invoiceStatus: 0,
    });
    expect(mine.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const partly = await content(
      await clients.merchant.get(`/api/v1/remittances/batch/search?size=1000&q=${q({ status: BATCH.partlyFailed })}`),
    );
    expect(partly.content.length).toBeGreaterThan(0);
    expect(partly.content.every((batch: any) => batch.status === BATCH.partlyFailed)).toBe(true);
    expect(partly.content.some((batch: any) => batch.id === batchId)).toBe(true);

    const byNo = await content(
      await clients.merchant.get(`/api/v1/remittances/batch/search?q=${q({ batchNo: mine.batchNo.slice(-12) })}`),
    );
    expect(byNo.content.map((batch: any) => batch.id)).toEqual([batchId]);

    const today = chinaTime().slice(0, 10);
    const recent = await content(
      await clients.merchant.get(`/api/v1/remittances/batch/search?size=1000&q=${q({ stime: today, etime: today })}`),
    );
    expect(recent.content.every((batch: any) => batch.createTime.startsWith(today))).toBe(true);
    expect(recent.content.some((batch: any) => batch.id === batchId)).toBe(true);
    const old = await content(
      await clients.merchant.get(
        `/api/v1/remittances/batch/search?q=${q({ stime: '2000-01-01', etime: '2000-12-31' })}`,
      ),
    );
    expect(old.totalElements).toBe(0);

    const second = await content(
      await clients.merchant.get('/api/v1/remittances/batch/search?page=1&size=2&sort=totalAmount,asc'),
    );
    expect(second).toMatchObject({ number: 1, size: 2, totalElements: own.length });
    const sorted = await content(
      await clients.merchant.get('/api/v1/remittances/batch/search?size=1000&sort=totalAmount,asc'),
    );
    const amounts = sorted.content.map((batch: any) => batch.totalAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(second.content.map((batch: any) => batch.id)).toEqual(
      sorted.content.slice(2, 4).map((batch: any) => batch.id),
    );

    expect(
      await businessError(await clients.merchant.get(`/api/v1/remittances/batch/search?q=${q({ coname: '上海' })}`)),
    ).toContain('不支持的查询条件');
    expect(
      await businessError(await clients.merchant.get(`/api/v1/remittances/batch/search?q=${q({ status: 9 })}`)),
    ).toBe('状态的取值不正确');
  });

  it('opens one batch and pages its items with masked numbers and a status filter', async () => {
    const batch = await content(await clients.merchant.get(`/api/v1/remittances/batch/${batchId}`));
    expect(batch).toMatchObject({ id: batchId, companyId: 1, itemCount: 3, status: BATCH.partlyFailed });

    const response = await clients.merchant.get(`/api/v1/remittances/batch/${batchId}/items?size=10`);
    expect(response.body).not.toContain(failedCard);
    expect(response.body).not.toContain(failedIdCard);
    const items = await content(response);
    expect(items.totalElements).toBe(3);
    expect(items.content.map((item: any) => item.rowNo)).toEqual([2, 3, 4]);
    for (const item of items.content) {
      expect(item.idCard).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
      expect(item.bankCard).toMatch(/^\*{4}\d{4}$/);
    }
    expect(items.content[1]).toMatchObject({
      idCard: `${failedIdCard.slice(0, 6)}********${failedIdCard.slice(-4)}`,
      bankCard: `****${failedCard.slice(-4)}`,
      amount: 333_300,
      serviceCharge: itemServiceCharge(333_300, 600),
      status: ITEM.failed,
      failReason: MSG_CARD_REJECTED,
    });

    const failed = await content(
      await clients.merchant.get(`/api/v1/remittances/batch/${batchId}/items?q=${q({ status: ITEM.failed })}`),
    );
    expect(failed.content.map((item: any) => item.rowNo)).toEqual([3]);
    const paged = await content(await clients.merchant.get(`/api/v1/remittances/batch/${batchId}/items?page=2&size=1`));
    expect(paged).toMatchObject({ totalElements: 3, number: 2, size: 1 });
    expect(paged.content.map((item: any) => item.rowNo)).toEqual([4]);
  });

  it('keeps every other company’s batch away from a merchant: by list, by id and by items', async () => {
    expect((await clients.xgm.get(`/api/v1/remittances/batch/${batchId}`)).statusCode).toBe(403);
    expect((await clients.xgm.get(`/api/v1/remittances/batch/${batchId}/items`)).statusCode).toBe(403);
    const list = await content(await clients.xgm.get('/api/v1/remittances/batch/search?size=1000'));
    expect(list.content.some((batch: any) => batch.id === batchId)).toBe(false);
    expect(list.content.every((batch: any) => batch.companyId === 2 && batch.platformMark === 3)).toBe(true);

    // Two merchants of the same edition: xgm02 (company 3) never sees company 2's batch.
    const other = await paidBatch(2, 3, [row(50_000)], 500);
    expect((await clients.xgm02.get(`/api/v1/remittances/batch/${other.batchId}`)).statusCode).toBe(403);
    expect((await clients.xgm02.get(`/api/v1/remittances/batch/${other.batchId}/items`)).statusCode).toBe(403);
    const third = await content(await clients.xgm02.get('/api/v1/remittances/batch/search?size=1000'));
    expect(third.content.every((batch: any) => batch.companyId === 3)).toBe(true);
    // A platformmark parameter does not widen a merchant's view.
    const widened = await content(await clients.xgm.get('/api/v1/remittances/batch/search?size=1000&platformmark=1'));
    expect(widened.content.every((batch: any) => batch.companyId === 2)).toBe(true);

    expect(await businessError(await clients.merchant.get('/api/v1/remittances/batch/99999999'))).toBe(
      '打款批次不存在',
    );
  });

  it('shows staff one edition per view, by the code they hold', async () => {
    const standard = await content(
      await clients.caiwu.get('/api/v1/remittances/batch/search?platformmark=1&size=1000'),
    );
    expect(standard.totalElements).toBeGreaterThan(0);
    expect(standard.content.every((batch: any) => batch.platformMark === 1)).toBe(true);
    expect(standard.content[0].companyName).toBeTruthy();
    // caiwu holds UI_TRANSFER_BATCH only, not the small-scale code.
    expect((await clients.caiwu.get('/api/v1/remittances/batch/search?platformmark=3')).statusCode).toBe(403);
    const small = await content(await clients.admin.get('/api/v1/remittances/batch/search?platformmark=3&size=1000'));
    expect(small.totalElements).toBeGreaterThan(0);
    expect(small.content.every((batch: any) => batch.platformMark === 3)).toBe(true);
    const smallBatch = small.content[0];
    expect((await clients.caiwu.get(`/api/v1/remittances/batch/${smallBatch.id}`)).statusCode).toBe(403);
    expect((await clients.admin.get(`/api/v1/remittances/batch/${smallBatch.id}/items`)).statusCode).toBe(200);

    const byName = await content(
      await clients.caiwu.get(`/api/v1/remittances/batch/search?platformmark=1&size=1000&q=${q({ coname: '灵动' })}`),
    );
    expect(byName.content.length).toBeGreaterThan(0);
    expect(byName.content.every((batch: any) => batch.companyName.includes('灵动'))).toBe(true);
    expect(await businessError(await clients.caiwu.get('/api/v1/remittances/batch/search?platformmark=2'))).toContain(
      '版本参数',
    );
  });

  it('confines department-scoped staff to their departments’ companies', async () => {
    const visible = await companiesOfDepartments([1, 2]);
    const page = await content(await clients.kefu.get('/api/v1/remittances/batch/search?platformmark=1&size=1000'));
    expect(page.totalElements).toBeGreaterThan(0);
    expect(page.content.every((batch: any) => visible.has(batch.companyId))).toBe(true);
    const expected = await test.db
      .selectFrom('payout_batches')
      .innerJoin('companies', 'companies.id', 'payout_batches.company_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('payout_batches.platform_mark', '=', 1)
      .where('companies.department_id', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    expect(page.totalElements).toBe(Number(expected.n));

    const outside = await test.db
      .selectFrom('payout_batches')
      .innerJoin('companies', 'companies.id', 'payout_batches.company_id')
      .select('payout_batches.id')
      .where('payout_batches.platform_mark', '=', 1)
      .where('companies.department_id', 'not in', [1, 2])
      .executeTakeFirstOrThrow();
    expect((await clients.kefu.get(`/api/v1/remittances/batch/${outside.id}`)).statusCode).toBe(403);
    expect((await clients.kefu.get(`/api/v1/remittances/batch/${outside.id}/items`)).statusCode).toBe(403);
    expect((await clients.caiwu.get(`/api/v1/remittances/batch/${outside.id}`)).statusCode).toBe(200);
    // Without a staff code there is nothing to see.
    expect((await clients.kefu.get('/api/v1/remittances/batch/search?platformmark=3')).statusCode).toBe(403);
  });
});

describe('per-person totals', () => {
  const person = { name: '钱多多', idCard: '' };

  beforeAll(async () => {
    person.idCard = idCard();
    await paidBatch(1, 1, [row(100_000, { person }), row(200_000, { person, validCard: false })]);
    await paidBatch(1, 1, [row(250_000, { person })]);
    // Another standard-edition company pays the same person.
    const other = await test.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('platform_mark', '=', 1)
      .where('id', '>', 4)
      .where('department_id', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await credit(Number(other.id), 1, 10_000_000);
    await paidBatch(Number(other.id), 1, [row(70_000, { person })]);
  });

  it('sums what this company paid each person, grouped on the server, by period', async () => {
    const page = await content(
      await clients.merchant.get(`/api/v1/remittances/individual/search?q=${q({ idCard: person.idCard })}`),
    );
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      name: '钱多多',
      idCard: `${person.idCard.slice(0, 6)}********${person.idCard.slice(-4)}`,
      paymentCount: 2,
      totalAmount: 350_000,
    });
    expect(JSON.stringify(page)).not.toContain(person.idCard);

    const byName = await content(
      await clients.merchant.get(`/api/v1/remittances/individual/search?q=${q({ name: '钱多' })}`),
    );
    expect(byName.content.map((item: any) => item.id)).toEqual([page.content[0].id]);
    const before = await content(
      await clients.merchant.get(
        `/api/v1/remittances/individual/search?q=${q({ idCard: person.idCard, stime: '2000-01-01', etime: '2000-01-31' })}`,
      ),
    );
    expect(before.totalElements).toBe(0);

    const all = await content(await clients.merchant.get('/api/v1/remittances/individual/search?size=1000'));
    const expected = await test.db
      .selectFrom('payout_items')
      .select((eb) => eb.fn.count<number>('id_card').distinct().as('n'))
      .where('company_id', '=', 1)
      .where('platform_mark', '=', 1)
      .where('status', '=', ITEM.succeeded)
      .executeTakeFirstOrThrow();
    expect(all.totalElements).toBe(Number(expected.n));
    const totals = all.content.map((item: any) => item.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const paged = await content(await clients.merchant.get('/api/v1/remittances/individual/search?page=1&size=3'));
    expect(paged.content.map((item: any) => item.id)).toEqual(all.content.slice(3, 6).map((item: any) => item.id));
  });

  it('sums across companies for staff, within scope and edition', async () => {
    const page = await content(
      await clients.caiwu.get(`/api/v1/remittances/individual/search?platformmark=1&q=${q({ idCard: person.idCard })}`),
    );
    expect(page.content[0]).toMatchObject({ paymentCount: 3, totalAmount: 420_000, companyCount: 2 });
    const one = await content(
      await clients.caiwu.get(
        `/api/v1/remittances/individual/search?platformmark=1&q=${q({ idCard: person.idCard, coname: '灵动' })}`,
      ),
    );
    expect(one.content[0]).toMatchObject({ paymentCount: 2, totalAmount: 350_000, companyCount: 1 });
    // kefu (departments 1 and 2) does not see the department-3 company's payment.
    const scoped = await content(
      await clients.kefu.get(`/api/v1/remittances/individual/search?platformmark=1&q=${q({ idCard: person.idCard })}`),
    );
    expect(scoped.content[0]).toMatchObject({ paymentCount: 2, totalAmount: 350_000 });
    const small = await content(
      await clients.admin.get(`/api/v1/remittances/individual/search?platformmark=3&q=${q({ idCard: person.idCard })}`),
    );
    expect(small.totalElements).toBe(0);
    expect((await clients.caiwu.get('/api/v1/remittances/individual/search?platformmark=3')).statusCode).toBe(403);
  });
});

describe('abnormal funds', () => {
  it('re-pays a returned item once, to a corrected card, through the ledger', async () => {
    const failing = row(456_700, { validCard: false });
    // Paid again only to someone payable now, signed with the company.
    await addSignedWorkers(
      test.db,
      { companyId: 1, platformMark: 1 },
      [{ ...failing, mobile: '13812345678', bankName: '招商银行' }],
      test.config.idKey,
    );
    const { batchId } = await paidBatch(1, 1, [row(10_000), failing]);
    const fund = await fundOfBatch(batchId);
    expect(fund.status).toBe(ABNORMAL.pending);
    const charge = itemServiceCharge(456_700, 600);
    expect(Number(fund.service_charge)).toBe(charge);

    const listed = await content(
      await clients.merchant.get(`/api/v1/abnormalfunds/search?size=1000&q=${q({ status: ABNORMAL.pending })}`),
    );
    const shown = listed.content.find((item: any) => item.id === fund.id);
    expect(shown).toMatchObject({ batchId, amount: 456_700, serviceCharge: charge, reason: MSG_CARD_REJECTED });
    expect(shown.bankCard).toBe(`****${failing.bankCard.slice(-4)}`);
    expect(listed.content.every((item: any) => item.companyId === 1 && item.status === ABNORMAL.pending)).toBe(true);

    const newCard = card(true);
    const id = Number(fund.id);
    expect(await businessError(await repay(clients.merchant, id, { bankCard: '12345', payPassword: '123456' }))).toBe(
      PAYEE_MSG.cardInvalid,
    );
    expect(
      await businessError(await repay(clients.merchant, id, { bankCard: failing.bankCard, payPassword: '123456' })),
    ).toBe(MSG_SAME_CARD);
    expect(await businessError(await repay(clients.merchant, id, { bankCard: newCard, payPassword: '000000' }))).toBe(
      `${MSG_PASSWORD_WRONG}，还可尝试4次`,
    );
    expect((await fundOfBatch(batchId)).status).toBe(ABNORMAL.pending);

    const before = await balanceOf(test.db, { companyId: 1, platformMark: 1 });
    const answers = await Promise.all(
      [0, 1].map(() => repay(clients.merchant, id, { bankCard: newCard, payPassword: DEMO_PAYMENT_PASSWORD })),
    );
    const envelopes = answers.map((answer) => envelopeOf(answer));
    expect(envelopes.map((envelope) => envelope.code).sort()).toEqual([1020000, 1040400]);
    const refused = envelopes.find((envelope) => envelope.code === 1040400);
    expect(refused?.message).toBe(MSG_ALREADY_HANDLED[ABNORMAL.repaid]);
    const accepted = envelopes.find((envelope) => envelope.code === 1020000)!.content;
    expect(accepted).toMatchObject({ totalAmount: 456_700, serviceCharge: charge });
    expect(await balanceOf(test.db, { companyId: 1, platformMark: 1 })).toBe(before - 456_700 - charge);

    const handled = await fundOfBatch(batchId);
    expect(handled).toMatchObject({ status: ABNORMAL.repaid, repay_batch_id: accepted.batchId });
    const repayBatches = await test.db
      .selectFrom('payout_batches')
      .select('id')
      .where('remark', '=', '异常资金重新打款')
      .where('create_time', '>=', handled.handle_time!)
      .where('company_id', '=', 1)
      .execute();
    expect(repayBatches.map((batch) => Number(batch.id))).toEqual([accepted.batchId]);

    await test.app.payouts.drain();
    const items = await content(await clients.merchant.get(`/api/v1/remittances/batch/${accepted.batchId}/items`));
    expect(items.content).toHaveLength(1);
    expect(items.content[0]).toMatchObject({ name: failing.name, status: ITEM.succeeded, amount: 456_700 });
    expect(items.content[0].bankCard).toBe(`****${newCard.slice(-4)}`);
    const batch = await content(await clients.merchant.get(`/api/v1/remittances/batch/${accepted.batchId}`));
    expect(batch).toMatchObject({ status: BATCH.completed, successAmount: 456_700 });
    expect(await ledgerDiscrepancies(test.db)).toEqual([]);

    const listedAgain = await content(
      await clients.merchant.get(`/api/v1/abnormalfunds/search?size=1000&q=${q({ status: ABNORMAL.repaid })}`),
    );
    expect(listedAgain.content.find((item: any) => item.id === id)).toMatchObject({ repayBatchNo: accepted.batchNo });
    expect(await businessError(await keep(clients.merchant, id))).toBe(MSG_ALREADY_HANDLED[ABNORMAL.repaid]);
  });

  it('leaves a returned item on the balance once', async () => {
    const { batchId } = await paidBatch(1, 1, [row(88_800, { validCard: false })]);
    const id = Number((await fundOfBatch(batchId)).id);
    const before = await balanceOf(test.db, { companyId: 1, platformMark: 1 });
    const answers = await Promise.all([keep(clients.merchant, id), keep(clients.merchant, id)]);
    expect(answers.map((answer) => envelopeOf(answer).code).sort()).toEqual([1020000, 1040400]);
    expect((await fundOfBatch(batchId)).status).toBe(ABNORMAL.kept);
    expect(await balanceOf(test.db, { companyId: 1, platformMark: 1 })).toBe(before);
    expect(await businessError(await keep(clients.merchant, id))).toBe(MSG_ALREADY_HANDLED[ABNORMAL.kept]);
    expect(
      await businessError(await repay(clients.merchant, id, { bankCard: card(), payPassword: DEMO_PAYMENT_PASSWORD })),
    ).toBe(MSG_ALREADY_HANDLED[ABNORMAL.kept]);
  });

  it('lets only the company’s own merchant handle its abnormal funds', async () => {
    const { batchId } = await paidBatch(1, 1, [row(77_700, { validCard: false })]);
    const id = Number((await fundOfBatch(batchId)).id);
    const body = { bankCard: card(), payPassword: DEMO_PAYMENT_PASSWORD };
    expect((await repay(clients.xgm, id, body)).statusCode).toBe(403);
    expect((await keep(clients.xgm, id)).statusCode).toBe(403);
    expect((await repay(clients.admin, id, body)).statusCode).toBe(403);
    expect((await keep(clients.caiwu, id)).statusCode).toBe(403);
    expect((await fundOfBatch(batchId)).status).toBe(ABNORMAL.pending);
    const others = await content(await clients.xgm.get('/api/v1/abnormalfunds/search?size=1000'));
    expect(others.content.some((item: any) => item.id === id)).toBe(false);
    expect(others.content.every((item: any) => item.companyId === 2)).toBe(true);
  });

  it('asks for a payment password before the first re-payment', async () => {
    await test.db.deleteFrom('payment_passwords').where('company_id', '=', 3).execute();
    const { batchId } = await paidBatch(3, 3, [row(66_600, { validCard: false })], 500);
    const id = Number((await fundOfBatch(batchId)).id);
    expect(await businessError(await repay(clients.xgm02, id, { bankCard: card(), payPassword: '123456' }))).toBe(
      MSG_PASSWORD_NOT_SET,
    );
    expect(await businessError(await repay(clients.xgm02, id, { bankCard: card() }))).toBe('请输入支付密码');
    expect((await fundOfBatch(batchId)).status).toBe(ABNORMAL.pending);
  });

  it('shows staff the abnormal funds of the editions whose code they hold', async () => {
    const standard = await content(await clients.caiwu.get('/api/v1/abnormalfunds/search?size=1000'));
    expect(standard.totalElements).toBeGreaterThan(0);
    expect(standard.content.every((item: any) => item.platformMark === 1)).toBe(true);
    expect((await clients.caiwu.get(`/api/v1/abnormalfunds/search?q=${q({ platformmark: 3 })}`)).statusCode).toBe(403);
    const both = await content(await clients.admin.get('/api/v1/abnormalfunds/search?size=1000'));
    expect(new Set(both.content.map((item: any) => item.platformMark))).toEqual(new Set([1, 3]));
    const small = await content(
      await clients.admin.get(`/api/v1/abnormalfunds/search?size=1000&q=${q({ platformmark: 3 })}`),
    );
    expect(small.content.length).toBeGreaterThan(0);
    expect(small.content.every((item: any) => item.platformMark === 3)).toBe(true);
    const named = await content(
      await clients.caiwu.get(`/api/v1/abnormalfunds/search?size=1000&q=${q({ coname: '灵动', status: 0 })}`),
    );
    expect(named.content.length).toBeGreaterThan(0);
    expect(named.content.every((item: any) => item.companyName.includes('灵动') && item.status === 0)).toBe(true);

    const visible = await companiesOfDepartments([1, 2]);
    const scoped = await content(await clients.kefu.get('/api/v1/abnormalfunds/search?size=1000'));
    expect(scoped.content.every((item: any) => visible.has(item.companyId))).toBe(true);
    expect(
      await businessError(await clients.merchant.get(`/api/v1/abnormalfunds/search?q=${q({ platformmark: 3 })}`)),
    ).toContain('不支持的查询条件');
  });

  it('lists returned funds: the refund entries with their item and handling', async () => {
    const failing = row(123_400, { validCard: false });
    const { batchId } = await paidBatch(1, 1, [failing]);
    const page = await content(
      await clients.caiwu.get(`/api/v1/returnedfunds/search?size=1000&q=${q({ name: failing.name })}`),
    );
    expect(page.totalElements).toBe(1);
    const charge = itemServiceCharge(123_400, 600);
    expect(page.content[0]).toMatchObject({
      batchId,
      companyId: 1,
      amount: 123_400 + charge,
      itemAmount: 123_400,
      itemCharge: charge,
      reason: MSG_CARD_REJECTED,
      handleStatus: ABNORMAL.pending,
      bankCard: `****${failing.bankCard.slice(-4)}`,
    });
    const entries = await test.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', LEDGER.refund)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const all = await content(await clients.caiwu.get('/api/v1/returnedfunds/search?size=1'));
    expect(all.totalElements).toBe(Number(entries.n));
    expect((await clients.caiwu.get(`/api/v1/returnedfunds/search?q=${q({ platformmark: 3 })}`)).statusCode).toBe(403);
    expect((await clients.merchant.get('/api/v1/returnedfunds/search')).statusCode).toBe(403);
    const handled = await content(
      await clients.admin.get(`/api/v1/returnedfunds/search?size=1000&q=${q({ handleStatus: ABNORMAL.repaid })}`),
    );
    expect(handled.content.length).toBeGreaterThan(0);
    expect(handled.content.every((item: any) => item.handleStatus === ABNORMAL.repaid)).toBe(true);
  });
});
