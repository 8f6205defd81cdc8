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

// /teamAdmin's list (resources/subaccounts.ts): a page of the owner's own sub-accounts, filtered as declared; the
// conformance kit walks paging, filters and sort; here what is particular to it: whose rows, and who may ask.

const OK = 1020000;
const BUSINESS = 1040400;
const SEARCH = '/api/v1/company/subaccounts/search';

let t: TestApp;
let merchant: AuthedClient;
let xgm: AuthedClient;
const made: { id: number; username: string }[] = [];

async function get(client: AuthedClient, url: string) {
  const response = await client.get(url);
  return { status: response.statusCode, ...(response.statusCode === 200 ? envelopeOf(response) : {}) } as {
    status: number;
    code?: number;
    message?: string;
    content?: any;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  const { content } = await get(merchant, '/api/v1/company/subaccounts');
  for (const [username, mobile] of [
    ['team_alpha', '13922220001'],
    ['team_beta', '13922220002'],
  ]) {
    const response = await merchant({
      method: 'POST',
      url: '/api/v1/company/subaccounts',
      payload: { username, mobile, password: sha256Hex('Sub12345'), authorities: content.permissions.slice(0, 1) },
    });
    expect(envelopeOf(response).code).toBe(OK);
  }
  const all = await get(merchant, `${SEARCH}?page=0&size=50`);
  for (const row of all.content.content) made.push({ id: row.id, username: row.username });
});
afterAll(() => t?.close());

describe('/teamAdmin list', () => {
  it("pages the owner's sub-accounts with their permissions by name, and filters them", async () => {
    const page = await get(merchant, `${SEARCH}?page=0&size=1`);
    expect(page.code).toBe(OK);
    expect(page.content.totalElements).toBe(made.length);
    expect(page.content.content).toHaveLength(1);
    expect(made.map((row) => row.username)).toEqual(expect.arrayContaining(['team_alpha', 'team_beta']));
    const beta = await get(merchant, `${SEARCH}?q=${encodeURIComponent('username:beta')}&page=0&size=10`);
    expect(beta.content.content.map((row: { username: string }) => row.username)).toEqual(['team_beta']);
    expect(beta.content.content[0].authorityNames).toMatch(/\p{Script=Han}/u);
    const bad = await get(merchant, `${SEARCH}?q=${encodeURIComponent('status:7')}&page=0&size=10`);
    expect(bad.code).toBe(BUSINESS);
  });

  it("shows another company's owner none of them, by list or by id", async () => {
    const other = await get(xgm, `${SEARCH}?q=${encodeURIComponent('username:team_')}&page=0&size=10`);
    expect(other.code).toBe(OK);
    expect(other.content.totalElements).toBe(0);
    const alpha = made.find((row) => row.username === 'team_alpha');
    expect((await get(merchant, `/api/v1/company/subaccounts/${alpha?.id}`)).content.username).toBe('team_alpha');
    expect((await get(xgm, `/api/v1/company/subaccounts/${alpha?.id}`)).code).toBe(BUSINESS);
  });

  it('refuses a sub-account and staff', async () => {
    const sub = await login(t.app, 'team_alpha', 'Sub12345');
    expect(sub.code).toBe(OK);
    expect((await get(authed(t.app, sub.content.token), SEARCH)).status).toBe(403);
    expect((await get(authed(t.app, await tokenOf(t.app, 'admin')), SEARCH)).status).toBe(403);
  });
});
