import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MAX_ATTEMPTS } from '../../server/accounts/captcha/captchaStore';
import { LOCK_AFTER_FAILURES } from '../../server/accounts/loginAttempts';
import { SMS_MAX_PER_IP_PER_HOUR, SMS_MAX_VERIFY_ATTEMPTS } from '../../server/accounts/sms/smsCodes';
import {
  createTestApp,
  envelopeOf,
  formRequest,
  lastSmsCode,
  loginResponse,
  solveCaptcha,
  type TestApp,
} from './support/testApp';

/**
 * Counters under parallel load. Each test fires many requests at once (Promise.all) and checks
 * every one was counted and no limit was overrun. Run with DATABASE_URL set for PostgreSQL, where requests
 * really interleave on separate connections.
 */
const OK = 1020000;
const PARALLEL = 16;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const all = <T>(make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

/** Sends an SMS code from `ip` with a freshly solved captcha (captchas are solved first, then sends race). */
async function sendersFor(mobiles: string[], type: number) {
  const captchas = await Promise.all(mobiles.map(() => solveCaptcha(t.app, t.db)));
  return mobiles.map(
    (mobile, index) => (ip: string) =>
      t.app
        .inject({
          ...formRequest('/api/v1/sms/vericodeno', {
            mobile,
            type,
            token: captchas[index].captchaId,
            code: captchas[index].code,
            module: 2,
          }),
          remoteAddress: ip,
        })
        .then(envelopeOf),
  );
}

describe('counters hold under parallel load', () => {
  it('login failures: every parallel wrong password is counted and the account locks', async () => {
    const answers = await all(() => loginResponse(t.app, 'race_nobody', 'Wrong-password-1'));
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    const messages = answers.map((response) => envelopeOf(response).message);
    const row = await t.db
      .selectFrom('login_attempts')
      .select(['failures', 'locked_until'])
      .where('username', '=', 'race_nobody')
      .executeTakeFirstOrThrow();
    // Each counted failure answers with the count it made: 1 to 4 say 账号或密码错误, the 5th and later lock.
    // A lost update (two requests reading the same count) would answer 账号或密码错误 more than four times.
    // Requests that arrive once the count already asks for a captcha or holds the lock are refused uncounted.
    expect(messages.filter((message) => message === '账号或密码错误')).toHaveLength(LOCK_AFTER_FAILURES - 1);
    expect(Number(row.failures)).toBeGreaterThanOrEqual(LOCK_AFTER_FAILURES);
    expect(Number(row.failures)).toBeLessThanOrEqual(PARALLEL);
    expect(Number(row.locked_until)).toBeGreaterThan(Date.now());
  });

  it('SMS code tries: parallel wrong codes spend exactly the allowed tries, then the right code fails', async () => {
    const mobile = '13900000002';
    const [send] = await sendersFor([mobile], 1);
    expect((await send('10.9.0.1')).code).toBe(OK);
    const code = (await lastSmsCode(t.db, mobile)) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await all(() =>
      t.app.inject(formRequest('/code/login', { phone: mobile, code: wrong })).then(envelopeOf),
    );
    expect(answers.every((answer) => answer.code !== OK)).toBe(true);
    expect(new Set(answers.map((answer) => answer.message))).toEqual(new Set(['短信验证码错误或已失效']));
    const row = await t.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('mobile', '=', mobile)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SMS_MAX_VERIFY_ATTEMPTS);
    const right = envelopeOf(await t.app.inject(formRequest('/code/login', { phone: mobile, code })));
    expect(right.code).not.toBe(OK);
  });

  it('SMS resend interval: of many parallel sends to one mobile exactly one goes out', async () => {
    const mobile = '13700009999';
    const senders = await sendersFor(
      Array.from({ length: PARALLEL }, () => mobile),
      6,
    );
    const answers = await Promise.all(senders.map((send, index) => send(`10.9.1.${index + 1}`)));
    expect(answers.filter((answer) => answer.code === OK)).toHaveLength(1);
    const rows = await t.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
  });

  it('SMS per-IP limit: parallel sends from one address stop exactly at the limit', async () => {
    const ip = '10.9.2.1';
    const now = Date.now();
    const already = SMS_MAX_PER_IP_PER_HOUR - 4;
    await t.db
      .insertInto('rate_counters')
      .values({ key: `sms:ip:${ip}`, window_start: now - 60_000, count: already, last_at: now - 60_000 })
      .execute();
    const mobiles = Array.from({ length: PARALLEL }, (_, index) => `1370001${String(index).padStart(4, '0')}`);
    const senders = await sendersFor(mobiles, 6);
    const answers = await Promise.all(senders.map((send) => send(ip)));
    expect(answers.filter((answer) => answer.code === OK)).toHaveLength(SMS_MAX_PER_IP_PER_HOUR - already);
    const sent = await t.db.selectFrom('sms_codes').select('id').where('ip', '=', ip).execute();
    expect(sent).toHaveLength(SMS_MAX_PER_IP_PER_HOUR - already);
  });

  it('captcha check: parallel wrong answers spend exactly the allowed tries; a right answer works once', async () => {
    const wrongOne = await solveCaptcha(t.app, t.db);
    const bad = wrongOne.code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const check = (captchaId: string, code: string) =>
      t.app.inject(formRequest('/api/v1/common/check', { captchaId, code })).then(envelopeOf);
    const wrongs = await all(() => check(wrongOne.captchaId, bad));
    expect(wrongs.every((answer) => answer.code !== OK)).toBe(true);
    const row = await t.db
      .selectFrom('captchas')
      .select(['attempts', 'used'])
      .where('id', '=', wrongOne.captchaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: CAPTCHA_MAX_ATTEMPTS, used: 1 });
    expect((await check(wrongOne.captchaId, wrongOne.code)).code).not.toBe(OK);

    const rightOne = await solveCaptcha(t.app, t.db);
    const rights = await all(() => check(rightOne.captchaId, rightOne.code));
    expect(rights.filter((answer) => answer.code === OK)).toHaveLength(1);
  });
});
