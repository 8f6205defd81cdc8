import { createSigner, createVerifier } from 'fast-jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import {
  authed,
  createTestApp,
  decodeJwtPart,
  envelopeOf,
  formRequest,
  lastSmsCode,
  login,
  randomSecret,
  sendSmsCode,
  sha256Hex,
  solveCaptcha,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const CAPTCHA_REFRESH = 1050000;
const CHOOSE_COMPANY = 1040002;
const UNAUTHENTICATED = 1040100;
const WRONG_CREDENTIALS = '账号或密码错误';
const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Tests change shared state (failure counters, SMS codes, account status); each starts from the seed.
afterEach(async () => {
  await t.db.deleteFrom('login_attempts').execute();
  await t.db.deleteFrom('sms_codes').execute();
  // SMS send limits count in rate_counters
  await t.db.deleteFrom('rate_counters').execute();
  await t.db.updateTable('users').set({ status: 1 }).execute();
});

async function userId(username: string): Promise<number> {
  const row = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every key of every object inside `value`, at any depth. */
function allKeys(value: unknown, keys: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) allKeys(item, keys);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      allKeys(inner, keys);
    }
  }
  return keys;
}

function codeLogin(fields: Record<string, string | number>) {
  return t.app.inject(formRequest('/code/login', { type: 2, ...fields })).then(envelopeOf);
}

describe('password login (type 1 / 3)', () => {
  const standardAccounts = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant'] as const;

  it.each(standardAccounts)('%s logs in on the standard tab with the login content of DESIGN §2', async (username) => {
    const demo = DEMO_ACCOUNTS.find((account) => account.username === username)!;
    const before = Math.floor(Date.now() / 1000);
    const answer = await login(t.app, username);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('登录成功');

    const content = answer.content;
    expect(Object.keys(content).sort()).toEqual(
      [
        'token',
        'user',
        'platform_mark',
        'noticeNum',
        'notInvoiceStatus',
        'switchCompany',
        'deptIds',
        'serviceCharge',
      ].sort(),
    );
    expect(content.platform_mark).toBe(1);
    expect(content.deptIds).toEqual(demo.deptIds);

    const { user } = content;
    expect(user.id).toBe(await userId(username));
    expect(user.username).toBe(username);
    expect(user.mobile).toBe(demo.mobile);
    expect(user.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(typeof user.isChange).toBe('boolean');
    expect(user.properties.rid).toBe(demo.roleId);
    expect(user.properties.cnam).toBe(demo.displayName);
    expect(user.authorities.every((item: object) => Object.keys(item).join() === 'authority')).toBe(true);
    expect(user.authorities.map((item: { authority: string }) => item.authority).sort()).toEqual(
      [...ROLE_TEMPLATES[demo.roleId]].sort(),
    );

    // The token is an HS256 JWT signed with the configured secret; exp is ~TOKEN_TTL seconds ahead.
    expect(decodeJwtPart(content.token, 0).alg).toBe('HS256');
    const payload = createVerifier({ key: t.config.jwtSecret })(content.token);
    expect(payload.sub).toBe(String(user.id));
    expect(payload.exp).toBeGreaterThanOrEqual(before + t.config.tokenTtlSeconds);
    expect(payload.exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + t.config.tokenTtlSeconds);

    // Neither the stored bcrypt hash nor anything named like a password is ever sent.
    const text = JSON.stringify(answer);
    expect(text).not.toMatch(/\$2[aby]\$/);
    expect(text).not.toContain(sha256Hex('Demo1234'));
    expect([...allKeys(answer)].filter((key) => /pass|hash/i.test(key))).toEqual([]);
  });

  it('merchant content: own company, service charge and unread notice count', async () => {
    const { content } = await login(t.app, 'merchant');
    expect(content.user.properties).toEqual({ cid: 1, ctyp: 1, rid: 2, cnam: '上海灵动科技有限公司', subid: 1 });
    // isCheck (agent sign, spec §4) is covered by agentSign.test.ts.
    expect(content.serviceCharge).toEqual([
      { companyType: 1, rate: 600, platformMark: 1, isCheck: expect.any(Number) },
    ]);
    // Seeded: 14 published standard notices, 7 read by the merchant (seed/notices.ts).
    expect(content.noticeNum).toBe(7);
    expect(content.user.isChange).toBe(false);
  });

  it('staff content: no company, department ids of their scope', async () => {
    const kefu = await login(t.app, 'kefu');
    expect(kefu.content.deptIds).toEqual([1, 2]);
    expect(kefu.content.user.properties).toMatchObject({ cid: null, rid: 3, cnam: '客服小王', subid: null });
    expect(kefu.content.serviceCharge).toEqual([]);
    const admin = await login(t.app, 'admin');
    expect(admin.content.deptIds).toEqual([]);
    expect(admin.content.user.properties.rid).toBe(1);
  });

  it('xgm logs in on the small-scale tab (type 3) as platform 3', async () => {
    const answer = await login(t.app, 'xgm', 'Demo1234', 3);
    expect(answer.code, answer.message).toBe(OK);
    const { content } = answer;
    expect(content.platform_mark).toBe(3);
    // The demo seed gives xgm's company to 杭州滨江分公司 (51), whose role-11 clerk xgmkaipiao reaches it.
    expect(content.user.properties).toEqual({ cid: 2, ctyp: 1, rid: 2, cnam: '杭州小微电子商务有限公司', subid: 51 });
    expect(content.user.isChange).toBe(true);
    expect(content.serviceCharge).toEqual([
      { companyType: 1, rate: 500, platformMark: 3, isCheck: expect.any(Number) },
    ]);
    // Seeded: 9 published small-scale notices, none read.
    expect(content.noticeNum).toBe(9);
    expect(createVerifier({ key: t.config.jwtSecret })(content.token).pm).toBe(3);
  });

  it('a merchant on the wrong tab is refused with a clear message', async () => {
    const xgm = await login(t.app, 'xgm', 'Demo1234', 1, { platformMark: 1 });
    expect(xgm.code).toBe(BUSINESS);
    expect(xgm.message).toContain('小规模版');
    expect(xgm.content).toBeNull();

    const merchant = await login(t.app, 'merchant', 'Demo1234', 3);
    expect(merchant.code).toBe(BUSINESS);
    expect(merchant.message).toContain('标准版');
  });

  it('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await login(t.app, 'admin', 'NotThePassword1');
    expect(wrong.code).toBe(BUSINESS);
    expect(wrong.message).toBe(WRONG_CREDENTIALS);
    expect(wrong.content).toEqual({ captchaRequired: false });

    const unknown = await login(t.app, 'no-such-user', 'NotThePassword1');
    expect(unknown).toEqual(wrong);
  });

  it('refuses a missing username or password with a business message', async () => {
    const response = await t.app.inject(formRequest('/login', { username: 'admin', type: 1 }));
    const answer = envelopeOf(response);
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).not.toBe('');
    expect(answer.content).toBeNull();
  });

  it('requires an image captcha after 3 failures; a solved captcha then lets the right password in', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const answer = await login(t.app, 'kefu', 'Wrong-password-1');
      expect(answer.message).toBe(WRONG_CREDENTIALS);
      expect(answer.content.captchaRequired).toBe(attempt >= 3);
    }
    const withoutCaptcha = await login(t.app, 'kefu');
    expect(withoutCaptcha.code).toBe(BUSINESS);
    expect(withoutCaptcha.content).toEqual({ captchaRequired: true });
    expect(withoutCaptcha.content.token).toBeUndefined();

    const wrongCaptcha = await solveCaptcha(t.app, t.db);
    const badAnswer = wrongCaptcha.code === '222222' ? '333333' : '222222';
    const refused = await login(t.app, 'kefu', 'Demo1234', 1, {
      captchaId: wrongCaptcha.captchaId,
      captchaCode: badAnswer,
    });
    expect(refused.code).toBe(BUSINESS);
    expect(refused.content.captchaRequired).toBe(true);
    // A captcha answers one attempt, right or wrong: the right code no longer works for that id.
    const reused = await login(t.app, 'kefu', 'Demo1234', 1, {
      captchaId: wrongCaptcha.captchaId,
      captchaCode: wrongCaptcha.code,
    });
    expect(reused.content.captchaRequired).toBe(true);

    const captcha = await solveCaptcha(t.app, t.db);
    const ok = await login(t.app, 'kefu', 'Demo1234', 1, {
      captchaId: captcha.captchaId,
      captchaCode: captcha.code.toLowerCase(),
    });
    expect(ok.code, ok.message).toBe(OK);
    // Success clears the counter: no captcha needed on the next login.
    expect((await login(t.app, 'kefu')).code).toBe(OK);
  });

  it('an unknown name needs a captcha after 3 failures too, with the same answers as a real account', async () => {
    const answersFor = async (username: string) => {
      const answers = [];
      for (let attempt = 1; attempt <= 4; attempt++) answers.push(await login(t.app, username, 'Wrong-password-1'));
      return answers;
    };
    const ghost = await answersFor('ghost');
    expect(ghost.map((answer) => answer.content.captchaRequired)).toEqual([false, false, true, true]);
    // The 4th attempt is refused before the password is looked at, and is not counted as a failure.
    expect(ghost[3].message).toBe('请输入图形验证码');
    const row = await t.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('username', '=', 'ghost')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(3);
    expect(await answersFor('merchant')).toEqual(ghost);
  });

  it('locks the account after 5 failures, even for the right password, until the lock expires', async () => {
    const fail = async () => {
      const captcha = await solveCaptcha(t.app, t.db);
      return login(t.app, 'caiwu', 'Wrong-password-1', 1, {
        captchaId: captcha.captchaId,
        captchaCode: captcha.code,
      });
    };
    for (let attempt = 1; attempt <= 4; attempt++) expect((await fail()).message).toBe(WRONG_CREDENTIALS);
    const fifth = await fail();
    expect(fifth.code).toBe(BUSINESS);
    expect(fifth.message).toBe(LOCKED);

    const captcha = await solveCaptcha(t.app, t.db);
    const right = await login(t.app, 'caiwu', 'Demo1234', 1, {
      captchaId: captcha.captchaId,
      captchaCode: captcha.code,
    });
    expect(right.code).toBe(BUSINESS);
    expect(right.message).toBe(LOCKED);
    expect(right.content?.token).toBeUndefined();

    // 15 minutes later (simulated) the lock is over.
    await t.db
      .updateTable('login_attempts')
      .set({ locked_until: Date.now() - 1000 })
      .where('username', '=', 'caiwu')
      .execute();
    expect((await login(t.app, 'caiwu')).code).toBe(OK);
  });

  it('a disabled account cannot log in, and its existing token stops working', async () => {
    const token = await tokenOf(t.app, 'hehuoren');
    await t.db.updateTable('users').set({ status: 0 }).where('username', '=', 'hehuoren').execute();

    const answer = await login(t.app, 'hehuoren');
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toContain('停用');
    expect(answer.content?.token).toBeUndefined();

    const response = await authed(t.app, token).get('/api/v1/servicecharge');
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response).code).toBe(UNAUTHENTICATED);
  });
});

describe('SMS login', () => {
  it('sends a 6-digit code after a solved captcha; the code logs in once', async () => {
    const sent = await sendSmsCode(t.app, t.db, '13900000002');
    expect(sent.code, sent.message).toBe(OK);
    const code = await lastSmsCode(t.db, '13900000002');
    expect(code).toMatch(/^\d{6}$/);
    // The sender got the message with the same code, addressed to that mobile.
    const message = t.sms.messages.at(-1)!;
    expect(message.mobile).toBe('13900000002');
    expect(message.text).toContain(code!);

    const answer = await codeLogin({ phone: '13900000002', code: code! });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.user.username).toBe('merchant');
    expect(answer.content.platform_mark).toBe(1);
    expect(createVerifier({ key: t.config.jwtSecret })(answer.content.token).sub).toBe(
      String(await userId('merchant')),
    );

    const again = await codeLogin({ phone: '13900000002', code: code! });
    expect(again.code).toBe(CAPTCHA_REFRESH);
    expect(again.content).toBeNull();
  });

  it('refuses an expired code', async () => {
    expect((await sendSmsCode(t.app, t.db, '13800000001')).code).toBe(OK);
    const code = (await lastSmsCode(t.db, '13800000001'))!;
    await t.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1000 })
      .where('mobile', '=', '13800000001')
      .execute();
    const answer = await codeLogin({ phone: '13800000001', code });
    expect(answer.code).toBe(CAPTCHA_REFRESH);
    expect(answer.content?.token).toBeUndefined();
  });

  it('refuses a wrong code, and stops accepting the right one after 5 wrong tries', async () => {
    expect((await sendSmsCode(t.app, t.db, '13800000003')).code).toBe(OK);
    const code = (await lastSmsCode(t.db, '13800000003'))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await codeLogin({ phone: '13800000003', code: wrong })).code).toBe(CAPTCHA_REFRESH);
    }
    expect((await codeLogin({ phone: '13800000003', code })).code).toBe(CAPTCHA_REFRESH);
  });

  it('a wrong captcha refuses to send (code 1050000) and stores no code', async () => {
    const sentBefore = t.sms.messages.length;
    const captcha = await solveCaptcha(t.app, t.db);
    const answer = await sendSmsCode(t.app, t.db, '13900000002', 1, {
      captchaId: captcha.captchaId,
      code: captcha.code === '222222' ? '333333' : '222222',
    });
    expect(answer.code).toBe(CAPTCHA_REFRESH);
    expect(await lastSmsCode(t.db, '13900000002')).toBeUndefined();

    const noCaptcha = envelopeOf(
      await t.app.inject(formRequest('/api/v1/sms/vericodeno', { mobile: '13900000002', type: 1 })),
    );
    expect(noCaptcha.code).toBe(CAPTCHA_REFRESH);
    expect(t.sms.messages).toHaveLength(sentBefore);
  });

  it('refuses to resend within 60 s', async () => {
    expect((await sendSmsCode(t.app, t.db, '13800000005')).code).toBe(OK);
    const first = await lastSmsCode(t.db, '13800000005');
    const again = await sendSmsCode(t.app, t.db, '13800000005');
    expect(again.code).toBe(BUSINESS);
    expect(again.message).toContain('60');
    expect(await lastSmsCode(t.db, '13800000005')).toBe(first);
    const count = await t.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mobile', '=', '13800000005')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('a code sent for another purpose (registration, type 6) does not log in', async () => {
    const sentType6 = await sendSmsCode(t.app, t.db, '13900000002', 6);
    expect(sentType6.code, sentType6.message).toBe(OK);
    const code = (await lastSmsCode(t.db, '13900000002'))!;
    const answer = await codeLogin({ phone: '13900000002', code });
    expect(answer.code).toBe(CAPTCHA_REFRESH);
    expect(answer.content?.token).toBeUndefined();
  });

  it('limits sends per IP (30 an hour)', async () => {
    const now = Date.now();
    // 30 sends from this address ten minutes ago (the per-IP counter of the last hour).
    const used = { window_start: now - 10 * 60_000, count: 30, last_at: now - 10 * 60_000 };
    await t.db
      .insertInto('rate_counters')
      .values({ key: 'sms:ip:127.0.0.1', ...used })
      .onConflict((oc) => oc.column('key').doUpdateSet(used))
      .execute();
    const answer = await sendSmsCode(t.app, t.db, '13900000002');
    expect(answer.code).toBe(BUSINESS);
    expect(await lastSmsCode(t.db, '13900000002')).toBeUndefined();
  });

  it('a mobile with several accounts gets 1040002 with the accounts, then logs in as the chosen one', async () => {
    expect((await sendSmsCode(t.app, t.db, '13900000003')).code).toBe(OK);
    const code = (await lastSmsCode(t.db, '13900000003'))!;

    const choose = await codeLogin({ phone: '13900000003', code });
    expect(choose.code).toBe(CHOOSE_COMPANY);
    expect(choose.content.accounts).toEqual([
      { username: 'xgm', companyName: '杭州小微电子商务有限公司' },
      { username: 'xgm02', companyName: '杭州小微物流服务有限公司' },
      { username: 'xgm03', companyName: '杭州小微文化传媒有限公司' },
    ]);

    const answer = await codeLogin({ phone: '13900000003', code, username: 'xgm02' });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.user.username).toBe('xgm02');
    expect(answer.content.user.properties.cid).toBe(3);
    expect(answer.content.platform_mark).toBe(3);
    expect(createVerifier({ key: t.config.jwtSecret })(answer.content.token).sub).toBe(String(await userId('xgm02')));

    // Used up by the login: choosing another account with the same code is refused.
    expect((await codeLogin({ phone: '13900000003', code, username: 'xgm03' })).code).toBe(CAPTCHA_REFRESH);
  });
});

describe('tokens', () => {
  const signWith = (secret: string, claims: Record<string, unknown>) =>
    createSigner({ key: secret, algorithm: 'HS256' })(claims);

  async function protectedCall(token: string) {
    return authed(t.app, token).get('/api/v1/servicecharge');
  }

  it('/refresh_token returns a new valid token for the same session', async () => {
    const token = await tokenOf(t.app, 'xgm', 3);
    const old = decodeJwtPart(token, 1);
    const response = await authed(t.app, token, 3).post('/refresh_token');
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    const fresh = answer.content.token as string;
    const claims = createVerifier({ key: t.config.jwtSecret })(fresh);
    expect(claims).toMatchObject({ sub: old.sub, rid: 2, cid: 2, pm: 3 });
    expect(claims.exp).toBeGreaterThanOrEqual(old.exp);
    const use = await protectedCall(fresh);
    expect(use.statusCode).toBe(200);
    expect(envelopeOf(use).content).toEqual([
      { companyType: 1, rate: 500, platformMark: 3, isCheck: expect.any(Number) },
    ]);
  });

  it('a token that is no longer valid gets 401 on a protected route and on /refresh_token', async () => {
    const id = await userId('admin');
    const now = Math.floor(Date.now() / 1000);
    const valid = await tokenOf(t.app, 'admin');
    expect((await protectedCall(valid)).statusCode).toBe(200);

    const [header, payload, signature] = valid.split('.');
    const flipped = payload.slice(0, 10) + (payload[10] === 'A' ? 'B' : 'A') + payload.slice(11);
    const otherUser = Buffer.from(
      JSON.stringify({ ...decodeJwtPart(valid, 1), sub: String(await userId('merchant')) }),
    ).toString('base64url');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

    const invalid: Record<string, string> = {
      expired: signWith(t.config.jwtSecret, {
        sub: String(id),
        rid: 1,
        cid: null,
        pm: 1,
        iat: now - 7300,
        exp: now - 100,
      }),
      'flipped payload character': `${header}.${flipped}.${signature}`,
      'payload swapped for another user': `${header}.${otherUser}.${signature}`,
      'signed with another secret': signWith(randomSecret(), { sub: String(id), rid: 1, cid: null, pm: 1 }),
      'alg none': `${unsignedHeader}.${payload}.`,
      'not a JWT': 'garbage',
      'valid signature, unknown user': signWith(t.config.jwtSecret, { sub: '999999', rid: 1, cid: null, pm: 1 }),
    };
    for (const [name, token] of Object.entries(invalid)) {
      for (const response of [await protectedCall(token), await authed(t.app, token).post('/refresh_token')]) {
        expect(response.statusCode, name).toBe(401);
        const answer = envelopeOf(response);
        expect(answer.code, name).toBe(UNAUTHENTICATED);
        expect(answer.content, name).toBeNull();
      }
    }
  });

  it('no token → 401 on a protected route', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/servicecharge' },
      { method: 'POST' as const, url: '/refresh_token' },
      { method: 'GET' as const, url: '/api/v1/notifications/countunreadupnotifications' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(envelopeOf(response).code).toBe(UNAUTHENTICATED);
    }
    const emptyBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/servicecharge',
      headers: { authorization: 'Bearer ' },
    });
    expect(emptyBearer.statusCode).toBe(401);
  });
});
