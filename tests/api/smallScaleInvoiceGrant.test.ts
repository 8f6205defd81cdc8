import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash, hashClientPassword } from '../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { chinaTime } from '../../server/db/time';
import { registeredRoutes } from './support/registeredRoutes';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

// Spec §6: "Role 11 with subid 51 plus XGM_INVOICE_APPLY_DETAILS_SAVE sees the small-scale invoice application";
// /smallScaleAdInvoice's code is UI_XGM_INVOICE_APPLY_DETAILS_SAVE (spec §2). The server enforces it on every call
// of that application, found from the registered routes: the calls a staff member is refused without the page code
// and admitted with it. Role 11 of another subsidiary must get the spec's no-permission answer on each.
const RULE_CODE = 'XGM_INVOICE_APPLY_DETAILS_SAVE';
const PAGE_CODE = 'UI_XGM_INVOICE_APPLY_DETAILS_SAVE';
const SMALL_SCALE = 3;
const NO_PERMISSION = '无权限访问此页面！';

let t: TestApp;
let serial = 0;

/** A staff account of role `rid` in `subsidiaries`, holding ADM_HOME and `codes`, logged in on the small-scale tab. */
async function account(rid: number, subsidiaries: readonly number[], codes: readonly string[]): Promise<AuthedClient> {
  serial += 1;
  const username = `grant${rid}_${serial}`;
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      mobile: `1370000${String(serial).padStart(4, '0')}`,
      password_hash: await hashClientPassword(clientHash(DEMO_PASSWORD)),
      role_id: rid,
      company_id: null,
      platform_mark: SMALL_SCALE,
      display_name: username,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  await t.db
    .insertInto('user_authorities')
    .values(['ADM_HOME', ...codes].map((authority) => ({ user_id: userId, authority })))
    .execute();
  for (const subsidiaryId of subsidiaries) {
    await t.db.insertInto('user_subsidiaries').values({ user_id: userId, subsidiary_id: subsidiaryId }).execute();
  }
  return authed(t.app, await tokenOf(t.app, username, SMALL_SCALE), SMALL_SCALE);
}

/**
 * Every registered call with a concrete path, each parameter the id of a small-scale invoice application (so a
 * call on one application reaches its edition check); files served from disk left out.
 */
function concreteRoutes(id: number) {
  return registeredRoutes(t.app)
    .filter((route) => route.url.startsWith('/api') && !route.url.includes('*'))
    .map((route) => ({ method: route.method, url: route.url.replace(/:[A-Za-z_]+/g, String(id)) }));
}

interface Route {
  method: string;
  url: string;
}

async function statusOf(client: AuthedClient, route: Route): Promise<number> {
  const response = await client({ method: route.method as 'GET', url: route.url, payload: {} });
  return response.statusCode;
}

const applicationCalls: Route[] = [];
let applicationId = 0;

beforeAll(async () => {
  t = await createTestApp();
  // Finance (role 5, no department scope) with and without the page code: the calls the code opens.
  const without = await account(5, [], []);
  const withCode = await account(5, [], [PAGE_CODE]);
  const application = await t.db
    .selectFrom('invoices')
    .select('id')
    .where('platform_mark', '=', SMALL_SCALE)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  applicationId = Number(application.id);
  for (const route of concreteRoutes(applicationId)) {
    if ((await statusOf(without, route)) === 403 && (await statusOf(withCode, route)) !== 403) {
      applicationCalls.push(route);
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('role 11 with subid 51 (spec §6) on the server', () => {
  it('finds the small-scale invoice application calls among the registered routes', () => {
    const urls = applicationCalls.map((route) => `${route.method} ${route.url}`);
    // The application's list is one of them: the enumeration found the page's calls, not nothing.
    expect(urls).toContain('GET /api/v1/invoices/search');
    expect(urls).toContain('GET /api/v1/invoices/search');
    console.log(urls);
  });

  it('the login answer carries rid 11 and subid 51 of the seeded account, with the page code granted', async () => {
    const answer = await login(t.app, 'xgmkaipiao', DEMO_PASSWORD, SMALL_SCALE);
    expect(answer.code).toBe(1020000);
    expect(answer.content.user.properties).toMatchObject({ rid: 11, subid: 51, cid: null });
    const codes = answer.content.user.authorities.map((item: { authority: string }) => item.authority);
    expect(codes).toEqual(expect.arrayContaining([RULE_CODE, PAGE_CODE]));
  });

  it('role 11 of another subsidiary gets 无权限访问此页面！ on every call, even holding the page code', async () => {
    const attacker = await account(11, [2], [RULE_CODE, PAGE_CODE]);
    const answers = [];
    for (const route of applicationCalls) {
      const response = await attacker({ method: route.method as 'GET', url: route.url, payload: {} });
      answers.push({
        call: `${route.method} ${route.url}`,
        status: response.statusCode,
        message: response.statusCode === 403 ? envelopeOf(response).message : '',
      });
    }
    expect(answers.filter((answer) => answer.status !== 403 || answer.message !== NO_PERMISSION)).toEqual([]);
  });

  it('role 11 of subsidiary 51 without the rule code is refused too; with it, admitted to every call', async () => {
    const withoutRule = await account(11, [51], [PAGE_CODE]);
    const granted = await account(11, [51], [RULE_CODE]);
    const refused = [];
    const admitted = [];
    for (const route of applicationCalls) {
      if ((await statusOf(withoutRule, route)) !== 403) refused.push(`${route.method} ${route.url}`);
      if ((await statusOf(granted, route)) === 403) admitted.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
    expect(admitted).toEqual([]);
  });

  it('the seeded account lists the small-scale applications and no standard-edition one', async () => {
    const client = authed(t.app, await tokenOf(t.app, 'xgmkaipiao', SMALL_SCALE), SMALL_SCALE);
    const answer = envelopeOf(await client.get('/api/v1/invoices/search?page=0&size=50'));
    expect(answer.code).toBe(1020000);
    const marks = new Set(answer.content.content.map((row: { platformMark: number }) => row.platformMark));
    expect([...marks].every((mark) => mark === SMALL_SCALE)).toBe(true);
    expect((await client.get('/api/v1/invoices/search?platformmark=1')).statusCode).toBe(403);
  });

  it('a role 11 account moved to another subsidiary loses the calls at its next request', async () => {
    const clerk = await account(11, [51], [RULE_CODE]);
    expect((await clerk.get('/api/v1/invoices/search?platformmark=3')).statusCode).toBe(200);
    const me = envelopeOf(await clerk.get('/api/v1/companies/findpermissionlogin'));
    await t.db
      .updateTable('user_subsidiaries')
      .set({ subsidiary_id: 2 })
      .where('user_id', '=', me.content.userId)
      .execute();
    const after = await clerk.get('/api/v1/invoices/search?platformmark=3');
    expect(after.statusCode).toBe(403);
    expect(envelopeOf(after).message).toBe(NO_PERMISSION);
  });
});
