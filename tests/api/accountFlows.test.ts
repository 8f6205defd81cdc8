import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { chinaTime } from '../../server/db/time';
import {
  authed,
  createTestApp,
  envelopeOf,
  formRequest,
  login,
  randomSecret,
  solveCaptcha,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const SSO_SECRET = randomSecret();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SSO_SHARED_SECRET: SSO_SECRET });
});
afterAll(async () => t.close());

async function mobileOf(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('mobile')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.mobile;
}

describe('password reset', () => {
  it('checks name and phone belong together', async () => {
    const post = (fields: Record<string, string>) =>
      t.app.inject(formRequest('/api/v1/common/checknameandphone', fields)).then(envelopeOf);
    expect((await post({ name: '', phone: '1' })).message).toBe('请填写用户名');
    expect((await post({ name: 'caiwu', phone: '' })).message).toBe('请填写手机号');
    expect((await post({ name: 'caiwu', phone: '13000000000' })).message).toBe('用户名与手机号不匹配');
    expect((await post({ name: 'caiwu', phone: await mobileOf('caiwu') })).code).toBe(OK);
  });

  it('refuses a wrong code, then resets with the right one and sends the new password by SMS', async () => {
    const mobile = await mobileOf('caiwu');
    const captcha = await solveCaptcha(t.app, t.db);
    const sent = envelopeOf(
      await t.app.inject(
        formRequest('/api/v1/sms/vericode', {
          username: 'caiwu',
          mobile,
          type: 2,
          token: captcha.captchaId,
          code: captcha.code,
        }),
      ),
    );
    expect(sent.code, sent.message).toBe(OK);
    const code = (
      await t.db
        .selectFrom('sms_codes')
        .select('code')
        .where('mobile', '=', mobile)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).code;
    const reset = (value: string) =>
      t.app
        .inject({ method: 'PATCH', url: `/api/v1/accounts/resetpwd?name=caiwu&code=${value}&platformmark=1` })
        .then(envelopeOf);
    const wrong = await reset(code === '000000' ? '111111' : '000000');
    expect(wrong.code).not.toBe(OK);
    const before = t.sms.messages.length;
    const right = await reset(code);
    expect(right.code, right.message).toBe(OK);
    expect(right.message).toBe('密码重置成功，新密码将通过短信发送到您的手机');
    const message = t.sms.messages.slice(before).find((item) => item.mobile === mobile);
    const password = /新密码为([A-Za-z0-9]{10})/.exec(message?.text ?? '')?.[1];
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{10}$/);
    expect((await login(t.app, 'caiwu', DEMO_PASSWORD)).code).not.toBe(OK);
    expect((await login(t.app, 'caiwu', password)).code).toBe(OK);
    expect((await reset(code)).code).not.toBe(OK);
  });
});

describe('single sign-on', () => {
  const sign = (claims: Record<string, unknown>, secret = SSO_SECRET) =>
    createSigner({ key: secret, algorithm: 'HS256' })(claims);
  const now = () => Math.floor(Date.now() / 1000);
  const ssoLogin = (userInf: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/v1/sso/login', payload: { userInf, platformMark: 1 } }).then(envelopeOf);

  it('logs in with a fresh assertion and refuses its replay', async () => {
    const userInf = sign({ sub: 'merchant', exp: now() + 120, jti: randomUUID() });
    const first = await ssoLogin(userInf);
    expect(first.code, first.message).toBe(OK);
    expect(first.content.token).toBeTruthy();
    const replay = await ssoLogin(userInf);
    expect(replay.code).toBe(BUSINESS);
    expect(replay.message).toBe('单点登录失败，请重新登录');
  });

  it.each([
    ['expired', () => sign({ sub: 'merchant', exp: now() - 10, jti: randomUUID() })],
    ['too long-lived', () => sign({ sub: 'merchant', exp: now() + 3600, jti: randomUUID() })],
    ['without jti', () => sign({ sub: 'merchant', exp: now() + 60 })],
    ['signed with another key', () => sign({ sub: 'merchant', exp: now() + 60, jti: randomUUID() }, randomSecret())],
    ['unknown user', () => sign({ sub: 'nobody', exp: now() + 60, jti: randomUUID() })],
    [
      'tampered',
      () => {
        const [header, , signature] = sign({ sub: 'merchant', exp: now() + 60, jti: randomUUID() }).split('.');
        const payload = Buffer.from(JSON.stringify({ sub: 'admin', exp: now() + 60, jti: randomUUID() })).toString(
          'base64url',
        );
        return `${header}.${payload}.${signature}`;
      },
    ],
  ])('refuses an assertion that is %s', async (_label, make) => {
    const answer = await ssoLogin(make());
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe('单点登录失败，请重新登录');
  });

  it('is refused when no shared secret is configured', async () => {
    const other = await createTestApp();
    try {
      const answer = await ssoLogin(sign({ sub: 'merchant', exp: now() + 60, jti: randomUUID() }), other.app);
      expect(answer.message).toBe('未启用单点登录');
    } finally {
      await other.close();
    }
  });
});

describe('maintenance window', () => {
  it('is managed by admins, blocks logins while active and lets index=1 through', async () => {
    const publicStatus = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/system/upgradehtml/status' }).then(envelopeOf);
    expect((await publicStatus()).content.active).toBe(false);

    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const startTime = chinaTime(Date.now() - 60_000);
    const endTime = chinaTime(Date.now() + 3600_000);
    const created = envelopeOf(
      await admin({
        method: 'POST',
        url: '/api/v1/system/upgradehtml/create',
        payload: { title: '系统升级', startTime, endTime, status: 0 },
      }),
    );
    expect(created.code, created.message).toBe(OK);
    expect((await publicStatus()).content.active).toBe(false);
    const enabled = envelopeOf(
      await admin({
        method: 'PUT',
        url: `/api/v1/system/upgradehtml/update/${created.content.id}/0`,
        payload: { status: 1 },
      }),
    );
    expect(enabled.content.status).toBe(1);
    const status = await publicStatus();
    expect(status.content).toMatchObject({ active: true, startTime, endTime });

    const blocked = await login(t.app, 'merchant');
    expect(blocked.code).toBe(BUSINESS);
    expect(blocked.message).toContain('系统维护中，请稍后访问');
    const bypass = await login(t.app, 'merchant', DEMO_PASSWORD, 1, { index: 1 });
    expect(bypass.code).toBe(OK);

    const list = envelopeOf(await admin.get('/api/v1/system/upgradehtml/findall?q=status:1'));
    expect(list.content.totalElements).toBe(1);
    const merchant = authed(t.app, bypass.content.token);
    expect((await merchant.get('/api/v1/system/upgradehtml/findall')).statusCode).toBe(403);

    const bad = envelopeOf(
      await admin({
        method: 'POST',
        url: '/api/v1/system/upgradehtml/create',
        payload: { title: 'x', startTime: endTime, endTime: startTime, status: 1 },
      }),
    );
    expect(bad.message).toBe('开始时间必须早于结束时间');
    await admin({
      method: 'PUT',
      url: `/api/v1/system/upgradehtml/update/${created.content.id}/0`,
      payload: { status: 0 },
    });
    expect((await login(t.app, 'merchant')).code).toBe(OK);
  });
});

describe('verification code query', () => {
  it('lists sent codes by mobile for UI_VERIFICATION_CODE holders (staff mobiles only to the admin)', async () => {
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const mobile = await mobileOf('caiwu');
    const page = envelopeOf(await admin.get(`/api/v1/sms/codes/search?q=mobile:${mobile}`));
    expect(page.code).toBe(OK);
    expect(page.content.content[0]).toMatchObject({ mobile, type: 2 });
    const staffCodes = envelopeOf(await kefu.get(`/api/v1/sms/codes/search?q=mobile:${mobile}`));
    expect(staffCodes.code).toBe(OK);
    expect(staffCodes.content.totalElements).toBe(0);
    const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
    expect((await merchant.get('/api/v1/sms/codes/search')).statusCode).toBe(403);
  });
});

describe('version history', () => {
  it('is maintained by UI_VERSION_UPDATE_JCY and read by anyone', async () => {
    const admin = authed(t.app, await tokenOf(t.app, 'admin'));
    const created = envelopeOf(
      await admin({
        method: 'POST',
        url: '/api/v1/versions',
        payload: { version: '9.9.9', releaseDate: '2030-01-01', content: '测试版本', platformmark: 1 },
      }),
    );
    expect(created.code, created.message).toBe(OK);
    const publicList = envelopeOf(await t.app.inject({ method: 'GET', url: '/api/v1/versions/public?platformmark=1' }));
    expect(publicList.content[0]).toMatchObject({ version: '9.9.9', releaseDate: '2030-01-01' });
    const bad = envelopeOf(
      await admin({ method: 'PUT', url: `/api/v1/versions/${created.content.id}`, payload: { releaseDate: '明天' } }),
    );
    expect(bad.message).toBe('发布日期格式应为 YYYY-MM-DD');
    const merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
    expect((await merchant.get('/api/v1/versions/search')).statusCode).toBe(403);
    expect(envelopeOf(await admin({ method: 'DELETE', url: `/api/v1/versions/${created.content.id}` })).code).toBe(OK);
  });
});
