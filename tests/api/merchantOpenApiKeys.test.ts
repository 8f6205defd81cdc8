import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

/**
 * The merchant's 开放接口 page reads its own company's keys in its own edition (GET /api/v1/openapi/keys), never a
 * key, a hash or a signing secret, and the open-API part of the document (GET /api/v1/openapi/document).
 */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let other: AuthedClient;
let otherCompanyId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  other = authed(t.app, (await login(t.app, 'xgm', 'Demo1234', 1, { platformMark: 3 })).content.token, 3);
  const user = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'xgm')
    .executeTakeFirstOrThrow();
  otherCompanyId = Number(user.company_id);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const call = (client: AuthedClient, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  client({ method, url, payload: payload ?? (method === 'GET' ? undefined : {}) }).then(envelopeOf);

const grant = (companyId: number, caller: string, extra: Record<string, unknown> = {}) =>
  call(admin, 'POST', '/api/v1/companies/otherplatformmark', { companyId, caller, ...extra });

describe('GET /api/v1/openapi/keys', () => {
  it("lists the merchant's own keys with scopes, expiry and limits, and none of another company's", async () => {
    const own = await grant(1, '本公司ERP', { scopes: ['pay', 'read'], expireTime: '2099-01-31 23:59:59' });
    expect(own.code, own.message).toBe(OK);
    const foreign = await grant(otherCompanyId, '别家ERP', { scopes: ['workers'] });
    expect(foreign.code, foreign.message).toBe(OK);
    const edited = await call(admin, 'PUT', `/api/v1/companies/otherplatformmark/${own.content.id}`, {
      callsPerMinute: 90,
    });
    expect(edited.code, edited.message).toBe(OK);

    const mine = await call(merchant, 'GET', '/api/v1/openapi/keys');
    expect(mine.code, mine.message).toBe(OK);
    const row = mine.content.find((key: { id: number }) => key.id === own.content.id);
    expect(row).toMatchObject({
      caller: '本公司ERP',
      keyId: own.content.keyId,
      scopes: ['read', 'pay'],
      expireTime: '2099-01-31 23:59:59',
      callsPerMinute: 90,
      status: 1,
      expired: false,
    });
    expect(row.keyPrefix).toBe(`${own.content.key.slice(0, 12)}…`);
    expect(mine.content.some((key: { id: number }) => key.id === foreign.content.id)).toBe(false);
    expect(mine.content.every((key: { caller: string }) => key.caller !== '别家ERP')).toBe(true);

    const text = JSON.stringify(mine.content);
    expect(text).not.toContain(own.content.key);
    expect(text).not.toContain(own.content.signingSecret);
    expect(text).not.toMatch(/keyHash|secretEnc|key_hash|secret_enc/);

    // The staff list of /addThirdPartyCall names the same key's scopes in Chinese, with its limits and key id.
    const listed = await call(
      admin,
      'GET',
      '/api/v1/companies/otherplatformmark/search?q=caller:本公司ERP&page=0&size=10',
    );
    expect(listed.code, listed.message).toBe(OK);
    expect(listed.content.content.find((key: { id: number }) => key.id === own.content.id)).toMatchObject({
      scopeNames: '查询、打款',
      scopes: 'read,pay',
      signKeyId: own.content.keyId,
      expireTime: '2099-01-31 23:59:59',
      callsPerMinute: 90,
    });

    const theirs = await call(other, 'GET', '/api/v1/openapi/keys');
    expect(theirs.code, theirs.message).toBe(OK);
    expect(theirs.content.map((key: { id: number }) => key.id)).toContain(foreign.content.id);
    expect(theirs.content.map((key: { id: number }) => key.id)).not.toContain(own.content.id);
  });

  it("leaves out the company's keys of the other edition and marks an expired key", async () => {
    const now = chinaTime();
    const inserted = await t.db
      .insertInto('open_api_keys')
      .values({
        company_id: 1,
        platform_mark: 3,
        caller: '小规模版的调用方',
        key_prefix: 'lgk_smallxxx',
        key_hash: 'f'.repeat(64),
        status: 1,
        created_by: 'test',
        create_time: now,
        update_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = await grant(1, '过期的调用方');
    expect(old.code, old.message).toBe(OK);
    await t.db
      .updateTable('open_api_keys')
      .set({ expire_time: '2020-01-01 00:00:00' })
      .where('id', '=', old.content.id)
      .execute();

    const mine = await call(merchant, 'GET', '/api/v1/openapi/keys');
    expect(mine.content.map((key: { id: number }) => key.id)).not.toContain(Number(inserted.id));
    expect(mine.content.find((key: { id: number }) => key.id === old.content.id)).toMatchObject({
      expired: true,
      scopes: ['read'],
    });
  });

  it("refuses a staff member's token: the page is the merchant's own", async () => {
    const answer = await call(admin, 'GET', '/api/v1/openapi/keys');
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe('请使用商户账号操作');
    expect(answer.content).toBeNull();
  });

  it('refuses a call without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi/keys' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/openapi/document', () => {
  it('gives a logged-in merchant the open API operations only, with their tag and signature scheme', async () => {
    const response = await merchant({ method: 'GET', url: '/api/v1/openapi/document' });
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    const document = answer.content;
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.every((path) => path.startsWith('/open/v1/'))).toBe(true);
    expect(paths).toContain('/open/v1/balance');
    expect(document.tags.map((tag: { name: string }) => tag.name)).toEqual(['开放接口']);
    expect(document.tags[0].description).toContain('X-LG-Signature');
    expect(Object.keys(document.components.securitySchemes)).toEqual(['openApiSignature']);
    expect(response.body).not.toContain('/api/v1/companies/otherplatformmark');
    // Each reference inside the part resolves inside the part.
    for (const ref of response.body.match(/"#\/components\/[^"]+"/g) ?? []) {
      const [, kind, name] = JSON.parse(ref).split('/').slice(1);
      expect(document.components[kind]?.[name], ref).toBeDefined();
    }
  });

  it('is not given without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi/document' });
    expect(response.statusCode).toBe(401);
  });
});
