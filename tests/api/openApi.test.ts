import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiClientSource } from '../../clients/open-api/generate';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { ITEM, LEDGER, RECHARGE } from '../../src/domain/moneyEnums';
import { OPEN_SCOPES } from '../../src/domain/openApiRules';
import { bankCard, idCard, payee } from '../support/batchFiles';
import {
  body,
  freshNonce,
  grantKey,
  openClient,
  type Signing,
  signingFetch as signedFetch,
} from './support/openApiClient';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The signed open API through its generated client (clients/open-api/schema.d.ts, openapi-fetch): a merchant's
 * system imports workers and invites them, pays a batch once per idempotency key and follows it to its results;
 * then every /open/v1 route is attacked (unsigned, forged, stale, replayed, out of scope, revoked, expired, another
 * company's ids) and each refusal is found in the call log, where neither the secret nor the whole key id is.
 */
let t: TestApp;
let admin: AuthedClient;
const COMPANY = 1;
let grantId: number;
let keyId: string;
let secret: string;

const grant = (scopes: string[], companyId = COMPANY) => grantKey(admin, companyId, scopes);
const signingFetch = (signing: () => Signing | null) => signedFetch(() => t.app, signing);
const clientOf = (signing: () => Signing | null) => openClient(() => t.app, signing);

async function credit(units: number) {
  await t.db.transaction().execute(async (tx) => {
    const now = chinaTime();
    const row = await tx
      .insertInto('recharges')
      .values({
        company_id: COMPANY,
        platform_mark: 1,
        amount: units,
        payer_name: '测试付款人',
        payer_account: '6222020200000000000',
        bank_serial: `OPEN${Date.now()}`,
        voucher_url: '/api-v1/dl?file=1',
        remark: null,
        status: RECHARGE.confirmed,
        applicant_id: 1,
        handler_id: 1,
        handle_time: now,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postEntries(
      tx,
      { companyId: COMPANY, platformMark: 1 },
      [{ kind: LEDGER.recharge, amount: units, refType: 'recharge', refId: Number(row.id), operatorId: 1 }],
      now,
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  const granted = await grant(['read', 'workers', 'pay']);
  grantId = granted.id;
  keyId = granted.keyId;
  secret = granted.signingSecret;
  await signPayees(t, { companyId: COMPANY, platformMark: 1 }, range(7000, 7003));
  await credit(100_000_000);
});
afterAll(async () => t?.close());

describe('the generated client', () => {
  it('is what the served document generates now (no drift)', async () => {
    const committed = fs.readFileSync(path.join(__dirname, '../../clients/open-api/schema.d.ts'), 'utf8');
    expect(await openApiClientSource(t.app.swagger() as never)).toBe(committed);
  });
});

describe('a merchant system', () => {
  const open = clientOf(() => ({ keyId, secret }));

  it('imports a worker, reads its signing state and sends it its signing link', async () => {
    const serial = 7100;
    const imported = await open.POST('/open/v1/workers/import', {
      body: {
        rows: [
          {
            name: '张开放',
            idCard: idCard(serial),
            mobile: '13900007100',
            bankCard: bankCard(serial),
            bankName: '中国工商银行',
          },
        ],
      },
    });
    expect(imported.response.status).toBe(200);
    expect(body(imported)?.code, JSON.stringify(imported.data)).toBe(1020000);
    const [workerId] = body(imported)?.content.ids ?? [];
    const state = await open.GET('/open/v1/workers/{id}', { params: { path: { id: String(workerId) } } });
    expect(body(state)?.content.signStatus).toBe(0);
    expect(body(state)?.content.idCard).not.toBe(idCard(serial));
    const invited = await open.POST('/open/v1/workers/sign_invitations', { body: { ids: [workerId] } });
    expect(body(invited)?.code, body(invited)?.message).toBe(1020000);
    expect(body(invited)?.content.results[0].outcome).toBe('sent');
    const after = await open.GET('/open/v1/workers/{id}', { params: { path: { id: String(workerId) } } });
    expect(body(after)?.content.inviteStatus).toBe(1);
  });

  it('pays a batch once per idempotency key and follows it to each item result', async () => {
    const rows = range(7000, 7003).map((serial) => {
      const [name, id, card, mobile, amount] = payee(serial);
      return { name, idCard: id, bankCard: card, mobile, amount };
    });
    const balanceBefore = body(await open.GET('/open/v1/balance'))?.content.balance ?? 0;
    const first = await open.POST('/open/v1/payout_batches', {
      params: { header: { 'idempotency-key': 'order-1' } },
      body: { rows },
    });
    expect(body(first)?.code, body(first)?.message).toBe(1020000);
    const batch = body(first)?.content;
    expect(batch?.duplicate).toBe(false);
    const again = await open.POST('/open/v1/payout_batches', {
      params: { header: { 'idempotency-key': 'order-1' } },
      body: { rows },
    });
    expect(body(again)?.content.batchId).toBe(batch?.batchId);
    expect(body(again)?.content.duplicate).toBe(true);
    const other = await open.POST('/open/v1/payout_batches', {
      params: { header: { 'idempotency-key': 'order-1' } },
      body: { rows: rows.slice(0, 1) },
    });
    expect(body(other)?.code).toBe(1040400);
    const balanceAfter = body(await open.GET('/open/v1/balance'))?.content.balance ?? 0;
    expect(balanceBefore - balanceAfter).toBe((batch?.totalAmount ?? 0) + (batch?.serviceCharge ?? 0));
    await t.app.payouts.drain();
    const read = await open.GET('/open/v1/payout_batches/{id}', {
      params: { path: { id: String(batch?.batchId) } },
    });
    const items = body(read)?.content.items ?? [];
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.status).toBe(ITEM.succeeded);
      expect(item.netAmount + item.taxAmount).toBe(item.amount);
    }
    const ledger = await open.GET('/open/v1/ledger', { params: { query: { size: 5 } } });
    expect(
      body(ledger)?.content.content.some(
        (entry: { amount: number }) =>
          entry.amount === -(batch?.totalAmount ?? 0) - (batch?.serviceCharge ?? 0) || entry.amount < 0,
      ),
    ).toBe(true);
  });
});

/** Every /open/v1 route the app registered, with a request the schema accepts. */
function openRoutes() {
  return t.app.routeCatalogue
    .filter((route) => route.url.startsWith('/open/v1/'))
    .map((route) => ({ method: route.method, url: route.url.replace(/:[A-Za-z]+/g, '1') }));
}

async function call(route: { method: string; url: string }, signing: Signing | null) {
  const body = route.method === 'GET' ? '' : JSON.stringify({});
  const request = new Request(`http://open.test${route.url}`, {
    method: route.method,
    body: body || undefined,
    headers: { 'content-type': 'application/json', 'idempotency-key': 'x' },
  });
  const response = await signingFetch(() => signing)(request);
  // An admitted receipt call may answer the PDF itself (the seed's paid items): no envelope, no refusal.
  const json = response.headers.get('content-type')?.includes('application/json');
  const answer = json ? await response.json() : { code: 1020000, content: {} };
  return { status: response.status, body: answer as { code: number; content: { error?: string } } };
}

describe('every /open/v1 route refuses', () => {
  it('lists the routes it walks', () => {
    expect(openRoutes().length).toBeGreaterThanOrEqual(12);
  });

  it('no signature, a wrong signature, a stale timestamp and a replayed nonce', async () => {
    for (const route of openRoutes()) {
      expect((await call(route, null)).body.content.error, route.url).toBe('UNSIGNED');
      const forged = await call(route, { keyId, secret, tamper: true });
      expect([forged.status, forged.body.content.error], route.url).toEqual([401, 'SIGNATURE_INVALID']);
      const stale = await call(route, { keyId, secret, timestamp: String(Math.floor(Date.now() / 1000) - 400) });
      expect(stale.body.content.error, route.url).toBe('TIMESTAMP_OUT_OF_WINDOW');
      const nonce = freshNonce();
      await call(route, { keyId, secret, nonce });
      const replayed = await call(route, { keyId, secret, nonce });
      expect([replayed.status, replayed.body.content.error], route.url).toEqual([401, 'NONCE_REPLAYED']);
    }
  });

  it('a key without the scope, a revoked key and an expired key', async () => {
    // One key per scope: each route is admitted by exactly one of them and refused by the other three.
    const single = await Promise.all(OPEN_SCOPES.map(async (scope) => ({ scope, key: await grant([scope]) })));
    for (const route of openRoutes()) {
      const admitted: string[] = [];
      for (const { scope, key } of single) {
        const answer = await call(route, { keyId: key.keyId, secret: key.signingSecret });
        if (answer.body.content?.error === 'SCOPE_DENIED') expect(answer.status, route.url).toBe(403);
        else admitted.push(scope);
      }
      expect(admitted, route.url).toHaveLength(1);
    }
    const narrow = single[0].key;
    await t.db.updateTable('open_api_keys').set({ status: 0 }).where('id', '=', narrow.id).execute();
    await t.db
      .updateTable('open_api_keys')
      .set({ scopes: 'read,workers,pay,invoices' })
      .where('id', '=', narrow.id)
      .execute();
    for (const route of openRoutes()) {
      const revoked = await call(route, { keyId: narrow.keyId, secret: narrow.signingSecret });
      expect(revoked.body.content.error, route.url).toBe('KEY_REVOKED');
    }
    const settings = envelopeOf(
      await admin({
        method: 'PUT',
        url: `/api/v1/companies/otherplatformmark/${narrow.id}`,
        payload: { expireTime: chinaTime(Date.now() - 60_000) },
      }),
    );
    expect(settings.code, settings.message).toBe(1020000);
    await t.db.updateTable('open_api_keys').set({ status: 1 }).where('id', '=', narrow.id).execute();
    for (const route of openRoutes()) {
      const expired = await call(route, { keyId: narrow.keyId, secret: narrow.signingSecret });
      expect(expired.body.content.error, route.url).toBe('KEY_EXPIRED');
    }
  });

  it("another company's batch and worker", async () => {
    const theirs = await t.db
      .selectFrom('workers')
      .select('id')
      .where('company_id', '<>', COMPANY)
      .executeTakeFirstOrThrow();
    const open = clientOf(() => ({ keyId, secret }));
    const worker = await open.GET('/open/v1/workers/{id}', { params: { path: { id: String(theirs.id) } } });
    expect([body(worker)?.code, body(worker)?.message]).toEqual([1040400, '人员不存在']);
    const batch = await t.db
      .selectFrom('payout_batches')
      .select('id')
      .where('company_id', '<>', COMPANY)
      .executeTakeFirst();
    if (batch) {
      const read = await open.GET('/open/v1/payout_batches/{id}', { params: { path: { id: String(batch.id) } } });
      expect([body(read)?.code, body(read)?.message]).toEqual([1040400, '打款批次不存在']);
    }
  });

  it('rotation: the old secret signs until its overlap ends, the new one at once', async () => {
    const reset = envelopeOf(
      await admin({ method: 'POST', url: `/api/v1/company/baoguset/${grantId}`, payload: { overlapHours: 1 } }),
    );
    expect(reset.code, reset.message).toBe(1020000);
    const balance = { method: 'GET', url: '/open/v1/balance' };
    expect((await call(balance, { keyId, secret })).status).toBe(200);
    expect((await call(balance, { keyId, secret: reset.content.signingSecret })).status).toBe(200);
    await t.db
      .updateTable('open_api_keys')
      .set({ prev_until: chinaTime(Date.now() - 1000) })
      .where('id', '=', grantId)
      .execute();
    expect((await call(balance, { keyId, secret })).body.content.error).toBe('SIGNATURE_INVALID');
    secret = reset.content.signingSecret;
  });

  it('logs every call, refused ones with their reason, and never the secret or the whole key id', async () => {
    const rows = await t.db
      .selectFrom('third_party_calls')
      .select(['event_id', 'request_headers', 'request_body', 'response_body', 'outcome'])
      .where('kind', 'like', 'openapi%')
      .execute();
    const reasons = new Set(rows.map((row) => row.event_id));
    for (const reason of [
      'UNSIGNED',
      'SIGNATURE_INVALID',
      'TIMESTAMP_OUT_OF_WINDOW',
      'NONCE_REPLAYED',
      'SCOPE_DENIED',
      'KEY_REVOKED',
      'KEY_EXPIRED',
    ]) {
      expect(reasons.has(reason), reason).toBe(true);
    }
    const text = JSON.stringify(rows);
    expect(text).not.toContain(keyId);
    expect(text).not.toContain(secret);
  });
});
