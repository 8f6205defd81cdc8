import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * A merchant's contract with an enterprise signed through e签宝 (ESIGN_PROVIDER=esign) against the loopback e签宝
 * v3 (tests/support/fakes/esignFake.ts, which checks the request signature itself): 确认签署 uploads our contract
 * PDF and creates a flow where the company signs as the organisation through its contact and the enterprise is
 * sealed by e签宝; the signed completion callback stores e签宝's file and signs the contract once, with the same
 * side effects as the platform's own signing. Forged callbacks are refused; the development provider still signs
 * locally by default.
 */

let t: TestApp;
let fake: EsignFake;
let merchant: AuthedClient;

beforeAll(async () => {
  fake = await startEsignFake('app-5170263', randomSecret());
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

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function call(client: AuthedClient, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

const callback = (request: { headers: Record<string, string>; payload: string }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/open/esign/callback', ...request });

async function enterpriseNamed(short: string) {
  return t.db.selectFrom('enterprises').selectAll().where('short_name', '=', short).executeTakeFirstOrThrow();
}

/** A new service agreement of company 1 with the enterprise, and its unsigned PDF as the merchant downloads it. */
async function drawUp(short: string): Promise<{ id: number; draft: Buffer }> {
  const enterprise = await enterpriseNamed(short);
  const started = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${enterprise.id}`, { type: 1 });
  expect(started.code, started.message).toBe(1020000);
  const draft = await merchant({ method: 'GET', url: `/api/v1/contract/${started.content.id}/file?download=1` });
  expect(draft.statusCode).toBe(200);
  return { id: started.content.id, draft: draft.rawPayload };
}

async function contract(id: number) {
  return t.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The flow e签宝 holds for the signing page `url` (the fake's pages are /sign/<flowId>). */
function flowOfPage(url: string) {
  const flowId = url.slice(`${fake.url}/sign/`.length);
  const flow = fake.flows.get(flowId);
  expect(flow, url).toBeDefined();
  return { flowId, flow: flow as NonNullable<typeof flow> };
}

describe('a merchant’s contract signed through e签宝', () => {
  it('signs in the flow and the callback stores e签宝’s file and signs the contract once', async () => {
    await t.db.updateTable('companies').set({ sign_status: 0 }).where('id', '=', 1).execute();
    const baogu = await enterpriseNamed('宝谷');
    const company = await t.db
      .selectFrom('companies')
      .select(['name', 'credit_code', 'linkman_name', 'linkman_mobile'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const { id, draft } = await drawUp('宝谷');

    const pressed = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
    expect(pressed.code, pressed.message).toBe(1020000);
    expect(pressed.message).toBe('请在e签宝页面完成签署');
    expect(pressed.content.signStatus).toBe(0);
    expect(fake.refusals).toEqual([]);
    const { flowId, flow } = flowOfPage(pressed.content.esignUrl);
    // The company signs as the organisation, through its contact on record; the enterprise is sealed by e签宝.
    expect(flow.org).toEqual({
      orgName: company.name,
      orgIDCardNum: company.credit_code,
      orgIDCardType: 'CRED_ORG_USCC',
    });
    expect(flow.psnAccount).toBe(company.linkman_mobile);
    expect(flow.psnName).toBe(company.linkman_name);
    expect(flow.autoSeals.map(({ orgName, orgIDCardNum }) => ({ orgName, orgIDCardNum }))).toEqual([
      { orgName: baogu.name, orgIDCardNum: baogu.credit_code },
    ]);
    // e签宝 holds exactly the contract the merchant downloaded, and signs on its last page.
    expect(fake.files.get(flow.fileId)?.content.equals(draft)).toBe(true);
    const pages = (await PDFDocument.load(draft)).getPageCount();
    expect(flow.position.positionPage).toBe(String(pages));
    expect(flow.autoSeals[0].position.positionPage).toBe(String(pages));

    // Not signed until e签宝 says so; pressing again answers the same flow's page.
    expect((await contract(id)).sign_status).toBe(0);
    const again = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
    expect(again.content.esignUrl).toBe(pressed.content.esignUrl);
    expect([...fake.flows.values()].filter((each) => each.fileId === flow.fileId)).toHaveLength(1);

    const signedBytes = await fake.sign(flowId);
    const done = await callback(fake.completionCallback(flowId));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: '200', msg: 'success' });

    const row = await contract(id);
    expect(row).toMatchObject({ sign_status: 1, contract_status: 1, sign_mode: 1, file_sha256: sha256(signedBytes) });
    expect(row.sign_time).not.toBeNull();
    const signedCompany = await t.db
      .selectFrom('companies')
      .select('sign_status')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(signedCompany.sign_status).toBe(1);
    const state = await call(merchant, 'GET', `/api/v1/consent/${id}`);
    expect(state.content).toMatchObject({ signStatus: 1, signMode: 1, sha256: sha256(signedBytes) });

    // The contract's file is the one e签宝 returned.
    const link = await call(merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id });
    expect(link.code, link.message).toBe(1020000);
    const file = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, signedBytes)).toBe(0);

    // The operation log names the merchant who started the flow, for the start and for the signature.
    const merchantUser = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const logged = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'user_id', 'path'])
      .where('resource', '=', 'contractManagement')
      .where('record_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => [entry.action, Number(entry.user_id), entry.path])).toEqual([
      ['serviceSign', Number(merchantUser.id), `/api/v1/companies/service_sign/1/${baogu.id}`],
      ['esignStart', Number(merchantUser.id), `/api/v1/consent/${id}`],
      ['consent', Number(merchantUser.id), '/api/v1/open/esign/callback'],
    ]);

    // The same callback again (e签宝 retries, or someone replays it) changes nothing.
    const replayed = await callback(fake.completionCallback(flowId));
    expect(replayed.statusCode).toBe(200);
    const after = await contract(id);
    expect(after.file_id).toBe(row.file_id);
    expect(after.sign_time).toBe(row.sign_time);
    expect(after.update_time).toBe(row.update_time);
    const stored = await t.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('original_name', '=', `${row.nm}-已签署.pdf`)
      .where('owner_company_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
    const consents = await t.db
      .selectFrom('operation_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('action', '=', 'consent')
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(consents.n)).toBe(1);
    expect((await call(merchant, 'POST', `/api/v1/consent/${id}`, {})).message).toBe('该合同已签署');
  });

  it('refuses a forged, stale or tampered callback (401) and signs nothing until the genuine one', async () => {
    const { id } = await drawUp('亚辉');
    const { flowId } = flowOfPage((await call(merchant, 'POST', `/api/v1/consent/${id}`, {})).content.esignUrl);
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
    expect((await contract(id)).sign_status).toBe(0);

    expect((await callback(genuine)).statusCode).toBe(200);
    expect((await contract(id)).sign_status).toBe(1);
  });

  it('does not sign a contract voided while its flow was under way', async () => {
    const { id } = await drawUp('大熊');
    const { flowId } = flowOfPage((await call(merchant, 'POST', `/api/v1/consent/${id}`, {})).content.esignUrl);
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const voided = await call(admin, 'POST', '/api/v1/contract/cancelcontract', { id });
    expect(voided.code, voided.message).toBe(1020000);
    await fake.sign(flowId);
    expect((await callback(fake.completionCallback(flowId))).statusCode).toBe(200);
    expect(await contract(id)).toMatchObject({ sign_status: 0, data_status: 0 });
  });

  it('needs the company’s contact as transactor, and words e签宝’s errors in Chinese without keeping a flow', async () => {
    const { id } = await drawUp('众薪');
    const before = await t.db
      .selectFrom('companies')
      .select(['linkman_mobile'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('companies').set({ linkman_mobile: null }).where('id', '=', 1).execute();
    try {
      const refused = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
      expect(refused.code).toBe(1040400);
      expect(refused.message).toBe('请先在企业信息中填写联系人姓名和手机号：通过e签宝签署时由联系人作为经办人签署');
    } finally {
      await t.db.updateTable('companies').set(before).where('id', '=', 1).execute();
    }

    fake.failNext('/v3/sign-flow/create-by-file', 1435002, '参数错误');
    const failed = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
    expect(failed.code).toBe(1040400);
    expect(failed.message).toBe('e签宝参数错误：请检查签署人手机号和姓名');
    expect((await contract(id)).esign_flow_id).toBeNull();

    const retried = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
    expect(retried.code, retried.message).toBe(1020000);
    expect((await contract(id)).esign_flow_id).toBe(flowOfPage(retried.content.esignUrl).flowId);
  });
});

describe('the development provider (the default)', () => {
  it('still signs the contract locally at once, and has no e签宝 callback', async () => {
    const local = await createTestApp();
    try {
      const client = authed(local.app, await tokenOf(local.app, 'merchant'));
      const baogu = await local.db
        .selectFrom('enterprises')
        .select('id')
        .where('short_name', '=', '宝谷')
        .executeTakeFirstOrThrow();
      const started = envelopeOf(
        await client({ method: 'POST', url: `/api/v1/companies/service_sign/1/${baogu.id}`, payload: { type: 1 } }),
      );
      expect(started.code, started.message).toBe(1020000);
      const signed = envelopeOf(
        await client({ method: 'POST', url: `/api/v1/consent/${started.content.id}`, payload: {} }),
      );
      expect(signed.code, signed.message).toBe(1020000);
      expect(signed.message).toBe('签署成功');
      expect(signed.content).toMatchObject({ signStatus: 1, signMode: 1 });
      expect(signed.content.esignUrl).toBeUndefined();
      const row = await local.db
        .selectFrom('contracts')
        .select(['sign_status', 'esign_flow_id'])
        .where('id', '=', started.content.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ sign_status: 1, esign_flow_id: null });
      const stray = await local.app.inject({
        method: 'POST',
        url: '/api/v1/open/esign/callback',
        ...fake.completionCallback('0'.repeat(32)),
      });
      expect(stray.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  }, 120_000);
});
