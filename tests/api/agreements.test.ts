import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTERPRISE_MSG } from '../../src/domain/enterprises';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Agreements: a merchant signs with an enterprise through the e-sign provider, downloads, zips. */

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let xgm: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
});
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

async function enterpriseNamed(short: string) {
  return t.db.selectFrom('enterprises').selectAll().where('short_name', '=', short).executeTakeFirstOrThrow();
}

describe('signing a service agreement', () => {
  it('draws up a real PDF, signs it once with a SHA-256 of the signed bytes, and downloads it', async () => {
    const baogu = await enterpriseNamed('宝谷');
    await t.db.updateTable('companies').set({ sign_status: 0 }).where('id', '=', 1).execute();
    const started = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${baogu.id}`, { type: 1 });
    expect(started.code, started.message).toBe(1020000);
    expect(started.content).toMatchObject({ signStatus: 0, agreementType: 1, enterpriseId: Number(baogu.id) });
    expect(started.content.signUrl).toContain(String(started.content.id));
    const again = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${baogu.id}`, { type: 1 });
    expect(again.content.id).toBe(started.content.id);

    const consent = await call(merchant, 'GET', `/api/v1/consent/${started.content.id}`);
    expect(consent.content).toMatchObject({ enterpriseName: baogu.name, hasDocument: true, riskText: null });
    expect((await call(admin, 'POST', `/api/v1/consent/${started.content.id}`, {})).status).toBe(403);

    const signed = await call(merchant, 'POST', `/api/v1/consent/${started.content.id}`, {});
    expect(signed.code, signed.message).toBe(1020000);
    expect(signed.content).toMatchObject({ signStatus: 1, signMode: 1 });
    expect((await call(merchant, 'POST', `/api/v1/consent/${started.content.id}`, {})).message).toBe('该合同已签署');
    const company = await t.db
      .selectFrom('companies')
      .select('sign_status')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(company.sign_status).toBe(1);

    const link = await call(merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id: started.content.id });
    const file = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(signed.content.sha256);
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getKeywords()).toContain('signer:上海灵动科技有限公司');
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);

    const zip = await merchant({
      method: 'POST',
      url: '/api/v1/contract/downloadzip',
      payload: { ids: [started.content.id] },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const listed = await call(admin, 'GET', `/api/v1/agreements/service/${started.content.id}`);
    expect(listed.content).toMatchObject({
      enterpriseName: baogu.name,
      signStatus: 1,
      fileSha256: signed.content.sha256,
    });
  });

  it('a locked enterprise refuses signing, a risky one needs confirmation, another edition is refused', async () => {
    const locked = await enterpriseNamed('恒信');
    // Not bound to the company: refused as such first (signingEntities.ts); bound, its lock refuses.
    expect((await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${locked.id}`, {})).message).toBe(
      ENTERPRISE_MSG.notBound(locked.name),
    );
    await t.db
      .insertInto('company_enterprises')
      .values({ company_id: 1, enterprise_id: Number(locked.id), create_time: '2030-01-01 00:00:00' })
      .execute();
    expect((await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${locked.id}`, {})).message).toBe(
      ENTERPRISE_MSG.locked(locked.name),
    );
    const risky = await enterpriseNamed('桂通');
    const small = await t.db
      .selectFrom('users')
      .select('company_id')
      .where('username', '=', 'xgm')
      .executeTakeFirstOrThrow();
    const refused = await call(xgm, 'POST', `/api/v1/companies/service_sign/${small.company_id}/${risky.id}`, {});
    expect(refused.message).toBe(ENTERPRISE_MSG.riskyConfirm(risky.name, risky.status_reason));
    const confirmed = await call(xgm, 'POST', `/api/v1/companies/service_sign/${small.company_id}/${risky.id}`, {
      confirmRisk: true,
    });
    // Past the risk gate; 桂通 has no template of its own yet (the demo gives templates to the first six).
    expect(confirmed.message).toBe('该主体尚未配置服务协议模板，请联系客服');
    const dx = await enterpriseNamed('大熊');
    expect((await call(xgm, 'POST', `/api/v1/companies/service_sign/${small.company_id}/${dx.id}`, {})).message).toBe(
      '该主体不属于贵公司的版本',
    );
    expect(
      (await merchant({ method: 'POST', url: `/api/v1/companies/service_sign/2/${dx.id}`, payload: {} })).statusCode,
    ).toBe(403);
  });

  it('will-expire lists name the enterprise and the kind', async () => {
    const expiring = await call(merchant, 'GET', '/api/v1/contract/willexpire/1');
    expect(expiring.content.length).toBeGreaterThan(0);
    for (const row of expiring.content) expect(row).toHaveProperty('enterpriseName');
    expect(expiring.content.some((row: { enterpriseName: string | null }) => row.enterpriseName)).toBe(true);
  });
});
