import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { addSecondPartner } from './support/secondPartner';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The pickers' calls (GET /api/v1/references/:kind/search|:id) answer names in the caller's scope only, and a write
 * naming an id outside it is refused with a Chinese message; a partner reaches its own companies only.
 */
let t: TestApp;
const as: Record<string, AuthedClient> = {};
const REFUSED = (label: string) => `所选${label}不存在或不在您的权限范围内，请重新选择`;

async function page(client: AuthedClient, kind: string, q = '', size = 100) {
  const url = `/api/v1/references/${kind}/search?size=${size}${q ? `&q=${encodeURIComponent(q)}` : ''}`;
  const answer = envelopeOf(await client.get(url));
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content as { content: { id: number; name: string; status: number }[]; totalElements: number };
}

async function idOf(username: string): Promise<number> {
  return Number(
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  // A second partner in hehuoren's department, with no company of its own: the cross-partner attacker.
  await addSecondPartner(t.db, { mobile: '13800000044', displayName: '合伙人小赵' });
  for (const name of ['admin', 'kefu', 'hehuoren', 'hehuoren2', 'merchant']) {
    as[name] = authed(t.app, await tokenOf(t.app, name));
  }
});

afterAll(async () => {
  await t?.close();
});

describe('reference searches', () => {
  it('answer names by a part of the name, paged, with the total', async () => {
    const all = await page(as.admin, 'subsidiary');
    expect(all.totalElements).toBe(
      await t.db
        .selectFrom('subsidiaries')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    const first = await page(as.admin, 'subsidiary', '', 2);
    expect(first.content).toHaveLength(2);
    const second = envelopeOf(await as.admin.get('/api/v1/references/subsidiary/search?size=2&page=1')).content;
    expect(second.content.map((row: { id: number }) => row.id)).not.toContain(first.content[0].id);
    const shanghai = await page(as.admin, 'subsidiary', 'name:上海');
    expect(shanghai.content.length).toBeGreaterThan(0);
    for (const row of shanghai.content) expect(row.name).toContain('上海');
  });

  it('offer customer service by its name, never another role', async () => {
    const kefuId = await idOf('kefu');
    const services = await page(as.admin, 'service');
    expect(services.content).toContainEqual({ id: kefuId, name: '客服小王', status: 1 });
    expect(services.content.map((row) => row.id)).not.toContain(await idOf('hehuoren'));
  });

  it('keep department-scoped staff inside their departments', async () => {
    const inScope = await t.db.selectFrom('subsidiaries').select('id').where('department_id', 'in', [1, 2]).execute();
    const kefu = await page(as.kefu, 'subsidiary');
    expect(kefu.content.map((row) => row.id).sort()).toEqual(inScope.map((row) => Number(row.id)).sort());
    const outside = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('department_id', '=', 3)
      .executeTakeFirstOrThrow();
    const one = envelopeOf(await as.kefu.get(`/api/v1/references/subsidiary/${outside.id}`));
    expect(one).toMatchObject({ code: 1040400, message: '分公司不存在' });
    expect(envelopeOf(await as.admin.get(`/api/v1/references/subsidiary/${outside.id}`)).code).toBe(1020000);
  });

  it('are refused to merchants, and an unknown kind or malformed id is a business error', async () => {
    expect((await as.merchant.get('/api/v1/references/company/search')).statusCode).toBe(403);
    expect(envelopeOf(await as.admin.get('/api/v1/references/users/search')).message).toBe('不支持的引用类型');
    expect(envelopeOf(await as.admin.get('/api/v1/references/company/abc')).code).toBe(1040400);
    expect(envelopeOf(await as.admin.get('/api/v1/references/company/search?q=bogus:1')).code).toBe(1040400);
  });
});

describe('writes naming a reference', () => {
  it('activation refuses a customer-service id that is a partner, and an unknown subsidiary, keeping the registration pending', async () => {
    const registration = await t.db
      .insertInto('registrations')
      .values({
        name: '引用校验测试有限公司',
        linkman_mobile: '13700000077',
        password_hash: 'x',
        platform_mark: 1,
        company_nature: null,
        company_size: null,
        industry_id: null,
        business_license: '',
        invoice_tax_number: '91330100MA2E2E0077',
        province: null,
        city: null,
        district: null,
        legal_person_name: null,
        linkman_name: null,
        license_url: '',
        student_card_url: null,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: chinaTime(),
        activate_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subsidiary = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const url = `/api/v1/companies/register/${registration.id}/activate`;
    const partnerAsService = envelopeOf(
      await as.admin({ method: 'POST', url, payload: { subID: subsidiary.id, serviceId: await idOf('hehuoren') } }),
    );
    expect(partnerAsService.message).toBe(REFUSED('客服'));
    expect(partnerAsService.content.errors).toEqual({ serviceId: REFUSED('客服') });
    const unknown = envelopeOf(await as.admin({ method: 'POST', url, payload: { subID: 99_999_999 } }));
    expect(unknown.content.errors).toEqual({ subID: REFUSED('分公司') });
    const empty = envelopeOf(await as.admin({ method: 'POST', url, payload: {} }));
    expect(empty.message).toBe('请选择分公司');
    const row = await t.db
      .selectFrom('registrations')
      .select('status')
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
  });

  it('a rate for a company outside the caller is refused on the field and nothing is stored', async () => {
    const before = await t.db.selectFrom('service_rates').select('id').execute();
    const answer = envelopeOf(
      await as.admin({
        method: 'POST',
        url: '/api/v1/servicerates/company',
        payload: { companyId: 99_999_999, platformMark: 1, rate: 500, effectiveDate: chinaTime().slice(0, 10) },
      }),
    );
    expect(answer.content.errors.companyId).toBe(REFUSED('企业'));
    expect(await t.db.selectFrom('service_rates').select('id').execute()).toHaveLength(before.length);
  });
});

describe('a partner reaches only its own companies', () => {
  it('hehuoren sees exactly the companies whose sale partner it is; a second partner of the same department none of them', async () => {
    const hehuorenId = await idOf('hehuoren');
    const own = await t.db
      .selectFrom('companies')
      .select('id')
      .where('sale_partner_id', '=', hehuorenId)
      .where('department_id', '=', 2)
      .execute();
    expect(own.length).toBeGreaterThan(0);
    const list = envelopeOf(await as.hehuoren.get('/api/v1/companies/search?size=1'));
    expect(list.code, list.message).toBe(1020000);
    expect(list.content.totalElements).toBe(own.length);
    const attacker = envelopeOf(await as.hehuoren2.get('/api/v1/companies/search?size=10'));
    expect(attacker.code, attacker.message).toBe(1020000);
    expect(attacker.content.totalElements).toBe(0);
    expect((await page(as.hehuoren2, 'company')).totalElements).toBe(0);
    expect((await page(as.hehuoren, 'company', '', 1)).totalElements).toBe(own.length);
  });

  it("the second partner cannot open, edit, or read the overview of hehuoren's company", async () => {
    const company = await t.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('sale_partner_id', '=', await idOf('hehuoren'))
      .executeTakeFirstOrThrow();
    expect((await as.hehuoren.get(`/api/v1/companies/${company.id}/platform/0`)).statusCode).toBe(200);
    expect((await as.hehuoren2.get(`/api/v1/companies/${company.id}/platform/0`)).statusCode).toBe(403);
    expect((await as.hehuoren2.get(`/api/v1/companies/${company.id}/overview`)).statusCode).toBe(403);
    const edit = await as.hehuoren2({
      method: 'PUT',
      url: `/api/v1/companies/${company.id}`,
      payload: { name: '被改掉的企业名称有限公司' },
    });
    expect(edit.statusCode).toBe(403);
    const after = await t.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe(company.name);
    expect(envelopeOf(await as.hehuoren2.get(`/api/v1/references/company/${company.id}`)).code).toBe(1040400);
  });
});

describe('pickers whose choice is written', () => {
  it('usable:1 offers only enabled records; without it a disabled one is still found, marked', async () => {
    const disabled = await t.db
      .insertInto('subsidiaries')
      .values({
        sname: '停用测试分公司',
        department_id: 1,
        platform_mark: 1,
        crm_company_name: null,
        is_virtual: 0,
        status: 0,
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const all = await page(as.admin, 'subsidiary');
    expect(all.content).toContainEqual({ id: Number(disabled.id), name: '停用测试分公司（已停用）', status: 0 });
    const usable = await page(as.admin, 'subsidiary', 'usable:1');
    expect(usable.content.length).toBeGreaterThan(0);
    expect(usable.content.every((item) => item.status === 1)).toBe(true);
    expect(usable.content.map((item) => item.id)).not.toContain(Number(disabled.id));
    expect(usable.totalElements).toBe(all.totalElements - all.content.filter((item) => item.status === 0).length);
    const named = await page(as.admin, 'subsidiary', 'name:停用测试;usable:1');
    expect(named.content).toEqual([]);
  });
});
