import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_CLOCK_SKEW_SECONDS, SSO_MAX_LIFETIME_SECONDS } from '../../server/accounts/sso.routes';
import { createTestApp, envelopeOf, randomSecret, type TestApp } from './support/testApp';

/**
 * Single-sign-on assertions (docs/accounts.md): a blank jti is no identifier and an assertion issued in the future
 * is not taken, beyond a small clock skew (SSO_CLOCK_SKEW_SECONDS) between the issuer and us.
 */
const OK = 1020000;
const FAILED = '单点登录失败，请重新登录';
const SSO_SECRET = randomSecret();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SSO_SHARED_SECRET: SSO_SECRET });
});
afterAll(async () => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** An HS256 JWT of exactly the claims given (a signing library would add or rewrite iat). */
function sign(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', SSO_SECRET).update(body).digest('base64url')}`;
}
const ssoLogin = (userInf: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sso/login', payload: { userInf, platformMark: 1 } }).then(envelopeOf);

describe('SSO assertions', () => {
  it.each([
    ['an empty jti', ''],
    ['a jti of spaces', '   '],
  ])('refuses %s, the first time too', async (_name, jti) => {
    for (let i = 0; i < 2; i += 1) {
      expect(await ssoLogin(sign({ sub: 'merchant', exp: now() + 60, jti }))).toMatchObject({
        code: 1040400,
        message: FAILED,
      });
    }
    expect(await t.db.selectFrom('sso_assertions').select('jti').where('jti', '=', jti).execute()).toEqual([]);
  });

  it('refuses an assertion issued in the future, past the clock skew', async () => {
    const iat = now() + SSO_CLOCK_SKEW_SECONDS + 120;
    const answer = await ssoLogin(sign({ sub: 'merchant', iat, exp: iat + 60, jti: randomUUID() }));
    expect(answer).toMatchObject({ code: 1040400, message: FAILED });
  });

  it('refuses an iat that is not a time, and a lifetime over 5 minutes counted from iat', async () => {
    expect((await ssoLogin(sign({ sub: 'merchant', iat: 'now', exp: now() + 60, jti: randomUUID() }))).code).toBe(
      1040400,
    );
    const iat = now() - 200;
    const longLived = sign({ sub: 'merchant', iat, exp: iat + SSO_MAX_LIFETIME_SECONDS + 100, jti: randomUUID() });
    expect((await ssoLogin(longLived)).message).toBe(FAILED);
  });

  it('takes an issuer whose clock runs a little ahead, once', async () => {
    const iat = now() + Math.floor(SSO_CLOCK_SKEW_SECONDS / 2);
    const userInf = sign({ sub: 'merchant', iat, exp: iat + SSO_MAX_LIFETIME_SECONDS, jti: randomUUID() });
    const first = await ssoLogin(userInf);
    expect(first.code, first.message).toBe(OK);
    expect(first.content.user.username).toBe('merchant');
    expect((await ssoLogin(userInf)).message).toBe(FAILED);
  });

  it('takes an assertion without iat as before (the documented claims are sub, exp and jti)', async () => {
    const answer = await ssoLogin(sign({ sub: 'merchant', exp: now() + 60, jti: randomUUID() }));
    expect(answer.code, answer.message).toBe(OK);
  });
});
