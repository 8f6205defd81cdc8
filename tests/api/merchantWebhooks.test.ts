import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import { DEV_CARD, DEV_REASON } from '../../server/money/payouts/devChannel';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { checkTarget, isInternalAddress } from '../../server/webhooks/addressGuard';
import { runDeliveries } from '../../server/webhooks/delivery';
import { DELIVERY_STATUS } from '../../src/domain/merchantWebhooks';
import { ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

/**
 * 消息推送 end to end: a receiver on 127.0.0.1 (on WEBHOOK_ALLOWED_HOSTS in this app's config) verifies each push's
 * signature with the secret the merchant was shown; the job is driven by its own clock (runDeliveries' `now`).
 */

const OK = 1020000;
const BUSINESS = 1040400;
const ALLOWED = { allowedHosts: ['127.0.0.1'] };
const MINUTE = 60_000;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let merchant: AuthedClient;
let other: AuthedClient;
let admin: AuthedClient;
let receiver: http.Server;
let base = '';
const received: Received[] = [];
/** What the receiver answers on each path (default 200). */
const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
let secret = '';

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(path.split('?')[0]) ?? { status: 200 };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify({ ok: answer.status < 300, token: 'receiver-secret-token' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  other = authed(t.app, (await login(t.app, 'xgm', 'Demo1234', 1, { platformMark: 3 })).content.token, 3);
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
}, 300_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const call = (client: AuthedClient, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  client({ method, url, payload: payload ?? (method === 'GET' ? undefined : {}) }).then(envelopeOf);

const saveUrls = (urls: { payoutUrl?: string; signingUrl?: string; invoiceUrl?: string }) =>
  call(merchant, 'PUT', '/api/v1/webhooks/settings', urls);

function verified(hit: Received, key: string): boolean {
  const timestamp = String(hit.headers['x-lg-timestamp']);
  const expected = createHmac('sha256', key).update(`${timestamp}.${hit.body}`).digest('hex');
  return hit.headers['x-lg-signature'] === expected;
}

let serial = 0;
function row(prefix: string, amount = 100_000): PayoutRow {
  serial += 1;
  const body = `11010119880303${String(serial % 1000).padStart(3, '0')}`;
  const cardBody = `${prefix}${String(serial).padStart(18 - prefix.length, '0')}`;
  return {
    rowNo: serial,
    name: `推送收款人${serial}`,
    idCard: body + nationalIdCheckChar(body),
    bankCard: cardBody + luhnCheckDigit(cardBody),
    mobile: null,
    amount,
    remark: null,
  };
}

/** A batch of company 1 (the merchant's), paid through the development channel; answers its item ids. */
async function paidBatch(rows: PayoutRow[]): Promise<number[]> {
  const account = { companyId: 1, platformMark: 1 };
  await t.db
    .transaction()
    .execute((tx) =>
      postEntries(
        tx,
        account,
        [{ kind: LEDGER.recharge, amount: 10_000_000, refType: 'recharge', refId: 990_000 + serial, operatorId: null }],
        chinaTime(),
      ),
    );
  const created = await t.db
    .transaction()
    .execute((tx) => createBatch(tx, { ...account, operatorId: 1, rows, rate: 600, draftId: null, now: chinaTime() }));
  await t.app.payouts.drain();
  const items = await t.db
    .selectFrom('payout_items')
    .select('id')
    .where('batch_id', '=', created.batchId)
    .orderBy('id')
    .execute();
  return items.map((item) => Number(item.id));
}

const deliveriesOf = (recordIds: number[]) =>
  t.db.selectFrom('webhook_deliveries').selectAll().where('record_id', 'in', recordIds).orderBy('id').execute();

describe('the address guard', () => {
  it('refuses loopback, private, link-local, reserved and mapped addresses, allows public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2400:3200::1', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to an internal address, whatever the name', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const checked = await checkTarget('https://hooks.example.com/in', { allowedHosts: ['127.0.0.1'], resolve });
    expect(checked.ok).toBe(false);
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ];
    expect((await checkTarget('https://hooks.example.com/in', { allowedHosts: [], resolve: mixed })).ok).toBe(false);
    const publicName = async () => [{ address: '93.184.216.34', family: 4 }];
    const fine = await checkTarget('https://hooks.example.com/in', { allowedHosts: [], resolve: publicName });
    expect(fine).toMatchObject({ ok: true, address: '93.184.216.34' });
  });
});

describe('消息推送 settings', () => {
  it('refuses internal addresses when saved, with a Chinese reason, and keeps nothing', async () => {
    const port = (receiver.address() as AddressInfo).port;
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      `http://localhost:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      'http://192.168.0.10/hook',
      'ftp://example.com/x',
    ]) {
      const answer = await saveUrls({ payoutUrl: url });
      expect(answer.code, url).toBe(BUSINESS);
      expect(answer.message, url).toMatch(/推送地址/);
    }
    const refused = await saveUrls({ payoutUrl: 'http://10.0.0.5/hook' });
    expect(refused.message).toContain('内网');
    const settings = await call(merchant, 'GET', '/api/v1/webhooks/settings');
    expect(settings.content.payoutUrl).toBe('');
  });

  it('saves allowed addresses and issues a secret shown once, in the operation log by its prefix only', async () => {
    const saved = await saveUrls({ payoutUrl: `${base}/payouts?token=abc123`, signingUrl: `${base}/signing` });
    expect(saved.code, saved.message).toBe(OK);
    expect(saved.content.payoutUrl).toBe(`${base}/payouts?token=abc123`);
    const issued = await call(merchant, 'POST', '/api/v1/webhooks/secret');
    expect(issued.code).toBe(OK);
    secret = issued.content.secret;
    expect(secret).toMatch(/^whsec_/);
    const read = await call(merchant, 'GET', '/api/v1/webhooks/settings');
    expect(JSON.stringify(read)).not.toContain(secret);
    expect(read.content.hasSecret).toBe(true);
    const logs = await t.db.selectFrom('operation_logs').selectAll().execute();
    expect(logs.some((entry) => JSON.stringify(entry).includes(secret.slice(0, 10)))).toBe(true);
    expect(logs.some((entry) => JSON.stringify(entry).includes(secret))).toBe(false);
  });
});

describe('delivery', () => {
  it('pushes a payout item’s result and its return, signed; the receiver verifies both', async () => {
    answers.set('/payouts', { status: 200 });
    received.length = 0;
    const [paidId, returnedId] = await paidBatch([row('622202'), row(DEV_CARD.returned, 200_000)]);
    const items = await t.db.selectFrom('payout_items').selectAll().where('id', 'in', [paidId, returnedId]).execute();
    expect(items.find((item) => Number(item.id) === returnedId)?.status).toBe(ITEM.returned);
    const rows = await deliveriesOf([paidId, returnedId]);
    // The paid item: one success; the returned item: its success, then its return.
    expect(rows.map((entry) => entry.event_type).sort()).toEqual([
      'payout.item.returned',
      'payout.item.succeeded',
      'payout.item.succeeded',
    ]);
    expect(rows.every((entry) => Number(entry.status) === DELIVERY_STATUS.pending)).toBe(true);

    const summary = await runDeliveries(t.db, ALLOWED, Date.now());
    expect(summary.delivered).toBeGreaterThanOrEqual(3);
    const hits = received.filter((hit) => hit.path.startsWith('/payouts'));
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      expect(verified(hit, secret)).toBe(true);
      expect(verified(hit, `${secret}x`)).toBe(false);
      expect(hit.path).toBe('/payouts?token=abc123');
    }
    const returned = hits.map((hit) => JSON.parse(hit.body)).find((body) => body.type === 'payout.item.returned');
    const item = items.find((entry) => Number(entry.id) === returnedId);
    expect(returned).toMatchObject({
      companyId: 1,
      data: {
        itemId: returnedId,
        batchId: Number(item?.batch_id),
        grossAmount: 200_000,
        taxAmount: Number(item?.tax_amount),
        netAmount: Number(item?.net_amount),
        state: 'returned',
        reason: DEV_REASON.returned,
      },
    });
    expect(hits.find((hit) => JSON.parse(hit.body).type === 'payout.item.returned')?.headers['x-lg-event-id']).toBe(
      returned.eventId,
    );
    const after = await deliveriesOf([paidId, returnedId]);
    expect(after.every((entry) => Number(entry.status) === DELIVERY_STATUS.delivered)).toBe(true);
    // A second pass sends nothing again.
    await runDeliveries(t.db, ALLOWED, Date.now() + 10 * MINUTE);
    expect(received.filter((hit) => hit.path.startsWith('/payouts'))).toHaveLength(3);
  });

  it('retries a failing receiver after 1 min, 5 min, 30 min, 2 h and 6 h, then gives up; 重新推送 delivers', async () => {
    expect((await saveUrls({ payoutUrl: `${base}/failing`, signingUrl: `${base}/signing` })).code).toBe(OK);
    answers.set('/failing', { status: 500 });
    received.length = 0;
    const [itemId] = await paidBatch([row('622202')]);
    const [delivery] = await deliveriesOf([itemId]);
    const start = Date.now();
    const hitsAt = async (now: number) => {
      await runDeliveries(t.db, ALLOWED, now);
      return received.filter((hit) => hit.path === '/failing').length;
    };
    expect(await hitsAt(start)).toBe(1);
    expect(await hitsAt(start + MINUTE - 1000)).toBe(1);
    let at = start + MINUTE;
    expect(await hitsAt(at)).toBe(2);
    const waits = [5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
    for (const [index, wait] of waits.entries()) {
      expect(await hitsAt(at + wait - 1000)).toBe(2 + index);
      at += wait;
      expect(await hitsAt(at)).toBe(3 + index);
    }
    expect(await hitsAt(at + 48 * 60 * MINUTE)).toBe(6);
    const givenUp = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    expect(Number(givenUp.status)).toBe(DELIVERY_STATUS.failed);
    expect(Number(givenUp.attempts)).toBe(6);

    const log = await call(merchant, 'GET', `/api/v1/webhooks/deliveries/${delivery.id}/attempts`);
    expect(log.code).toBe(OK);
    expect(log.content).toHaveLength(6);
    expect(log.content.every((entry: { httpStatus: number }) => entry.httpStatus === 500)).toBe(true);
    expect(log.content[0].url).toBe(`${base}/failing`);
    expect(log.content[0].requestExcerpt).toContain('"x-lg-signature":"***"');
    const page = await call(merchant, 'GET', '/api/v1/webhooks/deliveries/search?q=status:2&page=0&size=20');
    expect(page.content.content.map((entry: { id: number }) => entry.id)).toContain(Number(delivery.id));

    answers.set('/failing', { status: 204 });
    const resent = await call(merchant, 'POST', `/api/v1/webhooks/deliveries/${delivery.id}/resend`);
    expect(resent.code, resent.message).toBe(OK);
    expect(resent.content).toMatchObject({ delivered: true, httpStatus: 204 });
    const hit = received.filter((entry) => entry.path === '/failing').at(-1);
    expect(hit && verified(hit, secret)).toBe(true);
    const done = await t.db
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    expect(Number(done.status)).toBe(DELIVERY_STATUS.delivered);
    const ops = await t.db.selectFrom('operation_logs').selectAll().where('action', '=', 'resend').execute();
    expect(ops.length).toBeGreaterThan(0);
  });

  it('does not follow a redirect', async () => {
    expect((await saveUrls({ payoutUrl: `${base}/redirect` })).code).toBe(OK);
    answers.set('/redirect', { status: 302, headers: { location: `${base}/target` } });
    received.length = 0;
    const [itemId] = await paidBatch([row('622202')]);
    await runDeliveries(t.db, ALLOWED, Date.now());
    expect(received.filter((hit) => hit.path === '/redirect')).toHaveLength(1);
    expect(received.filter((hit) => hit.path === '/target')).toHaveLength(0);
    const [delivery] = await deliveriesOf([itemId]);
    expect(Number(delivery.status)).toBe(DELIVERY_STATUS.pending);
    expect(Number(delivery.last_http_status)).toBe(302);
  });

  it('refuses at delivery an address that has become internal since it was saved', async () => {
    const port = (receiver.address() as AddressInfo).port;
    expect((await saveUrls({ payoutUrl: `${base}/payouts` })).code).toBe(OK);
    const [itemId] = await paidBatch([row('622202')]);
    // As if the saved name now resolved to loopback: localhost is not on the allow-list.
    await t.db
      .updateTable('webhook_settings')
      .set({ payout_url: `http://localhost:${port}/payouts` })
      .where('company_id', '=', 1)
      .execute();
    received.length = 0;
    await runDeliveries(t.db, ALLOWED, Date.now());
    expect(received).toHaveLength(0);
    const [delivery] = await deliveriesOf([itemId]);
    expect(delivery.last_error).toContain('内网');
    await t.db
      .updateTable('webhook_settings')
      .set({ payout_url: `${base}/payouts` })
      .where('company_id', '=', 1)
      .execute();
  });

  it('sends a test event now', async () => {
    expect((await saveUrls({ payoutUrl: `${base}/payouts`, signingUrl: `${base}/signing` })).code).toBe(OK);
    received.length = 0;
    const answer = await call(merchant, 'POST', '/api/v1/webhooks/test', { kind: 2 });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.result.delivered).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0].path).toBe('/signing');
    expect(JSON.parse(received[0].body).type).toBe('webhook.test');
    expect(verified(received[0], secret)).toBe(true);
  });

  it('keeps another company’s deliveries unreadable and not re-sendable; staff see them in scope', async () => {
    const [delivery] = await t.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('company_id', '=', 1)
      .orderBy('id')
      .limit(1)
      .execute();
    const before = received.length;
    expect((await call(other, 'GET', `/api/v1/webhooks/deliveries/${delivery.id}`)).code).not.toBe(OK);
    expect((await call(other, 'GET', `/api/v1/webhooks/deliveries/${delivery.id}/attempts`)).code).toBe(BUSINESS);
    const resend = await call(other, 'POST', `/api/v1/webhooks/deliveries/${delivery.id}/resend`);
    expect(resend.code).toBe(BUSINESS);
    expect(received.length).toBe(before);
    const list = await call(other, 'GET', '/api/v1/webhooks/deliveries/search?page=0&size=100');
    expect(list.code).toBe(OK);
    expect(list.content.totalElements).toBe(0);
    // The merchant cannot use the staff routes.
    const staffRoute = await merchant({ method: 'POST', url: `/api/v1/adwebhooks/deliveries/${delivery.id}/resend` });
    expect(staffRoute.statusCode).toBe(403);

    const page = await call(admin, 'GET', '/api/v1/adwebhooks/deliveries/search?page=0&size=100');
    expect(page.code).toBe(OK);
    expect(page.content.content.some((entry: { companyName: string }) => entry.companyName)).toBe(true);
    const adminResend = await call(admin, 'POST', `/api/v1/adwebhooks/deliveries/${delivery.id}/resend`);
    expect(adminResend.code, adminResend.message).toBe(OK);
    expect(received.length).toBe(before + 1);
  });

  it('never writes the secret into any log', async () => {
    const tables = ['webhook_attempts', 'operation_logs', 'third_party_calls', 'webhook_deliveries'] as const;
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(secret);
    }
    const attempts = await t.db.selectFrom('webhook_attempts').select(['url', 'response_excerpt']).execute();
    expect(attempts.length).toBeGreaterThan(5);
    // A token in the address's query and one in the receiver's answer are masked too.
    expect(JSON.stringify(attempts)).not.toContain('abc123');
    expect(JSON.stringify(attempts)).not.toContain('receiver-secret-token');
  });
});
