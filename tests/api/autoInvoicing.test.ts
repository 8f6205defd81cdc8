import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { runAutoInvoicing } from '../../server/system/autoInvoicing';
import { BATCH, BATCH_INVOICE } from '../../src/domain/moneyEnums';
import { insertBatch, setAsideEligibleBatches } from './support/payoutFixtures';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Automatic invoicing of small-scale companies: settings, the job through the merchant's service, once. */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let xgmCompany: number;
let category: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  const user = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'xgm')
    .executeTakeFirstOrThrow();
  xgmCompany = Number(user.company_id);
  const row = await t.db
    .selectFrom('invoice_categories')
    .select('id')
    .where('platform_mark', '=', 3)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  category = Number(row.id);
  await setAsideEligibleBatches(t.db, xgmCompany);
});

afterAll(async () => {
  await t?.close();
});

const put = (client: AuthedClient, companyId: number, payload: Record<string, unknown>) =>
  client({ method: 'PUT', url: `/api/v1/autoinvoicing/${companyId}`, payload }).then(envelopeOf);

const invoicesOf = (companyId: number) =>
  t.db.selectFrom('invoices').selectAll().where('company_id', '=', companyId).orderBy('id').execute();

describe('settings', () => {
  it('lists small-scale companies only, with their setting once saved', async () => {
    const page = envelopeOf(await admin.get('/api/v1/autoinvoicing/search?page=0&size=200')).content;
    const small = await t.db.selectFrom('companies').select('id').where('platform_mark', '=', 3).execute();
    expect(page.totalElements).toBe(small.length);
    expect(page.content.find((row: { id: number }) => row.id === xgmCompany).enabled).toBeNull();
    const standard = await t.db
      .selectFrom('companies')
      .select('id')
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await put(admin, Number(standard.id), { enabled: 1, mode: 1, categoryId: category })).message).toBe(
      '小规模企业不存在',
    );
  });

  it('checks each field and refuses another edition’s category', async () => {
    const bad = await put(admin, xgmCompany, { enabled: 1, mode: 2, monthDay: 31, categoryId: category });
    expect(bad.code).toBe(BUSINESS);
    expect(bad.content.errors.monthDay).toBe('请选择每月1-28日中的一天');
    const standardCategory = await t.db
      .selectFrom('invoice_categories')
      .select('id')
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const other = await put(admin, xgmCompany, { enabled: 1, mode: 1, categoryId: Number(standardCategory.id) });
    expect(other.message).toBe('开票类目不存在或已停用，请重新选择');
    expect((await kefu({ method: 'PUT', url: `/api/v1/autoinvoicing/${xgmCompany}`, payload: {} })).statusCode).toBe(
      403,
    );
  });
});

describe('after each completed batch', () => {
  it('applies for a batch completed after the setting was switched on, exactly once', async () => {
    const before = await insertBatch(t.db, {
      companyId: xgmCompany,
      platformMark: 3,
      amounts: [2_000_000],
      rate: 500,
      createTime: chinaTime(Date.now() - 3600_000),
    });
    const saved = await put(admin, xgmCompany, { enabled: 1, mode: 1, categoryId: category });
    expect(saved.code, saved.message).toBe(OK);
    const batch = await insertBatch(t.db, { companyId: xgmCompany, platformMark: 3, amounts: [3_000_000], rate: 500 });
    const running = await insertBatch(t.db, {
      companyId: xgmCompany,
      platformMark: 3,
      amounts: [1_000_000],
      status: BATCH.processing,
    });
    const invoicesBefore = (await invoicesOf(xgmCompany)).length;

    // Two passes at once and a third later: one application.
    const [first, second] = await Promise.all([runAutoInvoicing(t.db), runAutoInvoicing(t.db)]);
    expect(first.applied + second.applied).toBe(1);
    expect((await runAutoInvoicing(t.db)).applied).toBe(0);

    const invoices = await invoicesOf(xgmCompany);
    expect(invoices.length).toBe(invoicesBefore + 1);
    const invoice = invoices.at(-1);
    expect(invoice).toMatchObject({
      platform_mark: 3,
      category_id: category,
      kind: 2,
      total: batch.invoiceable,
      remark: '自动开票',
    });
    const states = await t.db
      .selectFrom('payout_batches')
      .select(['id', 'invoice_status', 'invoice_id'])
      .where('id', 'in', [before.id, batch.id, running.id])
      .execute();
    const state = new Map(states.map((row) => [Number(row.id), row]));
    expect(state.get(batch.id)).toMatchObject({ invoice_status: BATCH_INVOICE.applied, invoice_id: invoice?.id });
    // Finished before the setting: left to the merchant. Still running: not eligible.
    expect(state.get(before.id)?.invoice_status).toBe(BATCH_INVOICE.none);
    expect(state.get(running.id)?.invoice_status).toBe(BATCH_INVOICE.none);

    const runs = envelopeOf(await admin.get(`/api/v1/autoinvoicing/${xgmCompany}/runs`)).content;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ runKey: `batch:${batch.id}`, status: 1, batchCount: 1, total: batch.invoiceable });
    expect(runs[0].applyNo).toBe(invoice?.apply_no);
  });

  it('records a failed run with its reason once, and the run endpoint is an audited pass', async () => {
    await t.db.updateTable('invoice_categories').set({ status: 0 }).where('id', '=', category).execute();
    const batch = await insertBatch(t.db, { companyId: xgmCompany, platformMark: 3, amounts: [4_000_000], rate: 500 });
    const answer = await admin({ method: 'POST', url: '/api/v1/autoinvoicing/run', payload: {} }).then(envelopeOf);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toEqual({ applied: 0, failed: 1 });
    expect((await runAutoInvoicing(t.db)).failed).toBe(0);
    const run = await t.db
      .selectFrom('auto_invoice_runs')
      .selectAll()
      .where('run_key', '=', `batch:${batch.id}`)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 2, message: '默认开票类目不存在或已停用', invoice_id: null });
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'resource'])
      .where('resource', '=', 'adSmallAutomaticInvoicingSetting')
      .execute();
    expect(log.map((entry) => entry.action).sort()).toEqual(['create', 'run']);
    await t.db.updateTable('invoice_categories').set({ status: 1 }).where('id', '=', category).execute();
  });
});

describe('monthly on a day', () => {
  it('waits for the day, then applies once for every eligible batch of the month', async () => {
    await setAsideEligibleBatches(t.db, xgmCompany);
    const saved = await put(admin, xgmCompany, { enabled: 1, mode: 2, monthDay: 15, categoryId: category });
    expect(saved.code, saved.message).toBe(OK);
    const batches = [
      await insertBatch(t.db, { companyId: xgmCompany, platformMark: 3, amounts: [1_000_000], rate: 500 }),
      await insertBatch(t.db, { companyId: xgmCompany, platformMark: 3, amounts: [2_500_000], rate: 500 }),
    ];
    const day = (date: string) => Date.parse(`${date}T10:00:00+08:00`);
    expect((await runAutoInvoicing(t.db, day('2031-03-14'))).applied).toBe(0);
    expect((await runAutoInvoicing(t.db, day('2031-03-15'))).applied).toBe(1);
    expect((await runAutoInvoicing(t.db, day('2031-03-20'))).applied).toBe(0);
    const invoice = (await invoicesOf(xgmCompany)).at(-1);
    expect(invoice?.batch_count).toBe(2);
    expect(invoice?.total).toBe(batches[0].invoiceable + batches[1].invoiceable);
    const run = await t.db.selectFrom('auto_invoice_runs').selectAll().where('run_key', '=', 'month:2031-03').execute();
    expect(run).toHaveLength(1);
  });
});
