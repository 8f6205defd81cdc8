import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessRoute } from '../../src/domain/permissions';
import { findRoute } from '../../src/domain/routes';
import { authed, createTestApp, envelopeOf, login, type TestApp } from './support/testApp';

/**
 * 税费计算's user-id exception (spec §6) is the server setting TAX_CALCULATION_USER_IDS, and the web app reads the
 * same setting: the login answer lists /adTaxCalculation in user.routeExceptions for exactly those users, so the
 * route guard (canAccessRoute) lets them in where the server does.
 */
let test: TestApp;
let kefuId: number;

beforeAll(async () => {
  // The demo seed is deterministic: learn kefu's id from one app, then start one whose setting names it.
  const probe = await createTestApp();
  const kefu = await probe.db.selectFrom('users').select('id').where('username', '=', 'kefu').executeTakeFirstOrThrow();
  kefuId = Number(kefu.id);
  await probe.close();
  test = await createTestApp({ TAX_CALCULATION_USER_IDS: `${kefuId},999999` });
});
afterAll(async () => test?.close());

async function loginAnswer(username: string) {
  const answer = await login(test.app, username);
  expect(answer.code).toBe(1020000);
  return answer.content;
}

describe('TAX_CALCULATION_USER_IDS', () => {
  it('opens /adTaxCalculation in the web app and on the server for a listed user without UI_TAX_COLLECTION', async () => {
    const content = await loginAnswer('kefu');
    expect(content.user.id).toBe(kefuId);
    expect(content.user.authorities.map((item: { authority: string }) => item.authority)).not.toContain(
      'UI_TAX_COLLECTION',
    );
    expect(content.user.routeExceptions).toEqual(['/adTaxCalculation']);
    const rule = findRoute('/adTaxCalculation');
    if (!rule) throw new Error('route missing');
    expect(canAccessRoute(content.user, rule)).toBe(true);
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const answer = await authed(test.app, content.token).get(`/api/v1/statistics/tax?month=${month}&page=0&size=10`);
    expect(answer.statusCode).toBe(200);
    expect(envelopeOf(answer).code).toBe(1020000);
  });

  it('leaves everybody else as the codes say', async () => {
    const partner = await loginAnswer('hehuoren');
    expect(partner.user.routeExceptions).toEqual([]);
    const rule = findRoute('/adTaxCalculation');
    if (!rule) throw new Error('route missing');
    expect(canAccessRoute(partner.user, rule)).toBe(false);
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const answer = await authed(test.app, partner.token).get(`/api/v1/statistics/tax?month=${month}&page=0&size=10`);
    expect(answer.statusCode).toBe(403);
    const finance = await loginAnswer('caiwu');
    expect(finance.user.routeExceptions).toEqual([]);
    expect(canAccessRoute(finance.user, rule)).toBe(true);
  });
});
