import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const OK = 1020000;
const BUSINESS = 1040400;
const BASE = '/api/v1/staff/adFinancialManagement';

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function send(client: AuthedClient, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) {
  return client({ method, url, payload: payload as Record<string, unknown> });
}

/** The password in the last SMS to this mobile. */
function passwordSentTo(mobile: string): string {
  const message = [...t.sms.messages].reverse().find((item) => item.mobile === mobile);
  const match = message ? /密码为([A-Za-z0-9]+)/.exec(message.text) : null;
  if (!match) throw new Error(`no password sent to ${mobile}`);
  return match[1];
}

const finance = {
  username: 'caiwu_li',
  displayName: '财务小李',
  mobile: '13712345678',
  roleId: 5,
  deptIds: [],
  subIds: [],
};

describe('staff accounts', () => {
  it('creates a finance account whose password only the SMS carries, and it logs in with it', async () => {
    const created = envelopeOf(await send(admin, 'POST', BASE, finance));
    expect(created.code, created.message).toBe(OK);
    expect(JSON.stringify(created.content)).not.toMatch(/password/i);
    expect(created.content).toMatchObject({ username: 'caiwu_li', roleId: 5, roleName: '财务', status: 1 });
    const password = passwordSentTo('13712345678');
    const answer = await login(t.app, 'caiwu_li', password);
    expect(answer.code, answer.message).toBe(OK);
    const log = await t.db
      .selectFrom('operation_logs')
      .select('changes')
      .where('resource', '=', 'adFinancialManagement')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(log.changes).not.toContain(password);
    const page = envelopeOf(await admin.get(`${BASE}?q=${encodeURIComponent('username:caiwu_li')}`));
    expect(page.content.content.map((row: { username: string }) => row.username)).toEqual(['caiwu_li']);
  });

  it('refuses a taken username or mobile, a bad mobile, a role of another kind and malformed bodies', async () => {
    const again = (changes: Record<string, unknown>) => send(admin, 'POST', BASE, { ...finance, ...changes });
    expect(envelopeOf(await again({ mobile: '13712340000' })).message).toBe('用户名已存在');
    expect(envelopeOf(await again({ username: 'caiwu_two' })).message).toBe('手机号已被其他账号使用');
    expect(envelopeOf(await again({ username: 'caiwu_two', mobile: '1371234' })).message).toBe('请输入正确的手机号');
    expect(envelopeOf(await again({ username: 'caiwu_two', mobile: '11712345670' })).message).toBe(
      '请输入正确的手机号',
    );
    expect(envelopeOf(await again({ username: 'caiwu_two', mobile: '13712340001', roleId: 3 })).code).toBe(BUSINESS);
    expect(envelopeOf(await again({ username: 'ab', mobile: '13712340001' })).code).toBe(BUSINESS);
    for (const body of [{ username: { a: 1 } }, { deptIds: [{}] }, { roleId: 'x' }, []]) {
      const response = await send(admin, 'POST', BASE, Array.isArray(body) ? body : { ...finance, ...body });
      expect(response.statusCode).not.toBe(500);
      expect(envelopeOf(response).code).not.toBe(OK);
    }
  });

  it('requires departments for customer service, checks subsidiaries belong to them, and shows their names', async () => {
    const url = '/api/v1/staff/adJcyCustomerSet';
    const base = { username: 'kefu_zhao', displayName: '客服小赵', mobile: '13712345001', roleId: 3 };
    expect(envelopeOf(await send(admin, 'POST', url, { ...base, deptIds: [] })).message).toBe('请选择部门');
    const department2Sub = await t.db
      .selectFrom('subsidiaries')
      .select('id')
      .where('department_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(
      envelopeOf(await send(admin, 'POST', url, { ...base, deptIds: [1], subIds: [department2Sub.id] })).message,
    ).toBe('分公司须属于所选部门');
    const made = envelopeOf(await send(admin, 'POST', url, { ...base, deptIds: [2], subIds: [department2Sub.id] }));
    expect(made.code, made.message).toBe(OK);
    const department = await t.db
      .selectFrom('departments')
      .select('name')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(made.content.departments).toEqual([{ id: 2, name: department.name }]);
    // Their data scope is the departments given.
    const kefu = await login(t.app, 'kefu_zhao', passwordSentTo('13712345001'));
    expect(kefu.content.deptIds).toEqual([2]);
  });

  it('logs a disabled account out at once, and a reset password ends every session', async () => {
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'caiwu_li')
      .executeTakeFirstOrThrow();
    const token = (await login(t.app, 'caiwu_li', passwordSentTo('13712345678'))).content.token as string;
    const own = authed(t.app, token);
    expect((await own.get('/api/v1/servicecharge')).statusCode).toBe(200);
    const disabled = envelopeOf(await send(admin, 'PATCH', `${BASE}/${row.id}/status`, { status: 0 }));
    expect(disabled.code, disabled.message).toBe(OK);
    expect((await own.get('/api/v1/servicecharge')).statusCode).toBe(401);
    expect(envelopeOf(await send(admin, 'PATCH', `${BASE}/${row.id}/status`, { status: 1 })).code).toBe(OK);
    // Enabling does not bring the old token back.
    expect((await own.get('/api/v1/servicecharge')).statusCode).toBe(401);
    const before = t.sms.messages.length;
    const oldPassword = passwordSentTo('13712345678');
    const fresh = authed(t.app, (await login(t.app, 'caiwu_li', oldPassword)).content.token);
    const reset = envelopeOf(await send(admin, 'POST', `${BASE}/${row.id}/resetpwd`, {}));
    expect(reset.code, reset.message).toBe(OK);
    expect(t.sms.messages.length).toBe(before + 1);
    const newPassword = passwordSentTo('13712345678');
    expect(newPassword).not.toBe(oldPassword);
    expect(newPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,30}$/);
    expect((await fresh.get('/api/v1/servicecharge')).statusCode).toBe(401);
    expect((await login(t.app, 'caiwu_li', oldPassword)).code).not.toBe(OK);
    expect((await login(t.app, 'caiwu_li', newPassword)).code).toBe(OK);
  });

  it('edits name, mobile and role; the new role’s codes hold at the next request', async () => {
    const role = envelopeOf(
      await send(admin, 'POST', '/api/v1/roles', { name: '出纳', kind: 5, codes: ['ADM_HOME', 'UI_PAYMENT_PROVE'] }),
    );
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'caiwu_li')
      .executeTakeFirstOrThrow();
    const saved = envelopeOf(
      await send(admin, 'PUT', `${BASE}/${row.id}`, { ...finance, displayName: '出纳小李', roleId: role.content.id }),
    );
    expect(saved.code, saved.message).toBe(OK);
    expect(saved.content).toMatchObject({ displayName: '出纳小李', roleId: role.content.id, roleName: '出纳' });
    const codes = await t.db.selectFrom('user_authorities').select('authority').where('user_id', '=', row.id).execute();
    expect(codes.map((item) => item.authority).sort()).toEqual(['ADM_HOME', 'UI_PAYMENT_PROVE']);
  });

  it('is refused to staff without the page’s code, and a partner manages only partners of its departments', async () => {
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    expect((await kefu.get(BASE)).statusCode).toBe(403);
    const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
    expect((await merchant.get('/api/v1/staff/adJcyPartnerManagement')).statusCode).toBe(403);
    const hehuoren = authed(t.app, await tokenOf(t.app, 'hehuoren'));
    const url = '/api/v1/staff/adJcyPartnerManagement';
    const outside = envelopeOf(
      await send(hehuoren, 'POST', url, {
        username: 'partner_x',
        displayName: '合伙人小许',
        mobile: '13712345002',
        roleId: 4,
        deptIds: [1],
      }),
    );
    expect(outside.message).toBe('只能选择您负责的部门');
    const inside = envelopeOf(
      await send(hehuoren, 'POST', url, {
        username: 'partner_x',
        displayName: '合伙人小许',
        mobile: '13712345002',
        roleId: 4,
        deptIds: [2],
      }),
    );
    expect(inside.code, inside.message).toBe(OK);
    const seen = envelopeOf(await hehuoren.get(`${url}?size=100`)).content.content as {
      departments: { id: number }[];
    }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.departments.some((department) => department.id === 2))).toBe(true);
  });

  it('lets staff change their own password (/adPartnerChangesPassword): old one checked, other sessions end', async () => {
    const first = authed(t.app, await tokenOf(t.app, 'hehuoren'));
    const second = authed(t.app, await tokenOf(t.app, 'hehuoren'));
    const change = (oldPassword: string, newPassword: string) =>
      first({
        method: 'PATCH',
        url: '/api/v1/accounts/password',
        payload: { oldPassword: sha256Hex(oldPassword), newPassword: sha256Hex(newPassword) },
      });
    expect(envelopeOf(await change('Wrong1234', 'Partner2026')).message).toBe('原密码错误，请重新输入（还可尝试4次）');
    const changed = envelopeOf(await change('Demo1234', 'Partner2026'));
    expect(changed.code, changed.message).toBe(OK);
    expect((await second.get('/api/v1/servicecharge')).statusCode).toBe(401);
    expect((await first.get('/api/v1/servicecharge')).statusCode).toBe(401);
    const renewed = authed(t.app, changed.content.token);
    expect((await renewed.get('/api/v1/servicecharge')).statusCode).toBe(200);
    expect((await login(t.app, 'hehuoren', 'Partner2026')).code).toBe(OK);
  });
});
