import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { chinaTime } from '../../server/db/time';
import { runLogRetention } from '../../server/system/logRetention';
import { LOGIN_MODE, LOGIN_RESULT } from '../../src/domain/loginLog';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  formRequest,
  lastSmsCode,
  login,
  randomSecret,
  sendSmsCode,
  sha256Hex,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * 登录日志 (/adLoginLog): every login path leaves one row — who, how, from where, how it ended and why in Chinese —
 * and never the password, an SMS code or an SSO assertion; staff search it by the declared filters, export it as
 * .xlsx with date cells, and the retention job deletes rows older than LOGIN_LOG_RETENTION_DAYS.
 */
const OK = 1020000;
const SSO_SECRET = randomSecret();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp({ SSO_SHARED_SECRET: SSO_SECRET });
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});

afterAll(async () => {
  await t?.close();
});

interface Row {
  id: number;
  username: string;
  mobile: string | null;
  mode: number;
  platformMark: number | null;
  result: number;
  message: string;
  ip: string;
  browser: string;
  os: string;
  userAgent: string;
  userId: number | null;
  createTime: string;
}

/** q= as the page sends it: each key:value pair encoded on its own, pairs joined by ';'. */
async function search(q: string, client = admin) {
  const query = q ? `q=${q.split(';').map(encodeURIComponent).join(';')}&` : '';
  return envelopeOf(await client.get(`/api/v1/loginlogs/search?${query}page=0&size=200`));
}

/** The newest row: each test's attempt is the latest one written. */
async function newest(): Promise<Row> {
  const answer = await search('');
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.content[0] as Row;
}

/** Every stored column of every row, as one text: no secret may be in it. */
async function everything(): Promise<string> {
  return JSON.stringify(await t.db.selectFrom('login_logs').selectAll().execute());
}

const passwordLogin = (fields: Record<string, string | number>, headers: Record<string, string> = {}) =>
  t.app.inject(formRequest('/login', { type: 1, platformMark: 1, ...fields }, { platformMark: '1', ...headers }));

describe('every login path leaves one row', () => {
  it('a password login: account, mode, edition, IP, browser and system, 登录成功', async () => {
    const before = Number(
      (
        await t.db
          .selectFrom('login_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const answer = envelopeOf(
      await passwordLogin(
        { username: 'caiwu', password: sha256Hex('Demo1234') },
        { 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.9' },
      ),
    );
    expect(answer.code, answer.message).toBe(OK);
    const row = await newest();
    expect(row).toMatchObject({
      username: 'caiwu',
      mode: LOGIN_MODE.password,
      platformMark: 1,
      result: LOGIN_RESULT.succeeded,
      message: '登录成功',
      browser: 'Chrome 126',
      os: 'Windows 10/11',
      userAgent: CHROME,
      mobile: null,
    });
    expect(row.userId).toBe(answer.content.user.id);
    expect(row.ip).toBe('127.0.0.1');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const after = Number(
      (
        await t.db
          .selectFrom('login_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before + 1);
  });

  it('a wrong password and an unknown account: 失败, with the reason the operator needs; no password stored', async () => {
    const wrong = sha256Hex('Wrong9876');
    expect(envelopeOf(await passwordLogin({ username: 'hehuoren', password: wrong })).message).toBe('账号或密码错误');
    const byWrongPassword = await newest();
    expect(byWrongPassword).toMatchObject({
      username: 'hehuoren',
      result: LOGIN_RESULT.failed,
      message: '密码错误',
    });
    expect(byWrongPassword.userId).toBeGreaterThan(0);
    expect(envelopeOf(await passwordLogin({ username: 'nobody-here', password: wrong })).code).not.toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'nobody-here',
      userId: null,
      result: LOGIN_RESULT.failed,
      message: '账号不存在',
    });
    const stored = await everything();
    expect(stored).not.toContain(wrong);
    expect(stored).not.toContain(sha256Hex('Demo1234'));
  });

  it('a refused form (no username) is an attempt too, with the schema’s Chinese reason', async () => {
    const answer = envelopeOf(await passwordLogin({ password: sha256Hex('Demo1234') }));
    expect(answer.code).not.toBe(OK);
    const row = await newest();
    expect(row.result).toBe(LOGIN_RESULT.failed);
    expect(row.message).toBe(answer.message);
    expect(row.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('the small-scale tab is 小规模版, edition 3', async () => {
    expect((await login(t.app, 'xgm', undefined, 3)).code).toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'xgm',
      mode: LOGIN_MODE.smallScale,
      platformMark: 3,
      result: LOGIN_RESULT.succeeded,
    });
  });

  it('an SMS login: the masked mobile, the account chosen, 待选择公司 first where a mobile has several; no code stored', async () => {
    // 13900000003 is bound to xgm, xgm02 and xgm03: the first answer asks which company.
    const mobile = '13900000003';
    expect((await sendSmsCode(t.app, t.db, mobile)).code).toBe(OK);
    const code = (await lastSmsCode(t.db, mobile)) as string;
    const codeLogin = (extra: Record<string, string> = {}) =>
      t.app
        .inject(formRequest('/code/login', { phone: mobile, code, type: 2, platformMark: 3, ...extra }))
        .then(envelopeOf);
    const choose = await codeLogin();
    expect(choose.code).toBe(1040002);
    expect(await newest()).toMatchObject({
      username: '',
      mobile: '139****0003',
      mode: LOGIN_MODE.sms,
      result: LOGIN_RESULT.chooseCompany,
      message: '请选择要登录的公司',
    });
    const chosen = await codeLogin({ username: 'xgm02' });
    expect(chosen.code, chosen.message).toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'xgm02',
      mobile: '139****0003',
      mode: LOGIN_MODE.sms,
      result: LOGIN_RESULT.succeeded,
    });
    const used = await codeLogin({ username: 'xgm02' });
    expect(used.code).not.toBe(OK);
    expect(await newest()).toMatchObject({ mode: LOGIN_MODE.sms, result: LOGIN_RESULT.failed, message: used.message });
    expect(await everything()).not.toContain(code);
    expect(await everything()).not.toContain(mobile);
  });

  it('SSO: the asserted account, succeeded or refused; never the assertion', async () => {
    const sign = (claims: Record<string, unknown>, secret = SSO_SECRET) =>
      createSigner({ key: secret, algorithm: 'HS256' })(claims);
    const now = Math.floor(Date.now() / 1000);
    const good = sign({ sub: 'merchant', exp: now + 120, jti: randomUUID() });
    const sso = (userInf: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/v1/sso/login', payload: { userInf, platformMark: 1 } })
        .then(envelopeOf);
    expect((await sso(good)).code).toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'merchant',
      mode: LOGIN_MODE.sso,
      result: LOGIN_RESULT.succeeded,
    });
    const forged = sign({ sub: 'admin', exp: now + 120, jti: randomUUID() }, randomSecret());
    const refused = await sso(forged);
    expect(refused.code).not.toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'admin',
      mode: LOGIN_MODE.sso,
      result: LOGIN_RESULT.failed,
      message: '单点登录失败，请重新登录',
    });
    const stored = await everything();
    expect(stored).not.toContain(good);
    expect(stored).not.toContain(forged);
  });

  it('a company switch is 切换公司', async () => {
    const from = await tokenOf(t.app, 'xgm', 3);
    const switched = envelopeOf(
      await t.app.inject(
        formRequest(
          '/login',
          { username: 'xgm03', password: sha256Hex('Demo1234'), type: 1, platformMark: 3, switchCompany: 1 },
          { platformMark: '3', authorization: `Bearer ${from}` },
        ),
      ),
    );
    expect(switched.code, switched.message).toBe(OK);
    expect(await newest()).toMatchObject({
      username: 'xgm03',
      mode: LOGIN_MODE.switchCompany,
      result: LOGIN_RESULT.succeeded,
    });
    expect((await authed(t.app, switched.content.token, 3).get('/api/v1/servicecharge')).statusCode).toBe(200);
  });

  it('a login refused during a maintenance window says so', async () => {
    const start = chinaTime(Date.now() - 60_000);
    const end = chinaTime(Date.now() + 3600_000);
    const notice = await t.db
      .insertInto('upgrade_notices')
      .values({ title: '升级', start_time: start, end_time: end, status: 1, create_time: start } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const answer = envelopeOf(await passwordLogin({ username: 'kefu', password: sha256Hex('Demo1234') }));
      expect(answer.message).toContain('系统维护中');
      expect(await newest()).toMatchObject({ username: 'kefu', result: LOGIN_RESULT.failed, message: answer.message });
    } finally {
      await t.db.deleteFrom('upgrade_notices').where('id', '=', Number(notice.id)).execute();
    }
  });
});

describe('the staff list', () => {
  it('filters by account, result, mode, IP prefix and time; refuses unknown keys', async () => {
    const failed = await search('result:0');
    expect(failed.code).toBe(OK);
    expect(failed.content.content.length).toBeGreaterThan(0);
    expect((failed.content.content as Row[]).every((row) => row.result === LOGIN_RESULT.failed)).toBe(true);
    const byAccount = await search('username:hehuo');
    expect((byAccount.content.content as Row[]).map((row) => row.username)).toContain('hehuoren');
    expect((byAccount.content.content as Row[]).every((row) => row.username.includes('hehuo'))).toBe(true);
    const sms = await search(`mode:${LOGIN_MODE.sms}`);
    expect((sms.content.content as Row[]).every((row) => row.mode === LOGIN_MODE.sms)).toBe(true);
    expect(sms.content.totalElements).toBe(3);
    expect((await search('ip:127.0')).content.totalElements).toBeGreaterThan(5);
    expect((await search('ip:10.')).content.totalElements).toBe(0);
    const future = chinaTime(Date.now() + 86_400_000);
    const later = chinaTime(Date.now() + 2 * 86_400_000);
    expect((await search(`stime:${future};etime:${later}`)).content.totalElements).toBe(0);
    const today = chinaTime().slice(0, 10);
    const ofToday = await search(`stime:${today} 00:00:00;etime:${today} 23:59:59`);
    expect(ofToday.content.totalElements).toBeGreaterThan(5);
    expect((await search(`stime:${today} 00:00:00`)).message).toBe('请选择结束时间');
    expect((await search('nosuchkey:1')).code).toBe(1040400);
  });

  it('is for holders of UI_LOGIN_LOG only', async () => {
    for (const username of ['kefu', 'caiwu', 'merchant']) {
      const client = authed(t.app, await tokenOf(t.app, username));
      expect((await client.get('/api/v1/loginlogs/search?page=0&size=10')).statusCode, username).toBe(403);
    }
  });

  it('exports as .xlsx whose 登录时间 cells are dates (exceljs and openpyxl)', async () => {
    const response = await admin.get('/api/v1/exports/adLoginLog?format=xlsx&q=result%3A1');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['登录时间', '账号', '登录方式', '结果', '登录IP', '浏览器']));
    const timeColumn = header.indexOf('登录时间') + 1;
    const modeColumn = header.indexOf('登录方式') + 1;
    expect(sheet.rowCount).toBeGreaterThan(2);
    for (let index = 2; index <= sheet.rowCount; index += 1) {
      expect(sheet.getRow(index).getCell(timeColumn).type).toBe(ExcelJS.ValueType.Date);
      expect(['账号密码', '短信验证码', '小规模版', '单点登录', '切换公司']).toContain(
        sheet.getRow(index).getCell(modeColumn).value,
      );
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-loginlog-'));
    try {
      const file = path.join(dir, 'login-log.xlsx');
      fs.writeFileSync(file, response.rawPayload);
      const checked = spawnSync('python3', ['scripts/checkXlsxDates.py', file, '登录时间'], { encoding: 'utf8' });
      expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retention', () => {
  it('LOGIN_LOG_RETENTION_DAYS: 180 by default, validated', () => {
    expect(loadConfig({}).logRetention.loginDays).toBe(180);
    expect(loadConfig({ LOGIN_LOG_RETENTION_DAYS: '30' }).logRetention.loginDays).toBe(30);
    expect(() => loadConfig({ LOGIN_LOG_RETENTION_DAYS: '0' })).toThrow(/LOGIN_LOG_RETENTION_DAYS/);
  });

  it('the daily clean-up deletes rows older than the setting and keeps the rest, recording both', async () => {
    const now = Date.now();
    const old = chinaTime(now - 31 * 86_400_000);
    const recent = chinaTime(now - 29 * 86_400_000);
    const inserted = await t.db
      .insertInto('login_logs')
      .values([
        { username: 'old-attempt', mode: 1, result: 0, create_time: old },
        { username: 'recent-attempt', mode: 1, result: 0, create_time: recent },
      ])
      .returning('id')
      .execute();
    expect(inserted).toHaveLength(2);
    const retention = { ...t.config.logRetention, loginDays: 30 };
    const run = await runLogRetention(t.db, retention, t.app.files, now);
    expect(run.loginsDeleted).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('login_logs')
      .select('username')
      .where('username', 'in', ['old-attempt', 'recent-attempt'])
      .execute();
    expect(left.map((row) => row.username)).toEqual(['recent-attempt']);
    const recorded = await t.db
      .selectFrom('log_retention_runs')
      .select(['logins_before', 'logins_deleted'])
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(recorded.logins_before).toBe(chinaTime(now - 30 * 86_400_000));
    expect(recorded.logins_deleted).toBe(run.loginsDeleted);
  });
});
