import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { chinaTime } from '../../server/db/time';
import { insertDraft } from '../../server/money/payouts/drafts';
import { ITEM } from '../../src/domain/moneyEnums';
import { bankCard, idCard } from '../support/batchFiles';
import { signPayees } from './support/signedWorkers';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  lastSmsCode,
  sendSmsCode,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * Third-party calls: an enterprise's signed webhook (HMAC-SHA256 over `${timestamp}.${body}`, 5-minute
 * window, event ids applied once) reports payout items and signings; every call is logged on its callback page
 * and an admin can replay one; merchants' open-API keys are stored hashed and shown once.
 */
let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let bigBear: { id: number; secret: string };
let baoGu: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  const of = async (short: string) => {
    const row = await t.db
      .selectFrom('enterprises')
      .select(['id', 'webhook_secret'])
      .where('short_name', '=', short)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), secret: String(row.webhook_secret) };
  };
  bigBear = await of('大熊');
  baoGu = await of('宝谷');
});
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

/** Posts an event the way an enterprise does, signed here with node's crypto. */
async function send(
  enterprise: { id: number; secret: string },
  event: object,
  options: { secondsAgo?: number; secret?: string; signature?: string } = {},
) {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000) - (options.secondsAgo ?? 0));
  const signature =
    options.signature ??
    createHmac('sha256', options.secret ?? enterprise.secret)
      .update(`${timestamp}.${body}`)
      .digest('hex');
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/open/enterprises/${enterprise.id}/webhook`,
    headers: { 'content-type': 'application/json', 'x-lg-timestamp': timestamp, 'x-lg-signature': signature },
    payload: body,
  });
  return { status: response.statusCode, ...envelopeOf(response) };
}

const lastCall = () => t.db.selectFrom('third_party_calls').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

let itemIds: number[] = [];

/**
 * Submits, as the merchant, a validated two-row draft (as /remit keeps an upload; the submit is the real route),
 * lets the payout processor run, and answers the rows sent and the batch's items.
 */
async function paidBatchItems(namePrefix: string, serial: number, fileName: string) {
  const user = await t.db.selectFrom('users').select('id').where('username', '=', 'merchant').executeTakeFirstOrThrow();
  const rows = [1, 2].map((n) => ({
    rowNo: n + 1,
    name: `${namePrefix}${n}`,
    idCard: idCard(serial + n),
    bankCard: bankCard(serial + n),
    mobile: null,
    amount: n * 10_000,
    remark: null,
  }));
  // Payees are paid only once they signed with the company, checked again when the batch is submitted.
  await signPayees(t, { companyId: 1, platformMark: 1 }, [serial + 1, serial + 2]);
  const draftId = await insertDraft(t.db, {
    companyId: 1,
    platformMark: 1,
    userId: Number(user.id),
    fileName,
    rows,
    totalAmount: 30_000,
    serviceCharge: 1_800,
    rate: 600,
    createTime: chinaTime(),
  });
  const submitted = await call(merchant, 'POST', '/api/v1/remittances/batch/submit', {
    draftId,
    payPassword: DEMO_PAYMENT_PASSWORD,
  });
  expect(submitted.code, submitted.message).toBe(1020000);
  await t.app.payouts.drain();
  const items = await t.db
    .selectFrom('payout_items')
    .select(['id', 'status'])
    .where('batch_id', '=', submitted.content.batchId)
    .orderBy('id')
    .execute();
  return { rows, items };
}

describe('the payout channel and the SMS sender, logged as calls out (平台调用记录)', () => {
  it('lists each order the development channel paid, card and ID numbers masked', async () => {
    const { rows, items } = await paidBatchItems('渠道', 740_000, '渠道打款.csv');
    expect(items.map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.succeeded]);

    const listed = await call(admin, 'GET', '/api/v1/thirdcalls/platform/search?q=kind:payout.submit&page=0&size=100');
    expect(listed.status).toBe(200);
    const calls = (listed.content.content as Record<string, unknown>[]).filter((row) =>
      items.some((item) => JSON.parse(String(row.requestBody)).order.itemId === Number(item.id)),
    );
    expect(calls).toHaveLength(2);
    for (const [index, row] of calls.entries()) {
      const order = JSON.parse(String(row.requestBody)).order;
      expect(row.path).toBe('payout://dev/submit');
      expect(row.httpStatus).toBe(200);
      expect(JSON.parse(String(row.responseBody))).toEqual({
        accepted: true,
        orderId: `DEV${String(order.itemId).padStart(12, '0')}`,
      });
      const sent = rows.find((source) => source.name === order.name);
      expect(sent, `call ${index}`).toBeDefined();
      expect(order.amount).toBe(sent?.amount);
      expect(order.bankCard).toMatch(new RegExp(`^\\*+${sent?.bankCard.slice(-4)}$`));
      expect(String(row.requestBody)).not.toContain(sent?.bankCard as string);
      expect(String(row.requestBody)).not.toContain(sent?.idCard as string);
      expect(order.idCard).toContain('*');
    }
  });

  it('lists an SMS send with the number masked and without its code', async () => {
    const answer = await sendSmsCode(t.app, t.db, '13900000002', 1);
    expect(answer.code, answer.message).toBe(1020000);
    const code = String(await lastSmsCode(t.db, '13900000002'));
    expect(code).toMatch(/^\d{6}$/);
    const listed = await call(admin, 'GET', '/api/v1/thirdcalls/platform/search?q=kind:sms.send&page=0&size=100');
    const row = (listed.content.content as Record<string, unknown>[]).find((entry) =>
      String(entry.requestBody).includes('139****0002'),
    );
    expect(row, 'the send is listed').toBeDefined();
    expect(row?.path).toMatch(/^sms:\/\/.+\/send$/);
    const sent = JSON.parse(String(row?.requestBody));
    expect(sent.mobile).toBe('139****0002');
    expect(sent.text).toContain('验证码为******');
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain('13900000002');
  });
});

describe('payout results by webhook', () => {
  it("leaves a reporting enterprise's items waiting, then records the results its signed webhook sends", async () => {
    // 大熊 settles with workers itself; the merchant signs its service agreement, so its payouts go through 大熊.
    await t.db.updateTable('enterprises').set({ reports_payouts: 1 }).where('id', '=', bigBear.id).execute();
    const started = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${bigBear.id}`, { type: 1 });
    expect(started.code, started.message).toBe(1020000);
    const signed = await call(merchant, 'POST', `/api/v1/consent/${started.content.id}`, {});
    expect(signed.code, signed.message).toBe(1020000);

    const { items } = await paidBatchItems('回调', 730_000, '回调打款.csv');
    expect(items.map((item) => item.status)).toEqual([ITEM.awaitingReport, ITEM.awaitingReport]);
    itemIds = items.map((item) => Number(item.id));

    const event = {
      eventId: 'bb-evt-1',
      type: 'payout.result',
      data: {
        items: [
          { itemId: itemIds[0], status: 'paid' },
          { itemId: itemIds[1], status: 'failed', reason: '账户冻结' },
        ],
      },
    };
    const answer = await send(bigBear, event);
    expect(answer.status).toBe(200);
    expect(answer.content.items).toEqual([
      { itemId: itemIds[0], status: 'paid' },
      { itemId: itemIds[1], status: 'failed' },
    ]);
    const after = await t.db
      .selectFrom('payout_items')
      .select(['status'])
      .where('id', 'in', itemIds)
      .orderBy('id')
      .execute();
    expect(after.map((item) => item.status)).toEqual([ITEM.succeeded, ITEM.failed]);
    const logged = await lastCall();
    expect(logged).toMatchObject({
      enterprise_id: bigBear.id,
      channel: 1,
      kind: 'payout.result',
      event_id: 'bb-evt-1',
    });
    expect(logged.http_status).toBe(200);
    expect(logged.outcome).toBe(1);
    expect(logged.request_body).toBe(JSON.stringify(event));
    expect(JSON.parse(String(logged.response_body)).content.items).toHaveLength(2);

    // The same event again: answered as before, applied once (one abnormal-funds row for the failed item).
    const repeat = await send(bigBear, event);
    expect(repeat.status).toBe(200);
    expect(repeat.content).toMatchObject({ duplicate: true, eventId: 'bb-evt-1' });
    expect((await lastCall()).outcome).toBe(2);
    const abnormal = await t.db.selectFrom('abnormal_funds').select('id').where('item_id', '=', itemIds[1]).execute();
    expect(abnormal).toHaveLength(1);

    // The same event id with another body is refused.
    const reused = await send(bigBear, { ...event, data: { items: [{ itemId: itemIds[0], status: 'failed' }] } });
    expect(reused.status).toBe(409);
    expect((await lastCall()).outcome).toBe(3);
  });

  it('refuses a forged, a stale (replayed) and an unsigned call, and logs each', async () => {
    const event = { eventId: 'bb-evt-forged', type: 'payout.result', data: { items: [{ itemId: 1, status: 'paid' }] } };
    const forged = await send(bigBear, event, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.message).toBe('签名校验失败');
    const stale = await send(bigBear, { ...event, eventId: 'bb-evt-stale' }, { secondsAgo: 301 });
    expect(stale.status).toBe(401);
    expect(stale.message).toContain('5分钟');
    const unsigned = await send(bigBear, event, { signature: '' });
    expect(unsigned.status).toBe(401);
    const unknown = await send({ id: 999_999, secret: bigBear.secret }, event);
    expect(unknown.status).toBe(404);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/open/enterprises/${bigBear.id}/webhook`,
      headers: { 'content-type': 'application/json', 'x-lg-timestamp': '1', 'x-lg-signature': 'ab' },
      payload: '{"eventId":',
    });
    expect(notJson.statusCode).toBe(401);

    const page = await call(admin, 'GET', '/api/v1/thirdcalls/bigbear/search?q=outcome:3&page=0&size=50');
    expect(page.code, page.message).toBe(1020000);
    const messages = page.content.content.map((row: { message: string }) => row.message);
    expect(messages).toEqual(expect.arrayContaining(['签名校验失败', '请求时间戳超出允许范围（5分钟），已拒绝']));
    for (const row of page.content.content) expect(row.outcome).toBe(3);
    // 宝谷's page lists none of 大熊's calls.
    const other = await call(admin, 'GET', '/api/v1/thirdcalls/baogu/search?page=0&size=50');
    expect(
      other.content.content.filter((row: { enterpriseName: string }) => row.enterpriseName?.includes('大熊')),
    ).toEqual([]);
    expect((await call(merchant, 'GET', '/api/v1/thirdcalls/bigbear/search?page=0&size=10')).status).toBe(403);
  });

  it('lets an admin replay a logged call: a stale but genuine one is applied, a forged one is refused again', async () => {
    await t.db.updateTable('payout_items').set({ status: ITEM.awaitingReport }).where('id', '=', itemIds[0]).execute();
    const staleRow = await t.db
      .selectFrom('third_party_calls')
      .select('id')
      .where('event_id', '=', 'bb-evt-stale')
      .executeTakeFirstOrThrow();
    const forgedRow = await t.db
      .selectFrom('third_party_calls')
      .select('id')
      .where('event_id', '=', 'bb-evt-forged')
      .where('message', '=', '签名校验失败')
      .executeTakeFirstOrThrow();

    const forged = await call(admin, 'POST', `/api/v1/thirdcalls/replay/${forgedRow.id}`, {});
    expect(forged.code).toBe(1040400);
    expect(forged.message).toContain('签名校验失败');

    // The stale call reported item id 1, which 大熊 does not settle: applied, and the item is not found.
    const replayed = await call(admin, 'POST', `/api/v1/thirdcalls/replay/${staleRow.id}`, {});
    expect(replayed.code, replayed.message).toBe(1020000);
    const replay = await t.db
      .selectFrom('third_party_calls')
      .selectAll()
      .where('id', '=', replayed.content.callId)
      .executeTakeFirstOrThrow();
    expect(replay).toMatchObject({ replay_of: Number(staleRow.id), outcome: 1, http_status: 200 });
    expect(JSON.parse(String(replay.response_body)).content.items).toEqual([{ itemId: 1, status: 'notFound' }]);
    expect(replay.operator).toBeTruthy();
    // Replaying it again is the same event: a duplicate.
    const again = await call(admin, 'POST', `/api/v1/thirdcalls/replay/${staleRow.id}`, {});
    expect(again.code).toBe(1020000);
    expect(again.content.outcome).toBe(2);
  });
});

describe('signing by webhook', () => {
  it("marks the enterprise's own unsigned agreement signed, and no other enterprise's", async () => {
    const started = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${baoGu.id}`, { type: 2 });
    expect(started.code, started.message).toBe(1020000);
    const contractId = started.content.id;
    const foreign = await send(bigBear, { eventId: 'bb-sign-1', type: 'contract.signed', data: { contractId } });
    expect(foreign.content.status).toBe('notFound');
    const own = await send(baoGu, { eventId: 'bg-sign-1', type: 'contract.signed', data: { contractId } });
    expect(own.status).toBe(200);
    expect(own.content.status).toBe('signed');
    const contract = await t.db
      .selectFrom('contracts')
      .select(['sign_status', 'sign_mode'])
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(contract).toEqual({ sign_status: 1, sign_mode: 1 });
    const logged = await lastCall();
    expect(logged.channel).toBe(2);
    const page = await call(admin, 'GET', '/api/v1/thirdcalls/baogu/search?q=eventId:bg-sign-1&page=0&size=10');
    expect(page.content.content).toHaveLength(1);
    expect(page.content.content[0]).toMatchObject({ kind: 'contract.signed', httpStatus: 200, outcome: 1 });
    expect(page.content.content[0].latencyMs).toBeGreaterThanOrEqual(0);
  });
});

describe('open-API keys (/addThirdPartyCall)', () => {
  it('shows a key once, keeps only its hash, verifies it, and stops it when reset or disabled', async () => {
    // The form's picker finds merchants by name.
    const picked = await call(admin, 'GET', '/api/v1/companies/otherplatformmark/companies?name=');
    expect(picked.code).toBe(1020000);
    const demo = await t.db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    const byName = await call(
      admin,
      'GET',
      `/api/v1/companies/otherplatformmark/companies?name=${encodeURIComponent(demo.name)}`,
    );
    expect(byName.content.map((option: { id: number }) => option.id)).toContain(1);
    const created = await call(admin, 'POST', '/api/v1/companies/otherplatformmark', {
      companyId: 1,
      caller: '宝谷灵工平台',
      remark: '对接打款回单',
    });
    expect(created.code, created.message).toBe(1020000);
    const key: string = created.content.key;
    expect(key).toMatch(/^lgk_[A-Za-z0-9_-]{32}$/);
    const stored = await t.db
      .selectFrom('open_api_keys')
      .selectAll()
      .where('id', '=', created.content.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key);

    const list = await call(
      admin,
      'GET',
      '/api/v1/companies/otherplatformmark/search?q=caller:宝谷灵工&page=0&size=10',
    );
    expect(list.content.content).toHaveLength(1);
    expect(list.content.content[0]).toMatchObject({ keyPrefix: key.slice(0, 12), status: 1 });
    expect(JSON.stringify(list.content)).not.toContain(key);

    const verify = (secret: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/companies/verifysecretkey', headers: { secretkey: secret } });
    // The key travels in a header: in the query string (where every proxy logs it) even the right key is refused.
    const inUrl = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/verifysecretkey?secretkey=${encodeURIComponent(key)}`,
      }),
    );
    expect(inUrl).toMatchObject({ code: 1040400, message: '请在请求头 secretkey 中传递密钥，密钥不能放在网址里' });
    const good = envelopeOf(await verify(key));
    expect(good.code).toBe(1020000);
    expect(good.content).toMatchObject({ companyId: 1, caller: '宝谷灵工平台', platformMark: 1 });
    const logged = await lastCall();
    expect(logged.kind).toBe('verifysecretkey');
    expect(JSON.stringify(logged)).not.toContain(key);
    expect(envelopeOf(await verify(`${key}x`)).message).toBe('密钥无效或已停用');

    const reset = await call(admin, 'POST', `/api/v1/company/baoguset/${created.content.id}`, {});
    expect(reset.code).toBe(1020000);
    expect(reset.content.key).not.toBe(key);
    expect(envelopeOf(await verify(key)).code).toBe(1040400);
    expect(envelopeOf(await verify(reset.content.key)).code).toBe(1020000);

    const disabled = await call(
      admin,
      'PATCH',
      `/api/v1/companies/otherplatformmark/${created.content.id}/disable`,
      {},
    );
    expect(disabled.code, disabled.message).toBe(1020000);
    expect(envelopeOf(await verify(reset.content.key)).code).toBe(1040400);

    expect(
      (await call(merchant, 'POST', '/api/v1/companies/otherplatformmark', { companyId: 1, caller: 'x' })).status,
    ).toBe(403);
    expect(
      (await call(admin, 'POST', '/api/v1/companies/otherplatformmark', { companyId: 'abc', caller: '平台' })).message,
    ).toBe('商户编号格式不正确');
  });
});

describe('platform calls out (/addThirdPartyCall, 平台调用记录)', () => {
  it('lists a call to the development bank with the password masked; a merchant cannot read it', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const company = await t.db
      .selectFrom('companies')
      .select('id')
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const status = await call(caiwu, 'GET', `/api/v1/accounts/status/${company.id}`);
    const account = String(status.content.accountNumber);
    const password = '246813';
    const set = await call(caiwu, 'PATCH', `/api/v1/accounts/${account}/password`, { password, repassword: password });
    expect(set.message).toBe('子账户密码已设置');

    const listed = await call(
      admin,
      'GET',
      '/api/v1/thirdcalls/platform/search?q=kind:bank.setPassword&page=0&size=10&sort=createTime,desc',
    );
    expect(listed.status).toBe(200);
    const rows = listed.content.content as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.kind).toBe('bank.setPassword');
    expect(row?.path).toMatch(/^bank:\/\/.+\/setPassword$/);
    expect(row?.httpStatus).toBe(200);
    const sent = JSON.parse(String(row?.requestBody));
    expect(sent.password).toBe('***');
    expect(sent.accountNumber).toMatch(new RegExp(`^\\*+${account.slice(-4)}$`));
    expect(String(row?.requestBody)).not.toContain(password);
    expect(String(row?.requestBody)).not.toContain(account);

    const one = await call(admin, 'GET', `/api/v1/thirdcalls/platform/${row?.id}`);
    expect(one.content.requestBody).toBe(row?.requestBody);
    // Only calls out with no enterprise: an inbound webhook's row is not this view's.
    await send(bigBear, { eventId: 'platform-view-1', type: 'payout.result', items: [] }, { signature: 'forged' });
    const inbound = await t.db
      .selectFrom('third_party_calls')
      .select('id')
      .where('direction', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const other = await call(admin, 'GET', `/api/v1/thirdcalls/platform/${inbound.id}`);
    expect(other).toMatchObject({ code: 1040400, message: '调用记录不存在' });
    const every = await call(admin, 'GET', '/api/v1/thirdcalls/platform/search?page=0&size=100');
    expect((every.content.content as { id: number }[]).some((item) => item.id === inbound.id)).toBe(false);

    expect((await call(merchant, 'GET', '/api/v1/thirdcalls/platform/search?page=0&size=10')).status).toBe(403);
    expect((await call(merchant, 'GET', `/api/v1/thirdcalls/platform/${row?.id}`)).status).toBe(403);
  });
});
