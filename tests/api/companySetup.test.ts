import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { assignRole } from '../../server/people/roles.service';
import { SETUP_STEPS } from '../../src/domain/companySetup';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  login,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * GET /api/v1/companies/:id/setup: a new company's 开通进度. Each step is done through the call its page makes
 * (客服, 绑定签约主体, 企业费率, 分配销售合伙人, the merchant's own signing and payment password) and the checklist
 * follows, one step at a time; staff of a scope that leaves the company out are refused it.
 */
const OK = 1020000;
const DEMO_PASSWORD = 'Demo1234';

let t: TestApp;
let admin: AuthedClient;
let companyId: number;
let merchant: AuthedClient;
let demoHash: string;
let serial = 0;

type Envelope = { status: number; code?: number; message?: string; content?: any };

async function call(client: AuthedClient, method: string, url: string, payload?: unknown): Promise<Envelope> {
  const response = await client({ method: method as 'GET', url, payload: payload as Record<string, unknown> });
  return response.statusCode === 200 ? { status: 200, ...envelopeOf(response) } : { status: response.statusCode };
}

async function ok(client: AuthedClient, method: string, url: string, payload?: unknown): Promise<any> {
  const answer = await call(client, method, url, payload);
  expect([answer.status, answer.code], `${method} ${url}: ${answer.message}`).toEqual([200, OK]);
  return answer.content;
}

interface Step {
  key: string;
  label: string;
  done: boolean;
  text: string;
}

async function setup(client: AuthedClient = admin) {
  return (await ok(client, 'GET', `/api/v1/companies/${companyId}/setup`)) as {
    companyName: string;
    remaining: number;
    steps: Step[];
    enterprises: { id: number; name: string; signed: number }[];
  };
}

/** The keys of the steps done so far, in the checklist's order. */
async function doneKeys(): Promise<string[]> {
  const answer = await setup();
  expect(answer.remaining).toBe(answer.steps.filter((step) => !step.done).length);
  return answer.steps.filter((step) => step.done).map((step) => step.key);
}

async function staffOf(dataScope: string, subsidiaries: number[]): Promise<AuthedClient> {
  serial += 1;
  const codes = [...ROLE_TEMPLATES[1]].filter((code) => !code.startsWith('MER_') && code !== 'UI_ROLE_SETTING');
  const role = await ok(admin, 'POST', '/api/v1/roles', {
    name: `开通进度范围${serial}`,
    kind: 5,
    codes,
    dataScope,
    dataEditions: [1, 3],
  });
  const username = `setupscope${serial}`;
  const user = await t.db
    .insertInto('users')
    .values({
      username,
      mobile: `1372222${String(serial).padStart(4, '0')}`,
      password_hash: demoHash,
      role_id: 5,
      company_id: null,
      platform_mark: 1,
      display_name: username,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((tx) => assignRole(tx, Number(user.id), Number(role.id)));
  for (const subsidiary_id of subsidiaries) {
    await t.db
      .insertInto('user_subsidiaries')
      .values({ user_id: Number(user.id), subsidiary_id })
      .execute();
  }
  const session = await login(t.app, username);
  expect(session.code, session.message).toBe(OK);
  return authed(t.app, session.content.token);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  demoHash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'caiwu').executeTakeFirstOrThrow()
  ).password_hash;
  const subsidiary = await t.db
    .selectFrom('subsidiaries')
    .select('id')
    .where('sname', '=', '上海分公司')
    .executeTakeFirstOrThrow();
  const created = await ok(admin, 'POST', '/api/v1/companies', {
    name: '杭州开通进度测试科技有限公司',
    creditCode: '91330100MA27Q8KL12',
    platformMark: 1,
    legalPersonName: '周法人',
    linkmanName: '吴联系',
    linkmanMobile: '13912340001',
    subID: subsidiary.id,
  });
  companyId = Number(created.id);
  // The company's administrator, as activation makes one (a merchant login of the company).
  const user = await t.db
    .insertInto('users')
    .values({
      username: 'setupmerchant',
      mobile: '13912340001',
      password_hash: demoHash,
      role_id: 2,
      company_id: companyId,
      platform_mark: 1,
      display_name: '杭州开通进度测试科技有限公司',
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute((tx) => assignRole(tx, Number(user.id), 2));
  merchant = authed(t.app, await tokenOf(t.app, 'setupmerchant'));
});

afterAll(async () => {
  await t?.close();
});

describe('company setup checklist', () => {
  it('starts with every step open, each saying what is missing', async () => {
    const answer = await setup();
    expect(answer.companyName).toBe('杭州开通进度测试科技有限公司');
    expect(answer.steps.map((step) => step.label)).toEqual(SETUP_STEPS.map((step) => step.label));
    expect(answer.remaining).toBe(SETUP_STEPS.length);
    const text = Object.fromEntries(answer.steps.map((step) => [step.key, step.text]));
    expect(text.branch).toBe('上海分公司，未分配客服');
    expect(text.enterprises).toMatch(/^未绑定签约主体/);
    expect(text.partner).toBe('未分配销售合伙人');
    expect(text.rate).toMatch(/^未设置服务费率/);
    expect(text.agreement).toMatch(/^企业尚未/);
    expect(text.paymentPassword).toMatch(/^企业尚未设置支付密码/);
    expect(answer.enterprises).toEqual([]);
  });

  it('flips each step as its action is done, to none remaining', async () => {
    const kefu = await t.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    await ok(admin, 'POST', '/api/v1/companies/serviceid', { id: companyId, serviceId: kefu.id });
    expect(await doneKeys()).toEqual(['branch']);
    expect((await setup()).steps[0].text).toBe(`上海分公司，客服 ${kefu.display_name}`);

    const enterprise = await t.db
      .selectFrom('enterprises')
      .select(['id', 'name'])
      .where('short_name', '=', '大熊')
      .executeTakeFirstOrThrow();
    await ok(admin, 'PUT', `/api/v1/companies/enterprise/${companyId}`, { enterpriseIds: [enterprise.id] });
    expect(await doneKeys()).toEqual(['branch', 'enterprises']);
    expect((await setup()).enterprises).toEqual([expect.objectContaining({ id: Number(enterprise.id), signed: 0 })]);

    await ok(admin, 'POST', '/api/v1/servicerates/company', {
      companyId,
      platformMark: 1,
      rate: 650,
      effectiveDate: chinaTime().slice(0, 10),
      remark: '开通费率',
    });
    expect(await doneKeys()).toEqual(['branch', 'enterprises', 'rate']);
    expect((await setup()).steps.find((step) => step.key === 'rate')?.text).toBe('6.50%（企业费率）');

    const partner = await t.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('username', '=', 'hehuoren')
      .executeTakeFirstOrThrow();
    await ok(admin, 'PUT', '/api/v1/companies/salepartner', { coid: companyId, partnerId: partner.id });
    expect(await doneKeys()).toEqual(['branch', 'enterprises', 'partner', 'rate']);
    expect((await setup()).steps.find((step) => step.key === 'partner')?.text).toBe(partner.display_name);

    // The merchant draws up its service agreement with the bound entity and signs it.
    const drawn = await ok(merchant, 'POST', `/api/v1/companies/service_sign/${companyId}/${enterprise.id}`, {
      type: 1,
    });
    expect(await doneKeys()).toEqual(['branch', 'enterprises', 'partner', 'rate']);
    await ok(merchant, 'POST', `/api/v1/consent/${drawn.id}`, {});
    expect(await doneKeys()).toEqual(['branch', 'enterprises', 'partner', 'rate', 'agreement']);
    const signed = await setup();
    expect(signed.steps.find((step) => step.key === 'agreement')?.text).toBe(`已与${enterprise.name}签署`);
    expect(signed.enterprises).toEqual([expect.objectContaining({ id: Number(enterprise.id), signed: 1 })]);

    await ok(merchant, 'PATCH', `/api/v1/bankaccounts/password?coid=${companyId}`, {
      password: '135790',
      loginPassword: sha256Hex(DEMO_PASSWORD),
    });
    const done = await setup();
    expect(done.remaining).toBe(0);
    expect(done.steps.every((step) => step.done)).toBe(true);
  });

  it('an agreement signed with an entity no longer bound does not count', async () => {
    const other = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('short_name', '=', '宝谷')
      .executeTakeFirstOrThrow();
    await ok(admin, 'PUT', `/api/v1/companies/enterprise/${companyId}`, { enterpriseIds: [other.id] });
    const answer = await setup();
    expect(answer.steps.filter((step) => !step.done).map((step) => step.key)).toEqual(['agreement']);
    expect(answer.remaining).toBe(1);
  });

  it('is read in the company list’s scope: staff of another subsidiary are refused, merchants too', async () => {
    const shanghai = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('sname', '=', '上海分公司')
      .executeTakeFirstOrThrow();
    const shenzhen = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('sname', '=', '深圳分公司')
      .executeTakeFirstOrThrow();
    const outside = await staffOf('subsidiary', [Number(shenzhen.id)]);
    const refused = await outside.get(`/api/v1/companies/${companyId}/setup`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('杭州开通进度测试科技有限公司');
    const inside = await staffOf('subsidiary', [Number(shanghai.id)]);
    expect((await setup(inside)).companyName).toBe('杭州开通进度测试科技有限公司');
    expect((await merchant.get(`/api/v1/companies/${companyId}/setup`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/v1/companies/99999999/setup')).message).toBe('公司不存在');
    expect((await call(admin, 'GET', '/api/v1/companies/abc/setup')).code).toBe(1040400);
  });
});
