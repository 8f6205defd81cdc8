import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQ } from '../../src/domain/query';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let caiwu: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});

afterAll(async () => {
  await t?.close();
});

async function call(client: AuthedClient, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: unknown) {
  const response = await client({ method, url, payload: payload as Record<string, unknown> | undefined });
  return { status: response.statusCode, ...envelopeOf(response) };
}

async function subsidiaryIn(departments: 'any' | number[]) {
  let query = t.db.selectFrom('subsidiaries').selectAll().orderBy('id');
  if (departments !== 'any') query = query.where('department_id', 'in', departments);
  return query.executeTakeFirstOrThrow();
}

async function logEntries(action: string, recordId: number, resource = 'adPartnerManageSub') {
  return t.db
    .selectFrom('operation_logs')
    .selectAll()
    .where('action', '=', action)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .execute();
}

describe('GET /api/v1/subsidiary/crm/search', () => {
  it('pages the CRM subsidiaries, narrowed by name', async () => {
    const all = await call(admin, 'GET', '/api/v1/subsidiary/crm/search?page=0&size=2');
    expect(all.code).toBe(OK);
    expect(all.content.size).toBe(2);
    expect(all.content.content).toHaveLength(2);
    const total = await t.db
      .selectFrom('crm_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'subsidiary')
      .executeTakeFirstOrThrow();
    expect(all.content.totalElements).toBe(Number(total.n));
    const named = await call(admin, 'GET', `/api/v1/subsidiary/crm/search?q=${encodeQ({ name: '杭州' })}`);
    expect(named.content.content.map((row: { name: string }) => row.name)).toEqual(['杭州分公司（CRM）']);
  });

  it('refuses an unknown filter and a bad size with 1040400', async () => {
    expect((await call(admin, 'GET', `/api/v1/subsidiary/crm/search?q=${encodeQ({ city: '南京' })}`)).code).toBe(
      BUSINESS,
    );
    expect((await call(admin, 'GET', '/api/v1/subsidiary/crm/search?size=abc')).code).toBe(BUSINESS);
  });

  it('refuses staff without UI_BRANCH_OFFICE_MGR and merchants', async () => {
    expect((await call(kefu, 'GET', '/api/v1/subsidiary/crm/search')).status).toBe(403);
    expect((await call(merchant, 'GET', '/api/v1/subsidiary/crm/search')).status).toBe(403);
  });
});

describe('PATCH /api/v1/subsidiary/crm/binding and /unbinding', () => {
  it('binds a subsidiary to a CRM subsidiary, shows it in the search and the list, logs it, and unbinds', async () => {
    const subsidiary = await subsidiaryIn('any');
    const bound = await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', {
      id: subsidiary.id,
      crmId: 'CRM-SUB-003',
    });
    expect(bound.code).toBe(OK);
    expect(bound.content).toMatchObject({ crmId: 'CRM-SUB-003', crmName: '杭州分公司（CRM）' });
    const row = await t.db
      .selectFrom('subsidiaries')
      .selectAll()
      .where('id', '=', subsidiary.id)
      .executeTakeFirstOrThrow();
    expect(row.crm_company_name).toBe('杭州分公司（CRM）');
    const search = await call(admin, 'GET', `/api/v1/subsidiary/crm/search?q=${encodeQ({ name: '杭州' })}`);
    expect(search.content.content[0].boundSubsidiaryId).toBe(subsidiary.id);
    expect(await logEntries('crmBind', subsidiary.id)).toHaveLength(1);

    // The same CRM record cannot be bound to a second subsidiary.
    const other = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('id', '<>', subsidiary.id)
      .executeTakeFirstOrThrow();
    const taken = await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', { id: other.id, crmId: 'CRM-SUB-003' });
    expect(taken.code).toBe(BUSINESS);
    expect(taken.message).toContain('已绑定');

    const unbound = await call(admin, 'PATCH', '/api/v1/subsidiary/crm/unbinding', { id: subsidiary.id });
    expect(unbound.code).toBe(OK);
    const after = await t.db
      .selectFrom('subsidiaries')
      .selectAll()
      .where('id', '=', subsidiary.id)
      .executeTakeFirstOrThrow();
    expect(after.crm_company_name).toBeNull();
    expect(await logEntries('crmUnbind', subsidiary.id)).toHaveLength(1);
    expect((await call(admin, 'PATCH', '/api/v1/subsidiary/crm/unbinding', { id: subsidiary.id })).code).toBe(BUSINESS);
  });

  it('refuses bad input with 1040400: a missing field, an unknown CRM record, a missing subsidiary', async () => {
    const subsidiary = await subsidiaryIn('any');
    for (const payload of [
      { id: subsidiary.id },
      { id: 'x', crmId: 'CRM-SUB-001' },
      { id: subsidiary.id, crmId: 'a b' },
    ]) {
      expect((await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', payload)).code).toBe(BUSINESS);
    }
    const unknown = await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', {
      id: subsidiary.id,
      crmId: 'CRM-NONE',
    });
    expect(unknown).toMatchObject({ code: BUSINESS, message: 'CRM中没有该分公司，请重新查询后选择' });
    // A CRM institution is not a CRM subsidiary.
    expect(
      (await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', { id: subsidiary.id, crmId: 'CRM-INS-001' })).code,
    ).toBe(BUSINESS);
    expect(
      (await call(admin, 'PATCH', '/api/v1/subsidiary/crm/binding', { id: 999999, crmId: 'CRM-SUB-001' })).message,
    ).toBe('分公司不存在');
    expect((await call(admin, 'PATCH', '/api/v1/subsidiary/crm/unbinding', {})).code).toBe(BUSINESS);
  });

  it('refuses callers without UI_BRANCH_OFFICE_MGR and changes nothing', async () => {
    const subsidiary = await subsidiaryIn('any');
    for (const client of [kefu, caiwu, merchant]) {
      const answer = await call(client, 'PATCH', '/api/v1/subsidiary/crm/binding', {
        id: subsidiary.id,
        crmId: 'CRM-SUB-005',
      });
      expect(answer.status).toBe(403);
      expect((await call(client, 'PATCH', '/api/v1/subsidiary/crm/unbinding', { id: subsidiary.id })).status).toBe(403);
    }
    expect(await t.db.selectFrom('crm_bindings').selectAll().where('crm_id', '=', 'CRM-SUB-005').execute()).toEqual([]);
  });
});

describe('PUT /api/v1/subsidiaries/mark/:id', () => {
  it('marks a subsidiary virtual and back, each change logged', async () => {
    const subsidiary = await subsidiaryIn('any');
    const marked = await call(admin, 'PUT', `/api/v1/subsidiaries/mark/${subsidiary.id}`, { isVirtual: 1 });
    expect(marked).toMatchObject({ code: OK, content: { id: subsidiary.id, isVirtual: 1 } });
    const read = await call(admin, 'GET', `/api/v1/subsidiaries/mark/${subsidiary.id}`);
    expect(read.content.isVirtual).toBe(1);
    await call(admin, 'PUT', `/api/v1/subsidiaries/mark/${subsidiary.id}`, { isVirtual: 0 });
    expect((await call(admin, 'GET', `/api/v1/subsidiaries/mark/${subsidiary.id}`)).content.isVirtual).toBe(0);
    expect(await logEntries('mark', subsidiary.id)).toHaveLength(2);
  });

  it('refuses bad input with 1040400 and other roles with 403', async () => {
    const subsidiary = await subsidiaryIn('any');
    for (const payload of [{}, { isVirtual: 2 }, { isVirtual: 'yes' }]) {
      expect((await call(admin, 'PUT', `/api/v1/subsidiaries/mark/${subsidiary.id}`, payload)).code).toBe(BUSINESS);
    }
    expect((await call(admin, 'PUT', '/api/v1/subsidiaries/mark/abc', { isVirtual: 1 })).code).toBe(BUSINESS);
    expect((await call(kefu, 'PUT', `/api/v1/subsidiaries/mark/${subsidiary.id}`, { isVirtual: 1 })).status).toBe(403);
    expect((await call(merchant, 'PUT', `/api/v1/subsidiaries/mark/${subsidiary.id}`, { isVirtual: 1 })).status).toBe(
      403,
    );
  });
});

describe('GET /api/v1/crm/data/synchronization/search/{kind}', () => {
  it('answers each of the four kinds with only that kind', async () => {
    for (const kind of ['subsidiary', 'institution', 'teacher', 'cloudorder']) {
      const answer = await call(kefu, 'GET', `/api/v1/crm/data/synchronization/search/${kind}?size=100`);
      expect(answer.code).toBe(OK);
      expect(answer.content.totalElements).toBeGreaterThan(0);
      expect(answer.content.content.every((row: { kind: string }) => row.kind === kind)).toBe(true);
    }
  });

  it('refuses an unknown kind and bad paging with 1040400, and callers without a company or branch code', async () => {
    expect((await call(admin, 'GET', '/api/v1/crm/data/synchronization/search/garden')).code).toBe(BUSINESS);
    expect((await call(admin, 'GET', '/api/v1/crm/data/synchronization/search/teacher?page=-1')).code).toBe(BUSINESS);
    expect((await call(caiwu, 'GET', '/api/v1/crm/data/synchronization/search/teacher')).status).toBe(403);
    expect((await call(merchant, 'GET', '/api/v1/crm/data/synchronization/search/teacher')).status).toBe(403);
  });
});

describe('PATCH /api/v1/company/crm/bind', () => {
  it('binds a company to a CRM institution and unbinds it with crmId ""', async () => {
    const company = await t.db
      .selectFrom('companies')
      .select('id')
      .where('department_id', 'in', [1, 2])
      .executeTakeFirstOrThrow();
    const bound = await call(kefu, 'PATCH', '/api/v1/company/crm/bind', {
      companyId: company.id,
      crmId: 'CRM-INS-002',
    });
    expect(bound).toMatchObject({ code: OK, content: { crmId: 'CRM-INS-002', crmName: '南京知行培训学校' } });
    expect((await call(kefu, 'GET', `/api/v1/company/crm/bind/${company.id}`)).content.crmId).toBe('CRM-INS-002');
    expect(await logEntries('crmBind', company.id, 'adMerchant')).toHaveLength(1);
    const unbound = await call(kefu, 'PATCH', '/api/v1/company/crm/bind', { companyId: company.id, crmId: '' });
    expect(unbound.code).toBe(OK);
    expect((await call(kefu, 'GET', `/api/v1/company/crm/bind/${company.id}`)).content).toBeNull();
  });

  it('refuses bad input with 1040400', async () => {
    const company = await t.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
    for (const payload of [
      { companyId: company.id },
      { companyId: 0, crmId: 'CRM-INS-001' },
      { crmId: 'CRM-INS-001' },
    ]) {
      expect((await call(admin, 'PATCH', '/api/v1/company/crm/bind', payload)).code).toBe(BUSINESS);
    }
    const teacher = await call(admin, 'PATCH', '/api/v1/company/crm/bind', {
      companyId: company.id,
      crmId: 'CRM-TEA-001',
    });
    expect(teacher).toMatchObject({ code: BUSINESS, message: 'CRM中没有该机构，请重新查询后选择' });
  });

  it('refuses merchants, staff without the company code, and staff outside the company department', async () => {
    const outside = await t.db
      .selectFrom('companies')
      .select('id')
      .where('department_id', 'not in', [1, 2])
      .executeTakeFirstOrThrow();
    const payload = { companyId: outside.id, crmId: 'CRM-INS-003' };
    expect((await call(kefu, 'PATCH', '/api/v1/company/crm/bind', payload)).status).toBe(403);
    expect((await call(caiwu, 'PATCH', '/api/v1/company/crm/bind', payload)).status).toBe(403);
    expect((await call(merchant, 'PATCH', '/api/v1/company/crm/bind', payload)).status).toBe(403);
    expect(await t.db.selectFrom('crm_bindings').selectAll().where('owner_id', '=', outside.id).execute()).toEqual([]);
  });
});

describe('GET /api/v1/applet/garden', () => {
  it('lists the parks to any logged-in user', async () => {
    const answer = await call(merchant, 'GET', `/api/v1/applet/garden?q=${encodeQ({ name: '苏州' })}`);
    expect(answer).toMatchObject({ code: OK });
    expect(answer.content.content.map((row: { name: string }) => row.name)).toEqual(['苏州工业园区']);
  });

  it('refuses bad input with 1040400 and callers without a session with 401', async () => {
    expect((await call(admin, 'GET', `/api/v1/applet/garden?q=${encodeQ({ city: 'x' })}`)).code).toBe(BUSINESS);
    expect((await call(admin, 'GET', '/api/v1/applet/garden?size=0')).code).toBe(BUSINESS);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/applet/garden' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/companies/findpermissionlogin', () => {
  it("answers the session's own role, company and codes, as the database holds them", async () => {
    const answer = await call(merchant, 'GET', '/api/v1/companies/findpermissionlogin?platformmark=1');
    expect(answer.code).toBe(OK);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'company_id', 'role_id'])
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    const codes = await t.db
      .selectFrom('user_authorities')
      .select('authority')
      .where('user_id', '=', user.id)
      .execute();
    expect(answer.content).toMatchObject({ userId: user.id, rid: user.role_id, cid: user.company_id, platformMark: 1 });
    expect(answer.content.authorities.map((item: { authority: string }) => item.authority)).toEqual(
      codes.map((row) => row.authority).sort(),
    );
  });

  it('refuses a bad or foreign edition with 1040400 and a caller without a session with 401', async () => {
    expect((await call(merchant, 'GET', '/api/v1/companies/findpermissionlogin?platformmark=x')).code).toBe(BUSINESS);
    expect((await call(merchant, 'GET', '/api/v1/companies/findpermissionlogin?platformmark=3')).code).toBe(BUSINESS);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/companies/findpermissionlogin' });
    expect(anonymous.statusCode).toBe(401);
  });
});
