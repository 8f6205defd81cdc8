import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_AFTER_FAILURES } from '../../server/accounts/loginAttempts';
import { buildApp } from '../../server/app';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { authed, createTestApp, envelopeOf, login, sha256Hex, type TestApp, tokenOf } from './support/testApp';

/**
 * A stolen session must not become unlimited guessing of the login password: PATCH /api/v1/accounts/password
 * counts wrong old passwords with the login's counter, says how many tries remain, locks the account after
 * LOCK_AFTER_FAILURES (5) and ends the session that made the locking guess. The counter is in the database, so
 * two app instances on one database count together.
 */
const OK = 1020000;
const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';
const LOCKED_NOW = '原密码错误次数过多，账号已锁定15分钟，请稍后重新登录';
const wrongMessage = (left: number) => `原密码错误，请重新输入（还可尝试${left}次）`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const change = (app: FastifyInstance, token: string, oldPassword: string, platformMark: 1 | 3 = 1) =>
  authed(
    app,
    token,
    platformMark,
  )({
    method: 'PATCH',
    url: '/api/v1/accounts/password',
    payload: { oldPassword: sha256Hex(oldPassword), newPassword: sha256Hex('Changed2026') },
  });

async function passwordHash(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('login password change: wrong old passwords are counted', () => {
  it('says how many tries remain, locks on the fifth, ends that session and refuses the right one while locked', async () => {
    const stolen = await tokenOf(t.app, 'merchant');
    const other = await tokenOf(t.app, 'merchant');
    const before = await passwordHash('merchant');
    for (let left = LOCK_AFTER_FAILURES - 1; left >= 1; left -= 1) {
      expect(envelopeOf(await change(t.app, stolen, `Guess${left}x99`))).toMatchObject({
        code: 1040400,
        message: wrongMessage(left),
      });
    }
    expect(envelopeOf(await change(t.app, stolen, 'Guess0x99')).message).toBe(LOCKED_NOW);
    // The session that locked the account is over.
    expect((await change(t.app, stolen, DEMO_PASSWORD)).statusCode).toBe(401);
    // Every further guess, and then the right password, through another session: refused unchecked.
    for (let i = 0; i < 25; i += 1) {
      expect(envelopeOf(await change(t.app, other, `More${i}x99`)).message).toBe(LOCKED);
    }
    expect(envelopeOf(await change(t.app, other, DEMO_PASSWORD)).message).toBe(LOCKED);
    expect((await login(t.app, 'merchant')).message).toBe(LOCKED);
    expect(await passwordHash('merchant')).toBe(before);

    // Once the lock has run out, the right old password changes it.
    await t.db
      .updateTable('login_attempts')
      .set({ locked_until: Date.now() - 1000 })
      .where('username', '=', 'merchant')
      .execute();
    const changed = envelopeOf(await change(t.app, other, DEMO_PASSWORD));
    expect(changed.code, changed.message).toBe(OK);
    expect((await login(t.app, 'merchant', 'Changed2026')).code).toBe(OK);
    const counter = await t.db
      .selectFrom('login_attempts')
      .select('failures')
      .where('username', '=', 'merchant')
      .executeTakeFirst();
    expect(counter).toBeUndefined();
  });

  it('counts guesses fired all at once: four tell the tries left, one locks, none past it is compared', async () => {
    const stolen = await tokenOf(t.app, 'xgm02', 3);
    const before = await passwordHash('xgm02');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(t.app, stolen, `Parallel${i}x9`, 3)));
    const messages = answers.map((answer) => (answer.statusCode === 401 ? 401 : envelopeOf(answer).message));
    const wrong = messages.filter((message) => typeof message === 'string' && message.startsWith('原密码错误，'));
    expect(wrong.sort()).toEqual([4, 3, 2, 1].map(wrongMessage).sort());
    expect(messages.filter((message) => message === LOCKED_NOW)).toHaveLength(1);
    expect(
      messages.filter((message) => message !== LOCKED && message !== 401),
      String(messages),
    ).toHaveLength(LOCK_AFTER_FAILURES);
    // The right password right after: the session is over, another one is refused by the lock.
    expect((await change(t.app, stolen, DEMO_PASSWORD, 3)).statusCode).toBe(401);
    expect((await login(t.app, 'xgm02', DEMO_PASSWORD, 3)).message).toBe(LOCKED);
    expect(await passwordHash('xgm02')).toBe(before);
  });

  it('counts in the database: two app instances on one database share the count and the session ends in both', async () => {
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    try {
      await second.ready();
      const token = await tokenOf(t.app, 'caiwu');
      for (let i = 0; i < 3; i += 1) await change(t.app, token, `First${i}x99`);
      expect(envelopeOf(await change(second, token, 'Second0x99')).message).toBe(wrongMessage(1));
      expect(envelopeOf(await change(second, token, 'Second1x99')).message).toBe(LOCKED_NOW);
      expect((await change(t.app, token, DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await login(second, 'caiwu')).message).toBe(LOCKED);
    } finally {
      await second.close();
    }
  });

  it('a wrong login and a wrong old password count together; a right one clears the count', async () => {
    const token = await tokenOf(t.app, 'kefu');
    expect((await login(t.app, 'kefu', 'Wrong1234')).code).toBe(1040400);
    expect(envelopeOf(await change(t.app, token, 'Wrong1234')).message).toBe(wrongMessage(3));
    expect((await login(t.app, 'kefu')).code).toBe(OK);
    expect(envelopeOf(await change(t.app, token, 'Wrong1234')).message).toBe(wrongMessage(4));
  });
});
