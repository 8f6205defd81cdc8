import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_SEEN_EVERY_MS, utcStamp } from '../../server/accounts/onlineSessions';
import { revokeAllTokens } from '../../server/auth/sessions';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { chinaTime } from '../../server/db/time';
import { FORCE_LOGOUT_MSG, LOGIN_MODE } from '../../src/domain/loginLog';
import {
  type AuthedClient,
  authed,
  createTestApp,
  decodeJwtPart,
  envelopeOf,
  formRequest,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * 在线用户 (/adOnlineUser): the sessions every process would admit now, with account, role, company, IP and login /
 * last-seen times (written at most once a minute per session, not per request), and 强退, which ends a session at
 * its next request and is in the operation log. Across processes: tests/api/opsPagesProcesses.test.ts.
 */
const OK = 1020000;

let t: TestApp;
let admin: AuthedClient;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenOf(t.app, 'admin');
  admin = authed(t.app, adminToken);
});

afterAll(async () => {
  await t?.close();
});

interface Row {
  id: number;
  username: string;
  roleName: string | null;
  companyName: string | null;
  platformMark: number;
  mode: number;
  ip: string;
  browser: string;
  loginTime: string;
  lastSeenTime: string;
  expireTime: string;
}

async function online(client = admin): Promise<Row[]> {
  const answer = envelopeOf(await client.get('/api/v1/onlineusers/search?page=0&size=200'));
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.content as Row[];
}

const sidOf = (token: string) => decodeJwtPart(token, 1).sid as string;
const rowOf = async (token: string) =>
  t.db.selectFrom('user_sessions').selectAll().where('sid', '=', sidOf(token)).executeTakeFirstOrThrow();

const forceLogout = (id: number, client = admin) =>
  client.post(`/api/v1/onlineusers/${id}/forcelogout`).then(envelopeOf);

describe('the sessions alive now', () => {
  it('lists each login with account, role, company, edition, mode, IP, login and last-seen time', async () => {
    const merchantToken = await tokenOf(t.app, 'merchant');
    const rows = await online();
    const merchantId = Number((await rowOf(merchantToken)).id);
    const merchant = rows.find((row) => row.id === merchantId);
    expect(merchant).toMatchObject({
      username: 'merchant',
      roleName: '商户',
      platformMark: 1,
      mode: LOGIN_MODE.password,
      ip: '127.0.0.1',
    });
    expect(merchant?.companyName).toBeTruthy();
    expect(merchant?.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const claims = decodeJwtPart(merchantToken, 1);
    expect(merchant?.expireTime).toBe(chinaTime(claims.exp * 1000));
    expect(rows.find((row) => row.username === 'admin')).toMatchObject({ roleName: '管理员', companyName: null });
  });

  it('records a login a browser makes, whose answer goes out compressed', async () => {
    const request = formRequest(
      '/login',
      { username: 'merchant', password: sha256Hex(DEMO_PASSWORD), type: 1, platformMark: 1 },
      {
        platformmark: '1',
        'accept-encoding': 'br, gzip',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    );
    const response = await t.app.inject(request);
    expect(response.headers['content-encoding']).toMatch(/br|gzip/);
    const sessions = await t.db
      .selectFrom('user_sessions')
      .select(['username', 'browser'])
      .where('browser', 'like', 'Firefox%')
      .execute();
    expect(sessions).toContainEqual({ username: 'merchant', browser: 'Firefox 133' });
    expect((await online()).some((row) => row.username === 'merchant' && row.browser === 'Firefox 133')).toBe(true);
  });

  it('keeps 最后访问时间 to the minute: a request writes it only when it is a minute old, not on every request', async () => {
    const token = await tokenOf(t.app, 'caiwu');
    const client = authed(t.app, token);
    const sid = sidOf(token);
    const setSeen = (time: string) =>
      t.db.updateTable('user_sessions').set({ last_seen_time: time }).where('sid', '=', sid).execute();
    const seen = async () => (await rowOf(token)).last_seen_time;
    const stale = chinaTime(Date.now() - 2 * LAST_SEEN_EVERY_MS);
    await setSeen(stale);
    expect((await client.get('/api/v1/servicecharge')).statusCode).toBe(200);
    await expect.poll(seen).not.toBe(stale);
    const written = await seen();
    expect(Date.now() - Date.parse(`${written.replace(' ', 'T')}+08:00`)).toBeLessThan(10_000);
    // Within the minute, further requests write nothing (the time is put back to show no write happens).
    await setSeen(stale);
    for (let index = 0; index < 5; index += 1) {
      expect((await client.get('/api/v1/servicecharge')).statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await seen()).toBe(stale);
  });

  it('a token refresh moves the session’s expiry; logout, a password change, a disabled account and expiry drop it', async () => {
    const listed = async (token: string) => {
      const id = Number((await rowOf(token)).id);
      return (await online()).some((row) => row.id === id);
    };
    const refreshed = await tokenOf(t.app, 'hehuoren');
    const before = (await rowOf(refreshed)).expire_time;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const renewed = envelopeOf(await authed(t.app, refreshed).post('/refresh_token'));
    expect(renewed.code).toBe(OK);
    expect((await rowOf(refreshed)).expire_time).toBe(chinaTime(decodeJwtPart(renewed.content.token, 1).exp * 1000));
    expect((await rowOf(refreshed)).expire_time > before).toBe(true);

    const loggedOut = await tokenOf(t.app, 'hehuoren');
    expect(await listed(loggedOut)).toBe(true);
    expect(envelopeOf(await authed(t.app, loggedOut).post('/api/v1/accounts/logout')).code).toBe(OK);
    expect(await listed(loggedOut)).toBe(false);
    expect((await rowOf(loggedOut)).end_reason).toBe(1);

    const passwordChanged = await tokenOf(t.app, 'kefu');
    expect(await listed(passwordChanged)).toBe(true);
    const kefu = await t.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    await revokeAllTokens(t.db, kefu.id);
    expect(await listed(passwordChanged)).toBe(false);

    const disabled = await tokenOf(t.app, 'kefu');
    expect(await listed(disabled)).toBe(true);
    await t.db.updateTable('users').set({ status: 0 }).where('id', '=', kefu.id).execute();
    expect(await listed(disabled)).toBe(false);
    await t.db.updateTable('users').set({ status: 1 }).where('id', '=', kefu.id).execute();
    expect(await listed(disabled)).toBe(true);

    const expired = await tokenOf(t.app, 'kefu');
    await t.db
      .updateTable('user_sessions')
      .set({ expires_utc: utcStamp(t.db, Date.now() - 1000) })
      .where('sid', '=', sidOf(expired))
      .execute();
    expect(await listed(expired)).toBe(false);
  });

  it('filters by account and IP; is for holders of UI_ONLINE_USER only', async () => {
    const byName = envelopeOf(await admin.get(`/api/v1/onlineusers/search?q=${encodeURIComponent('username:merch')}`));
    expect((byName.content.content as Row[]).length).toBeGreaterThan(0);
    expect((byName.content.content as Row[]).every((row) => row.username.includes('merch'))).toBe(true);
    const byIp = envelopeOf(await admin.get(`/api/v1/onlineusers/search?q=${encodeURIComponent('ip:10.')}`));
    expect(byIp.content.totalElements).toBe(0);
    for (const username of ['kefu', 'caiwu', 'merchant']) {
      const client = authed(t.app, await tokenOf(t.app, username));
      expect((await client.get('/api/v1/onlineusers/search')).statusCode, username).toBe(403);
      expect((await client.post('/api/v1/onlineusers/1/forcelogout')).statusCode, username).toBe(403);
    }
  });
});

describe('强退', () => {
  it('ends the session at its next request, once, and is in the operation log', async () => {
    const token = await tokenOf(t.app, 'merchant');
    const merchant = authed(t.app, token);
    expect((await merchant.get('/api/v1/servicecharge')).statusCode).toBe(200);
    const id = Number((await rowOf(token)).id);
    const done = await forceLogout(id);
    expect(done.code, done.message).toBe(OK);
    expect(done.message).toBe(FORCE_LOGOUT_MSG.done);
    expect((await merchant.get('/api/v1/servicecharge')).statusCode).toBe(401);
    expect((await merchant.post('/refresh_token')).statusCode).toBe(401);
    expect((await online()).some((row) => row.id === id)).toBe(false);
    const again = await forceLogout(id);
    expect(again.code).toBe(1040400);
    expect(again.message).toBe(FORCE_LOGOUT_MSG.gone);
    const entry = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('path', '=', `/api/v1/onlineusers/${id}/forcelogout`)
      .execute();
    expect(entry).toHaveLength(1);
    expect(entry[0]).toMatchObject({
      username: 'admin',
      action: 'forceLogout',
      record_id: id,
      record_title: 'merchant',
    });
    const read = envelopeOf(await admin.get(`/api/v1/operationlogs/search?q=${encodeURIComponent(`recordId:${id}`)}`));
    const shown = (
      read.content.content as { path: string; pageName: string; actionText: string; changeText: string }[]
    ).find((row) => row.path.endsWith('/forcelogout'));
    expect(shown).toMatchObject({ pageName: '在线用户', actionText: '强退在线会话' });
    expect(shown?.changeText).toContain('强制下线');
    // Another session of the same account stays.
    const other = await tokenOf(t.app, 'merchant');
    expect((await authed(t.app, other).get('/api/v1/servicecharge')).statusCode).toBe(200);
  });

  it('two operators at once: one ends it, the other is told it is gone', async () => {
    const token = await tokenOf(t.app, 'caiwu');
    const id = Number((await rowOf(token)).id);
    const answers = await Promise.all([forceLogout(id), forceLogout(id), forceLogout(id)]);
    expect(answers.filter((answer) => answer.code === OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.message === FORCE_LOGOUT_MSG.gone)).toHaveLength(2);
    const entries = await t.db
      .selectFrom('operation_logs')
      .select('id')
      .where('path', '=', `/api/v1/onlineusers/${id}/forcelogout`)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('refuses the caller’s own session and, for a non-admin holder, the admin’s sessions', async () => {
    const own = Number((await rowOf(adminToken)).id);
    expect((await forceLogout(own)).message).toBe(FORCE_LOGOUT_MSG.own);
    expect((await admin.get('/api/v1/servicecharge')).statusCode).toBe(200);

    const kefuUser = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_authorities').values({ user_id: kefuUser.id, authority: 'UI_ONLINE_USER' }).execute();
    const kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
    expect((await forceLogout(own, kefu)).message).toBe(FORCE_LOGOUT_MSG.stronger);
    expect((await admin.get('/api/v1/servicecharge')).statusCode).toBe(200);
    // A merchant's session is within reach of kefu's codes.
    const merchantToken = await tokenOf(t.app, 'merchant');
    const forced = await forceLogout(Number((await rowOf(merchantToken)).id), kefu);
    expect(forced.code, forced.message).toBe(OK);
    expect((await authed(t.app, merchantToken).get('/api/v1/servicecharge')).statusCode).toBe(401);
  });

  it('answers a clear message for a session that does not exist or a malformed id', async () => {
    expect((await forceLogout(987654)).message).toBe(FORCE_LOGOUT_MSG.gone);
    const malformed = envelopeOf(await admin.post('/api/v1/onlineusers/abc/forcelogout'));
    expect(malformed.code).toBe(1040400);
    expect(malformed.message).toContain('会话编号');
  });
});
