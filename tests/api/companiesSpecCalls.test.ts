import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallCompanies } from '../../resources/companies';
import { creditCodeCheckCharacter } from '../../src/domain/creditCode';
import { encodeQ } from '../../src/domain/query';

/** A credit code with a valid check character (GB 32100), from 17 characters. */
const code = (first17: string) => `${first17}${creditCodeCheckCharacter(first17)}`;

import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** The spec's company, registration, enterprise and upgrade-notice calls answer at their own paths. */

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

async function anySubsidiary(platformMark = 1): Promise<number> {
  const row = await t.db
    .selectFrom('subsidiaries')
    .select('id')
    .where('status', '=', 1)
    .where('platform_mark', '=', platformMark)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function newCompany(name: string, creditCode: string): Promise<number> {
  const created = await call(admin, 'POST', '/api/v1/companies', {
    name,
    creditCode,
    platformMark: 1,
    legalPersonName: '张三',
    linkmanName: '李四',
    linkmanMobile: '13912345678',
    subID: await anySubsidiary(),
  });
  expect(created.code, created.message).toBe(1020000);
  return created.content.id as number;
}

async function logEntries(path: string): Promise<number> {
  const rows = await t.db.selectFrom('operation_logs').select('id').where('path', '=', path).execute();
  return rows.length;
}

describe('companies', () => {
  it('POST /api/v1/companies creates a company, logs it, refuses bad input and a merchant', async () => {
    const id = await newCompany('上海测试运营创建科技有限公司', code('91310000661122333'));
    expect(
      (await t.db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    ).toBe('上海测试运营创建科技有限公司');
    expect(await logEntries('/api/v1/companies')).toBe(1);
    const bad = await call(admin, 'POST', '/api/v1/companies', { name: '短', creditCode: 'x' });
    expect([bad.status, bad.code]).toEqual([200, 1040400]);
    expect(bad.message).toMatch(/[\u4e00-\u9fa5]/);
    const wrongType = await call(admin, 'POST', '/api/v1/companies', { name: { a: 1 } });
    expect([wrongType.status, wrongType.code]).toEqual([200, 1040400]);
    expect((await merchant({ method: 'POST', url: '/api/v1/companies', payload: {} })).statusCode).toBe(403);
  });

  it('a company belongs to a subsidiary of its edition: the small-scale picker offers only those, the server refuses others', async () => {
    // The picker of /adSmallMerchant's 新建企业 asks for edition 3 (resources/companies.ts), as the page sends it.
    const pickerField = smallCompanies.createFields?.find((field) => field.source === 'subID');
    expect(pickerField?.referenceEdition).toBe(3);
    const offered = await call(
      admin,
      'GET',
      `/api/v1/references/subsidiary/search?q=${encodeQ({ platformmark: 3, usable: 1 })}&size=100`,
    );
    const offeredIds = (offered.content.content as { id: number }[]).map((row) => Number(row.id));
    expect(offeredIds.length).toBeGreaterThan(0);
    const editions = await t.db
      .selectFrom('subsidiaries')
      .select('platform_mark')
      .where('id', 'in', offeredIds)
      .execute();
    expect(new Set(editions.map((row) => Number(row.platform_mark)))).toEqual(new Set([3]));

    const small = {
      creditCode: code('91310000661122777'),
      platformMark: 3,
      legalPersonName: '张三',
      linkmanName: '李四',
      linkmanMobile: '13912345679',
    };
    const refused = await call(admin, 'POST', '/api/v1/companies', {
      ...small,
      name: '上海小规模分公司校验科技有限公司',
      subID: await anySubsidiary(1),
    });
    expect([refused.code, refused.message]).toEqual([1040400, '小规模企业只能选择小规模分公司']);
    expect(refused.content).toEqual({ errors: { subID: '小规模企业只能选择小规模分公司' } });
    const nothing = await t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', '上海小规模分公司校验科技有限公司')
      .execute();
    expect(nothing).toEqual([]);

    const accepted = await call(admin, 'POST', '/api/v1/companies', {
      ...small,
      name: '上海小规模分公司校验科技有限公司',
      subID: await anySubsidiary(3),
    });
    expect(accepted.code, accepted.message).toBe(1020000);
  });

  it('PUT /api/v1/companies/workscene is its own route (not PUT /companies/:id) and is logged', async () => {
    const id = await newCompany('上海测试工作场景科技有限公司', code('91310000661122334'));
    const saved = await call(admin, 'PUT', '/api/v1/companies/workscene', { id, workScene: '外卖骑手配送' });
    expect(saved.code, saved.message).toBe(1020000);
    expect(saved.content.work_scene).toBe('外卖骑手配送');
    expect(await logEntries('/api/v1/companies/workscene')).toBe(1);
    const bad = await call(admin, 'PUT', '/api/v1/companies/workscene', { id, workScene: 'x' });
    expect(bad.code).toBe(1040400);
    expect(bad.message).toBe('请输入2-200字的工作场景');
    expect((await merchant({ method: 'PUT', url: '/api/v1/companies/workscene', payload: { id } })).statusCode).toBe(
      403,
    );
  });

  it('VIP level: GET /company/viplevel lists levels, PUT /companies/viplevel changes one', async () => {
    const levels = await call(merchant, 'GET', '/api/v1/company/viplevel?platformmark=1');
    expect(levels.content.map((level: { id: number }) => level.id)).toEqual([1, 2, 3]);
    expect((await call(merchant, 'GET', '/api/v1/company/viplevel?platformmark=9')).code).toBe(1040400);
    const id = await newCompany('上海测试会员等级科技有限公司', code('91310000661122335'));
    const saved = await call(admin, 'PUT', '/api/v1/companies/viplevel', { id, vipLevel: 3 });
    expect(saved.content.vip_level).toBe(3);
    expect((await call(admin, 'PUT', '/api/v1/companies/viplevel', { id, vipLevel: 7 })).code).toBe(1040400);
  });

  it('manager, verify, baoguset, enterprise binding and the new search keys', async () => {
    const id = await newCompany('上海测试管理员变更科技有限公司', code('91310000661122336'));
    const manager = await call(admin, 'PUT', `/api/v1/companies/manager/${id}`, {
      managerName: '王五',
      managerMobile: '13812345678',
      managerIdCard: '110101199003071234',
    });
    expect(manager.code, manager.message).toBe(1020000);
    expect(manager.content.admin_id_card).toBe('110101199003071234');
    expect(
      (await call(admin, 'PUT', `/api/v1/companies/manager/${id}`, { managerName: '王五', managerMobile: '1' })).code,
    ).toBe(1040400);
    expect((await call(admin, 'POST', '/api/v1/companies/verify', { id })).code).toBe(1020000);
    expect((await call(admin, 'POST', '/api/v1/companies/verify', { id })).message).toBe('该企业已认证');
    expect(
      (await call(admin, 'POST', '/api/v1/company/baoguset', { id, enabled: 1, baoguAccount: 'bg_001' })).code,
    ).toBe(1020000);
    expect((await call(admin, 'POST', '/api/v1/company/baoguset', { id, enabled: 5 })).code).toBe(1040400);

    const enterprise = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const bound = await call(admin, 'PUT', `/api/v1/companies/enterprise/${id}`, {
      enterpriseIds: [Number(enterprise.id)],
    });
    expect(bound.code, bound.message).toBe(1020000);
    expect(
      (await call(admin, 'GET', `/api/v1/companies/enterprise/${id}`)).content.map((e: { id: number }) => e.id),
    ).toEqual([Number(enterprise.id)]);
    expect((await call(admin, 'PUT', `/api/v1/companies/enterprise/${id}`, { enterpriseIds: 'x' })).code).toBe(1040400);

    const q = encodeQ({ entid: String(enterprise.id), isbind: '1', adminIdCard: '110101199003071234' });
    const found = await call(admin, 'GET', `/api/v1/companies/search?q=${q}&page=0&size=10`);
    expect(found.code, found.message).toBe(1020000);
    expect(found.content.content.map((row: { id: number }) => row.id)).toEqual([id]);
    for (const key of [
      'insid',
      'entid',
      'isbind',
      'salename',
      'platformid',
      'dpname',
      'cpname',
      'legalPersonIdCard',
      'adminIdCard',
    ]) {
      const value = ['insid', 'entid', 'platformid'].includes(key) ? '1' : key === 'isbind' ? '0' : '某';
      const answer = await call(admin, 'GET', `/api/v1/companies/search?q=${encodeQ({ [key]: value })}&page=0&size=1`);
      expect(answer.code, `${key}: ${answer.message}`).toBe(1020000);
    }
    expect((await call(admin, 'GET', `/api/v1/companies/search?q=${encodeQ({ isbind: '2' })}`)).code).toBe(1040400);
  });

  it('sign_plat and findenterprisetax answer within scope', async () => {
    const plat = await call(merchant, 'GET', '/api/v1/companies/sign_plat/1');
    expect(plat.code, plat.message).toBe(1020000);
    expect(Array.isArray(plat.content)).toBe(true);
    const other = await t.db.selectFrom('companies').select('id').where('id', '<>', 1).executeTakeFirstOrThrow();
    expect((await merchant({ method: 'GET', url: `/api/v1/companies/sign_plat/${other.id}` })).statusCode).toBe(403);
    const enterprise = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const tax = await call(merchant, 'GET', `/api/v1/company/task/findenterprisetax/${enterprise.id}`);
    expect(tax.code, tax.message).toBe(1020000);
    expect(tax.content.vipLevel).toBe(1);
    expect((await call(merchant, 'GET', '/api/v1/company/task/findenterprisetax/abc')).code).toBe(1040400);
  });
});

describe('registration', () => {
  async function pendingRegistration(name: string, mobile: string): Promise<number> {
    const row = await t.db
      .insertInto('registrations')
      .values({
        name,
        linkman_mobile: mobile,
        password_hash: 'x',
        platform_mark: 1,
        company_nature: '民营',
        company_size: '1-50',
        industry_id: null,
        business_license: code('91310000661122340'),
        invoice_tax_number: code('91310000661122340'),
        province: null,
        city: null,
        district: null,
        legal_person_name: '张三',
        linkman_name: '李四',
        license_url: 'f',
        student_card_url: null,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: '2026-11-28 10:00:00',
        activate_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('servicename, agency, register/:id, serviceid, modification', async () => {
    const services = await call(admin, 'GET', '/api/v1/companies/register/servicename');
    expect(services.code).toBe(1020000);
    expect(services.content.length).toBeGreaterThan(0);
    expect((await call(admin, 'GET', '/api/v1/companies/register/servicename/agency')).code).toBe(1020000);
    expect((await merchant({ method: 'GET', url: '/api/v1/companies/register/servicename' })).statusCode).toBe(403);

    const id = await pendingRegistration('上海测试注册修改科技有限公司', '13700001111');
    const one = await call(admin, 'POST', `/api/v1/companies/register/${id}`);
    expect(one.content.name).toBe('上海测试注册修改科技有限公司');
    const assigned = await call(admin, 'POST', '/api/v1/companies/register/serviceid', {
      id,
      serviceId: services.content[0].id,
    });
    expect(assigned.code, assigned.message).toBe(1020000);
    const edited = await call(admin, 'POST', '/api/v1/companies/register/modification/1', {
      id,
      name: '上海测试注册已改科技有限公司',
      linkmanName: '赵六',
    });
    expect(edited.code, edited.message).toBe(1020000);
    expect(edited.content.name).toBe('上海测试注册已改科技有限公司');
    expect(await logEntries('/api/v1/companies/register/modification/1')).toBe(1);
    expect(
      (
        await call(admin, 'POST', '/api/v1/companies/register/modification/3', {
          id,
          name: '上海测试注册再改科技有限公司',
        })
      ).message,
    ).toBe('该注册信息不属于此版本');
    expect((await call(admin, 'POST', '/api/v1/companies/register/modification/1', { id, name: '短' })).code).toBe(
      1040400,
    );
    expect(
      (await merchant({ method: 'POST', url: '/api/v1/companies/register/modification/1', payload: { id } }))
        .statusCode,
    ).toBe(403);
  });

  it('registernewverify checks without registering', async () => {
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/registernewverify',
      payload: {
        name: '上海测试全新注册科技有限公司',
        businessLicense: code('91310000661122341'),
        mobile: '13700002222',
      },
    });
    expect(envelopeOf(free).code, envelopeOf(free).message).toBe(1020000);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/registernewverify',
      payload: { name: 'x' },
    });
    expect(envelopeOf(bad).code).toBe(1040400);
  });
});

describe('enterprises and system', () => {
  it('POST /api/v1/enterprises/lock locks by body id, once, logged once', async () => {
    const enterprise = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const locked = await call(admin, 'POST', '/api/v1/enterprises/lock', {
      id: Number(enterprise.id),
      reason: '暂停合作',
    });
    expect(locked.code, locked.message).toBe(1020000);
    expect(locked.content.status).toBe(2);
    expect(
      (await call(admin, 'POST', '/api/v1/enterprises/lock', { id: Number(enterprise.id), reason: '再锁' })).code,
    ).toBe(1040400);
    expect((await call(admin, 'POST', '/api/v1/enterprises/lock', { id: 'abc' })).code).toBe(1040400);
    expect((await merchant({ method: 'POST', url: '/api/v1/enterprises/lock', payload: { id: 1 } })).statusCode).toBe(
      403,
    );
    await t.db.updateTable('enterprises').set({ status: 1 }).where('id', '=', enterprise.id).execute();
  });

  it('POST /api/v1/system/upgradehtml/create keeps the key', async () => {
    const created = await call(admin, 'POST', '/api/v1/system/upgradehtml/create', {
      title: '系统升级',
      startTime: '2030-01-01 00:00:00',
      endTime: '2030-01-01 02:00:00',
      status: 0,
      key: 'upgrade-2030',
    });
    expect(created.code, created.message).toBe(1020000);
    expect(created.content.key).toBe('upgrade-2030');
    const bad = await call(admin, 'POST', '/api/v1/system/upgradehtml/create', {
      title: '系统升级',
      startTime: '2030-01-01 00:00:00',
      endTime: '2030-01-01 02:00:00',
      status: 0,
      key: '含 空格',
    });
    expect(bad.code).toBe(1040400);
    expect((await merchant({ method: 'POST', url: '/api/v1/system/upgradehtml/create', payload: {} })).statusCode).toBe(
      403,
    );
  });
});
