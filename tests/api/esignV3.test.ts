import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { MSG_WILLINGNESS_ON_ESIGN } from '../../server/esign';
import { SIGN_STATUS } from '../../src/domain/workers';
import { bankCard, idCard } from '../support/batchFiles';
import { type EsignFake, startEsignFake } from '../support/fakes/esignFake';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  randomSecret,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * ESIGN_PROVIDER=esign against a loopback e签宝 v3 (tests/support/fakes/esignFake.ts, which checks the request
 * signature and Content-MD5 itself): a worker's agreement is uploaded, its flow created, the worker "signs" on
 * e签宝's page, the signed completion callback downloads the signed file and sets the agreement signed; forged or
 * stale callbacks are refused, a repeated one changes nothing, and e签宝's error codes read in Chinese.
 */

let t: TestApp;
let fake: EsignFake;
let merchant: AuthedClient;
const SERIAL = 650_000 + (Date.now() % 1000);

beforeAll(async () => {
  fake = await startEsignFake('app-7438291', randomSecret());
  t = await createTestApp({
    ESIGN_PROVIDER: 'esign',
    ESIGN_APP_ID: fake.appId,
    ESIGN_APP_SECRET: fake.appSecret,
    ESIGN_ENDPOINT: fake.url,
  });
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A new worker of company 1 and its signing link's token. */
async function signingToken(serial: number): Promise<{ workerId: number; token: string; mobile: string }> {
  const mobile = `137${String(serial).padStart(8, '0')}`;
  const added = envelopeOf(
    await merchant({
      method: 'POST',
      url: '/api/v1/workers',
      payload: { name: '易签测试', idCard: idCard(serial), mobile, bankCard: bankCard(serial), bankName: '中国银行' },
    }),
  );
  expect(added.code, added.message).toBe(1020000);
  const worker = await t.db.selectFrom('workers').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
  const link = envelopeOf(await merchant({ method: 'POST', url: `/api/v1/workers/${worker.id}/sign_link` }));
  expect(link.code, link.message).toBe(1020000);
  return { workerId: Number(worker.id), token: link.content.url.split('/').pop(), mobile };
}

const startEsign = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/open/worker_sign/${token}/esign` }).then(envelopeOf);

const callback = (request: { headers: Record<string, string>; payload: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/open/esign/callback', ...request });

async function agreementOf(workerId: number) {
  return t.db
    .selectFrom('worker_agreements')
    .selectAll()
    .where('worker_id', '=', workerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('an agreement signed through e签宝', () => {
  it('uploads the agreement, creates the flow, and the signed callback makes it signed with the downloaded file', async () => {
    const { workerId, token, mobile } = await signingToken(SERIAL);
    const page = envelopeOf(await t.app.inject({ method: 'GET', url: `/api/v1/open/worker_sign/${token}` }));
    expect(page.content.signVia).toBe('esign');
    const draft = await t.app.inject({ method: 'GET', url: `/api/v1/open/worker_sign/${token}/pdf` });

    const started = await startEsign(token);
    expect(started.code, started.message).toBe(1020000);
    const flowId = started.content.signFlowId as string;
    expect(started.content.url).toBe(`${fake.url}/sign/${flowId}`);
    expect(fake.refusals).toEqual([]);
    const flow = fake.flows.get(flowId);
    expect(flow?.psnAccount).toBe(mobile);
    expect(flow?.psnName).toBe('易签测试');
    // e签宝 holds exactly the agreement the worker reads on the page.
    expect(fake.files.get(flow?.fileId ?? '')?.content.equals(draft.rawPayload)).toBe(true);
    // Pressing again reuses the flow.
    expect((await startEsign(token)).content.signFlowId).toBe(flowId);
    expect(fake.flows.size).toBe(1);

    const signedBytes = await fake.sign(flowId);
    const done = await callback(fake.completionCallback(flowId));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: '200', msg: 'success' });

    const row = await agreementOf(workerId);
    expect(row.status).toBe(SIGN_STATUS.signed);
    expect(row.sha256).toBe(createHash('sha256').update(signedBytes).digest('hex'));
    expect(row.original_sha256).toBe(createHash('sha256').update(draft.rawPayload).digest('hex'));
    expect(row.willingness_method).toBe('esign');
    expect(row.willingness_ref).toBe(flowId);
    const worker = await t.db
      .selectFrom('workers')
      .select(['sign_status', 'sign_time'])
      .where('id', '=', workerId)
      .executeTakeFirstOrThrow();
    expect(worker.sign_status).toBe(SIGN_STATUS.signed);

    // The merchant downloads what e签宝 signed.
    const link = envelopeOf(await merchant.get(`/api/v1/workers/agreements/${row.id}/download`));
    expect(link.code, link.message).toBe(1020000);
    const file = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, signedBytes)).toBe(0);

    // The same callback again signs nothing twice.
    const again = await callback(fake.completionCallback(flowId));
    expect(again.statusCode).toBe(200);
    const after = await agreementOf(workerId);
    expect(after.signed_file_id).toBe(row.signed_file_id);
    expect(after.sign_time).toBe(row.sign_time);
    const files = await t.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('original_name', 'like', `%${row.agreement_no}-已签署.pdf`)
      .executeTakeFirstOrThrow();
    expect(Number(files.n)).toBe(1);
  });

  it('refuses a callback not signed with the app secret, or a stale one, and signs nothing', async () => {
    const { workerId, token } = await signingToken(SERIAL + 1);
    const flowId = (await startEsign(token)).content.signFlowId as string;
    await fake.sign(flowId);

    const forged = await callback(fake.completionCallback(flowId, { secret: randomSecret() }));
    expect(forged.statusCode).toBe(401);
    const stale = await callback(fake.completionCallback(flowId, { timestamp: Date.now() - 3_600_000 }));
    expect(stale.statusCode).toBe(401);
    const genuine = fake.completionCallback(flowId);
    const tampered = await callback({ ...genuine, payload: genuine.payload.replace('"完成"', '"已完成"') });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await callback({ headers: { 'content-type': 'application/json' }, payload: genuine.payload });
    expect(unsigned.statusCode).toBe(401);
    expect((await agreementOf(workerId)).status).toBe(SIGN_STATUS.pending);

    // The genuine one still works afterwards.
    expect((await callback(genuine)).statusCode).toBe(200);
    expect((await agreementOf(workerId)).status).toBe(SIGN_STATUS.signed);
  });

  it('does not let a platform SMS code stand in for e签宝’s willingness check', async () => {
    const { token } = await signingToken(SERIAL + 2);
    const code = envelopeOf(await t.app.inject({ method: 'POST', url: `/api/v1/open/worker_sign/${token}/code` }));
    expect(code.code).toBe(1040400);
    expect(code.message).toBe(MSG_WILLINGNESS_ON_ESIGN);
  });

  it('words e签宝’s error codes in Chinese', async () => {
    const { token } = await signingToken(SERIAL + 3);
    fake.failNext('/v3/sign-flow/create-by-file', 1435002, '参数错误');
    const invalid = await startEsign(token);
    expect(invalid.code).toBe(1040400);
    expect(invalid.message).toBe('e签宝参数错误：请检查签署人手机号和姓名');

    // A wrong app secret: the fake's own signature check refuses the request (401).
    const secret = fake.appSecret;
    fake.appSecret = randomSecret();
    try {
      const refused = await startEsign(token);
      expect(refused.message).toBe('e签宝鉴权失败：请检查 ESIGN_APP_ID 与 ESIGN_APP_SECRET');
      expect(fake.refusals).toContain('401 INVALID_SIGNATURE');
    } finally {
      fake.appSecret = secret;
    }
    fake.failNext('/v3/sign-flow/create-by-file', 1999999, '系统繁忙');
    expect((await startEsign(token)).message).toBe('e签宝服务出错（1999999）：系统繁忙');
  });
});

describe('configuration', () => {
  it('refuses to start with e签宝 chosen but not configured, naming what is missing', () => {
    const env = {
      DATA_DIR: fs.mkdtempSync(`${os.tmpdir()}/lg-esign-`),
      JWT_SECRET: randomSecret(),
      ID_KEY: randomSecret(),
    };
    expect(() => loadConfig({ ...env, ESIGN_PROVIDER: 'esign' })).toThrow(
      'ESIGN_PROVIDER=esign 还缺少这些设置：ESIGN_APP_ID、ESIGN_APP_SECRET',
    );
    expect(() => loadConfig({ ...env, ESIGN_PROVIDER: 'esign', ESIGN_APP_ID: 'x' })).toThrow(
      'ESIGN_PROVIDER=esign 还缺少这些设置：ESIGN_APP_SECRET',
    );
    expect(() => loadConfig({ ...env, ESIGN_PROVIDER: 'fadada' })).toThrow('ESIGN_PROVIDER 只能是 dev、esign 之一');
    expect(loadConfig(env).esign).toEqual({ provider: 'dev' });
  });
});
