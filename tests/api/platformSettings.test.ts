import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_MSG } from '../../src/domain/platformSettings';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** 通用设置 /adSystemSettings: saved by admin, read publicly by host name at the app's start. */

let test: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  test = await createTestApp();
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
});
afterAll(async () => test?.close());

const publicSettings = async (host: string) =>
  envelopeOf(await test.app.inject({ method: 'GET', url: `/api/v1/common/settings?host=${host}` })).content;

const FORM = {
  platformName1: '云栖灵工',
  platformName3: '云栖灵工（小规模）',
  servicePhone: '400-123-4567',
  filingNumber: '沪ICP备00000001号',
  imageHost: 'https://img.example.com',
  hosts: [
    { host: 'admin.example.cn', filingNumber: '浙ICP备12345678号', imageHost: 'https://img.example.cn', isTest: false },
    { host: 'test.example.com', filingNumber: '', imageHost: '', isTest: true, remark: '测试环境' },
  ],
};

describe('general settings', () => {
  it('answers the defaults to anyone before a save', async () => {
    const content = await publicSettings('localhost');
    expect(content.platformName).toEqual({ 1: DEFAULT_SETTINGS.platformName1, 3: DEFAULT_SETTINGS.platformName3 });
    expect(content.testEnvironment).toBe(false);
  });

  it('saves and answers per host name; the save is in the operation log', async () => {
    const saved = envelopeOf(await admin({ method: 'PUT', url: '/api/v1/system/settings', payload: FORM }));
    expect(saved.code, saved.message).toBe(1020000);
    const cn = await publicSettings('admin.example.cn');
    expect(cn).toMatchObject({
      platformName: { 1: '云栖灵工', 3: '云栖灵工（小规模）' },
      servicePhone: '400-123-4567',
      filingNumber: '浙ICP备12345678号',
      imageHost: 'https://img.example.cn',
      testEnvironment: false,
    });
    const testHost = await publicSettings('test.example.com:8080');
    expect(testHost).toMatchObject({ filingNumber: '沪ICP备00000001号', testEnvironment: true });
    const other = await publicSettings('other.example.org');
    expect(other).toMatchObject({ filingNumber: '沪ICP备00000001号', imageHost: 'https://img.example.com' });
    const log = await test.db
      .selectFrom('operation_logs')
      .select('changes')
      .where('resource', '=', 'adSystemSettings')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes).platformName1).toEqual([DEFAULT_SETTINGS.platformName1, '云栖灵工']);
  });

  it('refuses bad values with the form message', async () => {
    const put = async (payload: Record<string, unknown>) =>
      envelopeOf(await admin({ method: 'PUT', url: '/api/v1/system/settings', payload: { ...FORM, ...payload } }))
        .message;
    expect(await put({ platformName1: '云' })).toBe(SETTINGS_MSG.platformName);
    expect(await put({ servicePhone: 'abc' })).toBe(SETTINGS_MSG.servicePhone);
    expect(await put({ imageHost: 'ftp://x' })).toBe(SETTINGS_MSG.imageHost);
    expect(await put({ hosts: [{ host: 'bad host' }] })).toBe(SETTINGS_MSG.host);
    expect(await put({ hosts: [{ host: 'a.cn' }, { host: 'A.cn' }] })).toBe(SETTINGS_MSG.hostTaken('a.cn'));
    expect(await put({ hosts: 'x' })).toBe('域名设置最多50条');
  });

  it('is refused to accounts without UI_ACCOUNT_SET_CURRENCY', async () => {
    const kefu = authed(test.app, await tokenOf(test.app, 'kefu'));
    expect((await kefu({ method: 'GET', url: '/api/v1/system/settings' })).statusCode).toBe(403);
  });
});
