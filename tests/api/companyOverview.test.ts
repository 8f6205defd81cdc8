import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../server/money/ledger/ledger';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** GET /api/v1/companies/:id/overview: the company show view's panels, scoped like the list. */

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});

afterAll(async () => {
  await t?.close();
});

describe('company overview', () => {
  it('answers the balances and the latest contracts, batches and invoices of the company, newest first', async () => {
    const answer = envelopeOf(await admin.get('/api/v1/companies/1/overview'));
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.balances).toEqual({
      id: 1,
      standard: await balanceOf(t.db, { companyId: 1, platformMark: 1 }),
      small: await balanceOf(t.db, { companyId: 1, platformMark: 3 }),
    });
    const batches = await t.db
      .selectFrom('payout_batches')
      .select(['batch_no', 'total_amount'])
      .where('company_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(answer.content.batches.map((row: { batchNo: string }) => row.batchNo)).toEqual(
      batches.map((row) => row.batch_no),
    );
    expect(answer.content.batches.map((row: { totalAmount: number }) => row.totalAmount)).toEqual(
      batches.map((row) => Number(row.total_amount)),
    );
    const contracts = await t.db
      .selectFrom('contracts')
      .select('nm')
      .where('company_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(answer.content.contracts.map((row: { name: string }) => row.name)).toEqual(contracts.map((row) => row.nm));
    const invoices = await t.db
      .selectFrom('invoices')
      .select('apply_no')
      .where('company_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(answer.content.invoices.map((row: { applyNo: string }) => row.applyNo)).toEqual(
      invoices.map((row) => row.apply_no),
    );
  });

  it('keeps the scope of the company list: a 客服 only for companies of its departments, merchants not at all', async () => {
    const visible = envelopeOf(await kefu.get('/api/v1/companies/search?size=1000')).content.content as {
      id: number;
    }[];
    const all = await t.db.selectFrom('companies').select('id').execute();
    const hidden = all.map((row) => Number(row.id)).find((id) => !visible.some((row) => row.id === id));
    expect(hidden).toBeDefined();
    expect((await kefu.get(`/api/v1/companies/${hidden}/overview`)).statusCode).toBe(403);
    expect(envelopeOf(await kefu.get(`/api/v1/companies/${visible[0].id}/overview`)).code).toBe(1020000);
    expect((await merchant.get('/api/v1/companies/1/overview')).statusCode).toBe(403);
    expect(envelopeOf(await admin.get('/api/v1/companies/abc/overview')).code).toBe(1040400);
  });
});
