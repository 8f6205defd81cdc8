import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { WEBHOOK_KIND } from '../../src/domain/merchantWebhooks';
import { BATCH, INVOICE, ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { ROLE } from '../../src/domain/roles';
import { payee } from '../support/batchFiles';
import { uploadFile } from './support/invoiceTestKit';
import { body, type Grant, grantKey, openClient } from './support/openApiClient';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * A merchant's system, through the generated client (clients/open-api/), pays a batch, downloads each paid item's
 * electronic receipt (after the not-paid and not-yet-ready answers), applies for an invoice on the batch once per
 * idempotency key, and follows the application until finance issues it on the back office. Another company's key
 * and a key without the invoices scope are refused; another company's ids answer as ids that name nothing.
 */
const OK = 1020000;
const BUSINESS = 1040400;
const COMPANY = 1;
const SERIAL = 7400;

let t: TestApp;
let admin: AuthedClient;
let ours: Grant;
let noInvoices: Grant;
let theirs: Grant;

const open = () =>
  openClient(
    () => t.app,
    () => ({ keyId: ours.keyId, secret: ours.signingSecret }),
  );
const other = () =>
  openClient(
    () => t.app,
    () => ({ keyId: theirs.keyId, secret: theirs.signingSecret }),
  );
const narrow = () =>
  openClient(
    () => t.app,
    () => ({ keyId: noInvoices.keyId, secret: noInvoices.signingSecret }),
  );

/** The receipt call, read as bytes: a PDF, or the JSON envelope of a refusal. */
async function receipt(client: ReturnType<typeof open>, batchId: number, itemId: number) {
  const answer = await client.GET('/open/v1/payout_batches/{id}/items/{itemId}/receipt', {
    params: { path: { id: String(batchId), itemId: String(itemId) } },
    parseAs: 'arrayBuffer',
  });
  const bytes = Buffer.from((answer.data ?? answer.error) as ArrayBuffer);
  const type = answer.response.headers.get('content-type') ?? '';
  return {
    status: answer.response.status,
    type,
    bytes,
    json: type.includes('json') ? JSON.parse(String(bytes)) : null,
  };
}

/** The invoice file call, read as bytes. */
async function invoiceFile(client: ReturnType<typeof open>, id: number) {
  const answer = await client.GET('/open/v1/invoices/{id}/file', {
    params: { path: { id: String(id) } },
    parseAs: 'arrayBuffer',
  });
  const bytes = Buffer.from((answer.data ?? answer.error) as ArrayBuffer);
  const type = answer.response.headers.get('content-type') ?? '';
  return { type, bytes, json: type.includes('json') ? JSON.parse(String(bytes)) : null };
}

let batchId = 0;
let itemIds: number[] = [];
/** What the batch charged: the payouts and their service charge (what an invoice on it covers). */
let charged = 0;
let invoiceId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  ours = await grantKey(admin, COMPANY, ['read', 'pay', 'invoices']);
  noInvoices = await grantKey(admin, COMPANY, ['read', 'pay']);
  const otherCompany = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('role_id', '=', ROLE.merchant)
    .where('parent_user_id', 'is', null)
    .where('company_id', '<>', COMPANY)
    .where('company_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  theirs = await grantKey(admin, Number(otherCompany.company_id), ['read', 'invoices']);
  await signPayees(t, { companyId: COMPANY, platformMark: 1 }, range(SERIAL, SERIAL + 3));
  await t.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        { companyId: COMPANY, platformMark: 1 },
        [{ kind: LEDGER.recharge, amount: 100_000_000, refType: 'recharge', refId: 740_001, operatorId: null }],
        chinaTime(),
      ),
    );
}, 120_000);
afterAll(async () => t?.close());

describe('receipts of a batch paid through the open API', () => {
  it('answers 未成功 before the batch is paid, then each paid item’s PDF, or 尚未生成 while the channel has none', async () => {
    const rows = range(SERIAL, SERIAL + 3).map((serial) => {
      const [name, id, card, mobile, amount] = payee(serial);
      return { name, idCard: id, bankCard: card, mobile, amount };
    });
    const submitted = await open().POST('/open/v1/payout_batches', {
      params: { header: { 'idempotency-key': 'receipts-1' } },
      body: { rows },
    });
    expect(body(submitted)?.code, body(submitted)?.message).toBe(OK);
    batchId = body(submitted)?.content.batchId;
    charged = body(submitted)?.content.total;
    const read = await open().GET('/open/v1/payout_batches/{id}', { params: { path: { id: String(batchId) } } });
    itemIds = (body(read)?.content.items ?? []).map((item: { id: number }) => item.id);
    expect(itemIds).toHaveLength(3);

    // Not paid yet (PAYOUT_AUTO=0: nothing is sent until drain()).
    const early = await receipt(open(), batchId, itemIds[0]);
    expect(early.json).toMatchObject({ code: BUSINESS, message: '该笔打款未成功，没有回单' });

    await t.app.payouts.drain();
    const paid = await open().GET('/open/v1/payout_batches/{id}', { params: { path: { id: String(batchId) } } });
    expect(body(paid)?.content.status).toBe(BATCH.completed);
    for (const item of body(paid)?.content.items ?? []) expect(item.status).toBe(ITEM.succeeded);

    // The channel has lost the third item's order: its receipt cannot be fetched yet.
    await t.db.deleteFrom('dev_channel_orders').where('item_id', '=', itemIds[2]).execute();
    const pending = await receipt(open(), batchId, itemIds[2]);
    expect(pending.json).toMatchObject({ code: BUSINESS, message: '回单尚未生成，请稍后再试' });

    for (const itemId of itemIds.slice(0, 2)) {
      const pdf = await receipt(open(), batchId, itemId);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('answers another batch’s item, another company’s key and a missing id alike', async () => {
    const missing = await receipt(open(), batchId, 987_654_321);
    expect(missing.json).toMatchObject({ code: BUSINESS, message: '打款明细不存在' });
    const seeded = await t.db
      .selectFrom('payout_items')
      .select(['id', 'batch_id'])
      .where('batch_id', '<>', batchId)
      .where('status', '=', ITEM.succeeded)
      .where('company_id', '=', COMPANY)
      .executeTakeFirstOrThrow();
    const attempts = [
      await receipt(open(), batchId, Number(seeded.id)),
      await receipt(other(), batchId, itemIds[0]),
      await receipt(other(), Number(seeded.batch_id), Number(seeded.id)),
    ];
    for (const attempt of attempts) {
      expect(attempt.type).toContain('application/json');
      expect({ code: attempt.json?.code, message: attempt.json?.message }).toEqual({
        code: missing.json.code,
        message: missing.json.message,
      });
    }
  });
});

describe('an invoice on that batch', () => {
  let categoryId = 0;

  it('lists the batch among those the company may invoice, and the edition’s categories', async () => {
    const eligible = await open().GET('/open/v1/invoices/eligible_batches', { params: { query: { size: 100 } } });
    expect(body(eligible)?.code, body(eligible)?.message).toBe(OK);
    const line = body(eligible)?.content.content.find((row: { id: number }) => row.id === batchId);
    expect(line?.invoiceable).toBe(charged);
    const theirList = await other().GET('/open/v1/invoices/eligible_batches', { params: { query: { size: 100 } } });
    expect(theirList.response.status).toBe(200);
    expect(body(theirList)?.content.content.map((row: { id: number }) => row.id)).not.toContain(batchId);
    const categories = await open().GET('/open/v1/invoices/categories');
    expect(body(categories)?.content.length).toBeGreaterThan(0);
    categoryId = body(categories)?.content[0].id;
  });

  it('applies once per idempotency key: a repeat answers the same application, other data is refused', async () => {
    const request = { batchIds: [batchId], kind: 2, categoryId, remark: '开放接口申请' };
    const first = await open().POST('/open/v1/invoices', {
      params: { header: { 'idempotency-key': 'invoice-1' } },
      body: request,
    });
    expect(body(first)?.code, body(first)?.message).toBe(OK);
    const applied = body(first)?.content;
    invoiceId = applied.id;
    expect(applied).toMatchObject({ status: INVOICE.applied, duplicate: false, total: charged, invoiceNumber: null });
    // Standard edition: a 6% VAT special invoice, tax = total × 6 / 106 to the fen.
    expect(applied.tax).toBe(Math.round((charged * 6) / 106 / 100) * 100);
    expect(applied.net).toBe(charged - applied.tax);
    expect(applied.batches.map((batch: { id: number }) => batch.id)).toEqual([batchId]);

    const again = await open().POST('/open/v1/invoices', {
      params: { header: { 'idempotency-key': 'invoice-1' } },
      body: request,
    });
    expect(body(again)?.code, body(again)?.message).toBe(OK);
    expect(body(again)?.content).toMatchObject({ id: invoiceId, duplicate: true });
    const count = await t.db
      .selectFrom('invoice_batches')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const otherData = await open().POST('/open/v1/invoices', {
      params: { header: { 'idempotency-key': 'invoice-1' } },
      body: { ...request, remark: '另一份申请' },
    });
    expect([body(otherData)?.code, body(otherData)?.message]).toEqual([
      BUSINESS,
      '该幂等键已用于另一批数据，请换一个新的幂等键',
    ]);
    const otherKey = await open().POST('/open/v1/invoices', {
      params: { header: { 'idempotency-key': 'invoice-2' } },
      body: request,
    });
    expect(body(otherKey)?.code).toBe(BUSINESS);
    expect(body(otherKey)?.message).toContain('该批次已申请过发票');

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'changes'])
      .where('resource', '=', 'applyInvoice')
      .where('record_id', '=', invoiceId)
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0].changes).来源[1]).toContain('开放接口');
    const eligible = await open().GET('/open/v1/invoices/eligible_batches', { params: { query: { size: 100 } } });
    expect(body(eligible)?.content.content.map((row: { id: number }) => row.id)).not.toContain(batchId);
  });

  it('follows the application to 已开票 once finance issues it on the back office', async () => {
    const before = await open().GET('/open/v1/invoices/{id}', { params: { path: { id: String(invoiceId) } } });
    expect(body(before)?.content).toMatchObject({ status: INVOICE.applied, issueTime: null, hasFile: false });
    const noFile = await invoiceFile(open(), invoiceId);
    expect(noFile.json).toMatchObject({
      code: BUSINESS,
      message: '该发票申请没有发票文件（开票时未上传，或尚未开票）',
    });
    // The merchant's system also wants to be told: an invoice URL in its 消息推送 settings.
    await t.db.deleteFrom('webhook_settings').where('company_id', '=', COMPANY).execute();
    await t.db
      .insertInto('webhook_settings')
      .values({ company_id: COMPANY, invoice_url: 'https://hooks.example.com/invoices', update_time: chinaTime() })
      .execute();
    const file = await uploadFile(admin, '发票.pdf');
    const issued = envelopeOf(
      await admin({
        method: 'POST',
        url: `/api/v1/invoices/${invoiceId}/issue`,
        payload: { invoiceNumber: 'FP-00740001', fileUrl: file.url },
      }),
    );
    expect(issued.code, issued.message).toBe(OK);
    const after = await open().GET('/open/v1/invoices/{id}', { params: { path: { id: String(invoiceId) } } });
    expect(body(after)?.content).toMatchObject({
      id: invoiceId,
      status: INVOICE.issued,
      invoiceNumber: 'FP-00740001',
      total: charged,
      hasFile: true,
      fileName: '发票.pdf',
    });
    expect(body(after)?.content.issueTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Issuing queued one invoice.issued push (a company without an invoice URL gets none), in the transaction that
    // issued it.
    const pushes = await t.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'payload'])
      .where('company_id', '=', COMPANY)
      .where('kind', '=', WEBHOOK_KIND.invoice)
      .where('record_id', '=', invoiceId)
      .execute();
    expect(pushes.map((push) => push.event_type)).toEqual(['invoice.issued']);
    expect(JSON.parse(pushes[0].payload)).toMatchObject({
      type: 'invoice.issued',
      companyId: COMPANY,
      data: { invoiceId, invoiceNumber: 'FP-00740001', grossAmount: charged, state: 'issued' },
    });
    const downloaded = await invoiceFile(open(), invoiceId);
    expect(downloaded.type).toBe('application/pdf');
    // The same bytes the back office's download of the uploaded file answers.
    const uploaded = await admin.get(file.url);
    expect(uploaded.statusCode).toBe(200);
    expect(downloaded.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(downloaded.bytes, uploaded.rawPayload)).toBe(0);
  });

  it('answers another company’s key as for an application or batch that does not exist', async () => {
    const missing = await other().GET('/open/v1/invoices/{id}', { params: { path: { id: '987654321' } } });
    expect([body(missing)?.code, body(missing)?.message]).toEqual([BUSINESS, '发票申请不存在']);
    const foreign = await other().GET('/open/v1/invoices/{id}', { params: { path: { id: String(invoiceId) } } });
    expect([body(foreign)?.code, body(foreign)?.message]).toEqual([body(missing)?.code, body(missing)?.message]);
    const foreignFile = await invoiceFile(other(), invoiceId);
    expect(foreignFile.type).toContain('application/json');
    expect([foreignFile.json?.code, foreignFile.json?.message]).toEqual([BUSINESS, '发票申请不存在']);

    // Our batch named by their key: refused exactly as a batch id that names nothing.
    const fresh = await t.db
      .selectFrom('payout_batches')
      .select('id')
      .where('company_id', '=', COMPANY)
      .where('invoice_status', '=', 0)
      .where('status', 'in', [BATCH.completed, BATCH.partlyFailed])
      .where('success_amount', '>', 0)
      .executeTakeFirstOrThrow();
    const categories = await other().GET('/open/v1/invoices/categories');
    const apply = (key: string, id: number) =>
      other().POST('/open/v1/invoices', {
        params: { header: { 'idempotency-key': key } },
        body: { batchIds: [id], kind: 2, categoryId: body(categories)?.content[0]?.id ?? 1 },
      });
    const nothing = body(await apply('theirs-1', 987_654_321));
    const ourBatch = body(await apply('theirs-2', Number(fresh.id)));
    expect([nothing?.code, nothing?.message]).toEqual([BUSINESS, '批次不存在或不属于本企业']);
    expect([ourBatch?.code, ourBatch?.message]).toEqual([nothing?.code, nothing?.message]);
    const state = await t.db
      .selectFrom('payout_batches')
      .select('invoice_status')
      .where('id', '=', Number(fresh.id))
      .executeTakeFirstOrThrow();
    expect(Number(state.invoice_status)).toBe(0);
  });

  it('refuses a key without the invoices scope', async () => {
    const calls = [
      await narrow().GET('/open/v1/invoices/{id}', { params: { path: { id: String(invoiceId) } } }),
      await narrow().GET('/open/v1/invoices/eligible_batches'),
      await narrow().GET('/open/v1/invoices/categories'),
      await narrow().GET('/open/v1/invoices/{id}/file', { params: { path: { id: String(invoiceId) } } }),
      await narrow().POST('/open/v1/invoices', {
        params: { header: { 'idempotency-key': 'narrow-1' } },
        body: { batchIds: [batchId], kind: 2, categoryId: 1 },
      }),
    ];
    for (const answer of calls) {
      expect(answer.response.status).toBe(403);
      expect((answer.error as { content: { error: string } }).content.error).toBe('SCOPE_DENIED');
    }
  });
});
