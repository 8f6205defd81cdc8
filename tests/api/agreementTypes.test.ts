import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * Agreement types as data: the spec's calls under /api/v1/agreementTemplateType, the types seeded from
 * the old fixed list, and their use where the list was fixed (a template's type, a merchant's signing, the contract
 * list's q key `sort`).
 */

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
}, 120_000);
afterAll(async () => t?.close());

const update = (client: AuthedClient, payload: object) =>
  client({ method: 'POST', url: '/api/v1/agreementTemplateType/updateAgreementType', payload });

describe('/api/v1/agreementTemplateType', () => {
  it('lists the four seeded types with the envelope', async () => {
    const page = envelopeOf(await admin.get('/api/v1/agreementTemplateType/search?page=0&size=10'));
    expect(page.code, page.message).toBe(1020000);
    expect(page.content.content.map((row: { name: string }) => row.name)).toEqual([
      '服务协议',
      '服务外包协议',
      '自由职业者协议',
      '开户合同',
    ]);
  });

  it('adds, renames, disables and enables a type through updateAgreementType, each in the operation log', async () => {
    const created = envelopeOf(await update(admin, { name: '劳务派遣协议', sort: 9 }));
    expect(created.code, created.message).toBe(1020000);
    const id = created.content.id;
    expect(created.content).toMatchObject({ name: '劳务派遣协议', sort: 9, status: 1 });
    expect(envelopeOf(await update(admin, { name: '劳务派遣协议' })).message).toBe('该协议类型已存在');
    expect(envelopeOf(await update(admin, { id, name: '劳务外包协议' })).content.name).toBe('劳务外包协议');
    expect(envelopeOf(await update(admin, { id, status: 0 })).content.status).toBe(0);
    const choices = envelopeOf(await admin.get('/api/v1/agreementTemplateType/choices')).content;
    expect(choices.map((choice: { id: number }) => choice.id)).not.toContain(id);
    expect(envelopeOf(await update(admin, { id, status: 1 })).content.status).toBe(1);
    const logged = await t.db
      .selectFrom('operation_logs')
      .select('action')
      .where('resource', '=', 'agreementTypes')
      .where('record_id', '=', id)
      .execute();
    expect(logged.map((row) => row.action)).toEqual(['create', 'update', 'update', 'update']);
  });

  it('refuses malformed bodies with 1040400 and merchants with 403', async () => {
    for (const payload of [{ name: '' }, { id: 'x' }, { status: 5, id: 1 }, {}]) {
      const answer = await update(admin, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(envelopeOf(answer).code, JSON.stringify(payload)).toBe(1040400);
    }
    expect(envelopeOf(await update(admin, { id: 999999, name: '不存在' })).message).toBe('协议类型不存在');
    expect((await update(merchant, { name: '商户新增' })).statusCode).toBe(403);
    expect((await merchant.get('/api/v1/agreementTemplateType/search')).statusCode).toBe(403);
  });

  it('findSignByEnterpriseId answers the enabled types the enterprise has a template of', async () => {
    const template = await t.db
      .selectFrom('agreement_templates')
      .select(['entid', 'type'])
      .where('entid', 'is not', null)
      .executeTakeFirstOrThrow();
    const expected = await t.db
      .selectFrom('agreement_templates')
      .select('type')
      .distinct()
      .where('entid', '=', template.entid)
      .orderBy('type')
      .execute();
    const found = envelopeOf(
      await merchant.get(`/api/v1/agreementTemplateType/findSignByEnterpriseId?enterpriseId=${template.entid}`),
    );
    expect(found.code, found.message).toBe(1020000);
    expect(found.content.map((row: { id: number }) => row.id).sort()).toEqual(expected.map((row) => row.type));
    const bad = await merchant.get('/api/v1/agreementTemplateType/findSignByEnterpriseId?enterpriseId=abc');
    expect(envelopeOf(bad).code).toBe(1040400);
  });

  it('a template must be of an enabled type; a disabled type refuses new signings', async () => {
    const created = envelopeOf(await update(admin, { name: '临时协议', status: 0 }));
    const bad = await admin({
      method: 'POST',
      url: '/api/v1/agreement_template',
      payload: { nm: '临时模板', type: created.content.id, platformmark: 1, sealCertificationType: 1 },
    });
    expect(envelopeOf(bad).message).toBe('模板类型的取值不正确');
    const enterprise = await t.db
      .selectFrom('agreement_templates')
      .select('entid')
      .where('entid', 'is not', null)
      .where('platformmark', '=', 1)
      .executeTakeFirstOrThrow();
    const signing = await merchant({
      method: 'POST',
      url: `/api/v1/companies/service_sign/1/${enterprise.entid}`,
      payload: { type: created.content.id, confirmRisk: true },
    });
    expect(envelopeOf(signing).message).toBe('协议类型不正确或已停用');
  });

  it("the contract list's q key sort filters by agreement type", async () => {
    const page = envelopeOf(await admin.get(`/api/v1/contract?q=${encodeURIComponent('sort:2')}&page=0&size=50`));
    expect(page.code, page.message).toBe(1020000);
    expect(page.content.content.length).toBeGreaterThan(0);
    for (const row of page.content.content) expect(row.agreementType).toBe(2);
  });
});
