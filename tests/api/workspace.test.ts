import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  formRequest,
  lastSmsCode,
  login,
  sendSmsCode,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let merchant: AuthedClient;
let xgm: AuthedClient;
let xgmToken: string;

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgmToken = await tokenOf(t.app, 'xgm', 3);
  xgm = authed(t.app, xgmToken, 3);
});
afterAll(() => t?.close());

async function json(
  client: AuthedClient,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...(response.statusCode === 200 ? envelopeOf(response) : {}) } as {
    status: number;
    code?: number;
    message?: string;
    content?: any;
  };
}

/** POST /login as the company-switch dialog does: type 1, the session's edition, switchCompany=1, with the token. */
function switchLogin(app: FastifyInstance, token: string, username: string, password = 'Demo1234') {
  return app.inject(
    formRequest(
      '/login',
      { username, password: sha256Hex(password), type: 1, platformMark: 3, switchCompany: 1 },
      { platformMark: '3', authorization: `Bearer ${token}` },
    ),
  );
}

describe('notice bell', () => {
  it('counts unread notices and drops by one after acknowledging', async () => {
    const before = await json(merchant, 'GET', '/api/v1/notifications/countunreadupnotifications');
    expect(before.code).toBe(OK);
    const list = await json(merchant, 'GET', '/api/v1/notifications/getnotificationsandreadstate?page=0&size=10000');
    const unread = (list.content.content as { id: number; isRead: number }[]).filter((notice) => notice.isRead === 0);
    expect(unread.length).toBe(before.content);
    expect(unread.length).toBeGreaterThan(0);
    const ack = await json(merchant, 'PUT', '/api/v1/notifications/updatenotificationread', {
      notificationId: unread[0].id,
    });
    expect(ack.code).toBe(OK);
    const after = await json(merchant, 'GET', '/api/v1/notifications/countunreadupnotifications');
    expect(after.content).toBe(before.content - 1);
  });
});

describe('findcompanybymobile', () => {
  const URL = '/api/v1/companies/findcompanybymobile';

  it('lists only the accounts bound to the caller’s mobile', async () => {
    const answer = await json(xgm, 'GET', `${URL}?page=0&size=10`);
    expect(answer.code).toBe(OK);
    const rows = answer.content.content as { username: string; companyName: string }[];
    expect(rows.map((row) => row.username).sort()).toEqual(['xgm', 'xgm02', 'xgm03']);
    expect(answer.content.totalElements).toBe(3);
    expect(Object.keys(rows[0]).sort()).toEqual(['accountId', 'companyId', 'companyName', 'username']);
  });

  it('narrows by company name and pages', async () => {
    const byName = await json(xgm, 'GET', `${URL}?q=coname:${encodeURIComponent('物流')}&page=0&size=10`);
    expect(byName.content.content.map((row: { username: string }) => row.username)).toEqual(['xgm02']);
    const paged = await json(xgm, 'GET', `${URL}?page=1&size=2`);
    expect(paged.content.content).toHaveLength(1);
    expect(paged.content.totalElements).toBe(3);
  });

  it('refuses another mobile and answers the merchant of edition 1 with only its own account', async () => {
    expect((await json(xgm, 'GET', `${URL}?q=mobile:13900000002&page=0&size=10`)).status).toBe(403);
    const own = await json(xgm, 'GET', `${URL}?q=mobile:13900000003&page=0&size=10`);
    expect(own.content.totalElements).toBe(3);
    const single = await json(merchant, 'GET', `${URL}?page=0&size=10`);
    expect(single.content.content.map((row: { username: string }) => row.username)).toEqual(['merchant']);
  });
});

describe('company switch', () => {
  it('re-logs in to a company of the same mobile', async () => {
    const response = await switchLogin(t.app, xgmToken, 'xgm02');
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    expect(answer.content.user.username).toBe('xgm02');
    expect(answer.content.user.properties.cnam).toBe('杭州小微物流服务有限公司');
  });

  it('refuses an account of another mobile even with the right password', async () => {
    const answer = envelopeOf(await switchLogin(t.app, xgmToken, 'merchant'));
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe('只能切换到本人手机号绑定的公司');
  });

  it('refuses a wrong password', async () => {
    const answer = envelopeOf(await switchLogin(t.app, xgmToken, 'xgm03', 'Wrong1234'));
    expect(answer.code).toBe(BUSINESS);
  });
});

describe('unpaid-invoice check', () => {
  it('answers whether remitted batches wait for an invoice, and only for the own company', async () => {
    const cid = (await login(t.app, 'merchant')).content.user.properties.cid;
    const url = `/api/v1/remittances/batch/notinvoice/${cid}`;
    // The demo seed leaves some of the company's finished batches uninvoiced.
    expect(await json(merchant, 'GET', url)).toMatchObject({ code: OK, content: true });
    await t.db.updateTable('payout_batches').set({ invoice_status: 2 }).where('company_id', '=', cid).execute();
    expect(await json(merchant, 'GET', url)).toMatchObject({ code: OK, content: false });
    expect((await json(merchant, 'GET', `/api/v1/remittances/batch/notinvoice/${cid + 1}`)).status).toBe(403);
  });
});

describe('login password change', () => {
  it('requires the right old password, then the new one logs in', async () => {
    const token = await tokenOf(t.app, 'xgm03', 3);
    const client = authed(t.app, token, 3);
    const wrong = await json(client, 'PATCH', '/api/v1/accounts/password', {
      oldPassword: sha256Hex('Nope1234'),
      newPassword: sha256Hex('Fresh5678'),
    });
    expect(wrong).toMatchObject({ code: BUSINESS, message: '原密码错误，请重新输入（还可尝试4次）' });
    const right = await json(client, 'PATCH', '/api/v1/accounts/password', {
      oldPassword: sha256Hex('Demo1234'),
      newPassword: sha256Hex('Fresh5678'),
    });
    expect(right.code).toBe(OK);
    expect((await login(t.app, 'xgm03', 'Demo1234', 3)).code).toBe(BUSINESS);
    expect((await login(t.app, 'xgm03', 'Fresh5678', 3)).code).toBe(OK);
  });
});

describe('payment password', () => {
  it('is set and changed only with the login password or an SMS code, never on the session alone', async () => {
    const cid = (await login(t.app, 'merchant')).content.user.properties.cid;
    const url = `/api/v1/bankaccounts/password?coid=${cid}`;
    // The demo seed gives the company a payment password; start from none to test the first setting.
    await t.db.deleteFrom('payment_passwords').where('company_id', '=', cid).execute();
    expect((await json(merchant, 'GET', url)).content).toEqual({ set: false });
    expect((await json(merchant, 'PATCH', url, { password: '12345' })).message).toBe('支付密码为6位数字');
    // A live session alone does not set a first one.
    expect((await json(merchant, 'PATCH', url, { password: '123456' })).message).toBe('请输入登录密码或短信验证码');
    expect((await json(merchant, 'GET', url)).content).toEqual({ set: false });
    const wrongLogin = await json(merchant, 'PATCH', url, { password: '123456', loginPassword: sha256Hex('Nope1234') });
    expect(wrongLogin.message).toBe('原密码错误，请重新输入（还可尝试4次）');
    expect((await json(merchant, 'GET', url)).content).toEqual({ set: false });
    const first = await json(merchant, 'PATCH', url, { password: '123456', loginPassword: sha256Hex('Demo1234') });
    expect([first.code, first.message]).toEqual([OK, '支付密码设置成功']);
    const row = await t.db
      .selectFrom('payment_passwords')
      .select('password_hash')
      .where('company_id', '=', cid)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$2[aby]\$/);
    // Changing: the old payment password alone is not enough either.
    expect((await json(merchant, 'PATCH', url, { password: '654321', oldPassword: '123456' })).message).toBe(
      '请输入登录密码或短信验证码',
    );
    const changed = await json(merchant, 'PATCH', url, { password: '654321', loginPassword: sha256Hex('Demo1234') });
    expect([changed.code, changed.message]).toEqual([OK, '支付密码修改成功']);
    expect(
      (await json(merchant, 'PATCH', `/api/v1/bankaccounts/password?coid=${cid + 1}`, { password: '1' })).status,
    ).toBe(403);
  });

  it('a first payment password is set with an SMS code sent to the owner', async () => {
    const owner = await t.db
      .selectFrom('users')
      .select(['company_id', 'mobile'])
      .where('username', '=', 'xgm')
      .executeTakeFirstOrThrow();
    const cid = Number(owner.company_id);
    const client = authed(t.app, xgmToken, 3);
    const url = `/api/v1/bankaccounts/password?coid=${cid}`;
    await t.db.deleteFrom('payment_passwords').where('company_id', '=', cid).execute();
    expect((await json(client, 'PATCH', url, { password: '246802', smsCode: '000000' })).message).toBe(
      '短信验证码错误或已失效',
    );
    expect((await sendSmsCode(t.app, t.db, owner.mobile, 4)).code).toBe(OK);
    const code = (await lastSmsCode(t.db, owner.mobile)) ?? '';
    const set = await json(client, 'PATCH', url, { password: '246802', smsCode: code });
    expect([set.code, set.message]).toEqual([OK, '支付密码设置成功']);
    expect((await json(client, 'GET', url)).content).toEqual({ set: true });
  });
});

describe('sub-accounts', () => {
  it('owner adds a sub-account with its own MER_* codes; disabling blocks its login', async () => {
    const list = await json(merchant, 'GET', '/api/v1/company/subaccounts');
    expect(list.code).toBe(OK);
    const codes = list.content.permissions as string[];
    expect(codes.every((code) => code.startsWith('MER_'))).toBe(true);
    const refused = await json(merchant, 'POST', '/api/v1/company/subaccounts', {
      username: 'merchant_sub',
      mobile: '13911112222',
      password: sha256Hex('Sub12345'),
      authorities: ['ADM_HOME'],
    });
    expect(refused.code).toBe(BUSINESS);
    const created = await json(merchant, 'POST', '/api/v1/company/subaccounts', {
      username: 'merchant_sub',
      mobile: '13911112222',
      password: sha256Hex('Sub12345'),
      authorities: codes.slice(0, 1),
    });
    expect(created.code).toBe(OK);
    const sub = created.content.find((account: { username: string }) => account.username === 'merchant_sub');
    expect(sub.authorities).toEqual(codes.slice(0, 1));
    const subLogin = await login(t.app, 'merchant_sub', 'Sub12345');
    expect(subLogin.code).toBe(OK);

    const subClient = authed(t.app, subLogin.content.token);
    expect((await json(subClient, 'GET', '/api/v1/company/subaccounts')).status).toBe(403);

    expect((await json(merchant, 'PATCH', `/api/v1/company/subaccounts/${sub.id}`, { status: 0 })).code).toBe(OK);
    const blocked = await login(t.app, 'merchant_sub', 'Sub12345');
    expect(blocked).toMatchObject({ code: BUSINESS, message: '账号已停用，请联系管理员' });
    expect((await json(xgm, 'PATCH', `/api/v1/company/subaccounts/${sub.id}`, { status: 1 })).code).toBe(BUSINESS);
  });
});

describe('own contacts', () => {
  it('saves the merchant’s contacts, answers errors by field, refuses another company', async () => {
    const cid = (await login(t.app, 'merchant')).content.user.properties.cid;
    const saved = await json(merchant, 'PUT', `/api/v1/companies/${cid}/contacts`, {
      linkmanName: '王五',
      linkmanMobile: '13912345678',
      name: '改名不会生效',
    });
    expect(saved.code).toBe(OK);
    expect(saved.content).toMatchObject({
      linkmanName: '王五',
      linkmanMobile: '13912345678',
      name: '上海灵动科技有限公司',
    });
    const bad = await json(merchant, 'PUT', `/api/v1/companies/${cid}/contacts`, { linkmanMobile: '123' });
    expect(bad.code).toBe(BUSINESS);
    expect(bad.content.errors).toEqual({ linkmanMobile: '请输入正确的手机号' });
    expect((await json(merchant, 'PUT', `/api/v1/companies/${cid + 1}/contacts`, { linkmanName: '李四' })).status).toBe(
      403,
    );
  });
});
