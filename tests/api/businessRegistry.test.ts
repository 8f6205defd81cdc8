import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NOT_REGISTERED } from '../../server/accounts/companyLookup/matchInformation.routes';
import { loadConfig } from '../../server/config';
import { creditCodeError } from '../../src/domain/creditCode';
import { startTianyanchaFake, type TianyanchaFake } from '../support/fakes/tianyanchaFake';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  randomSecret,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * The business registry (REGISTRY_PROVIDER): the spec's GET /api/v1/company/matchinformation/tianyan and /search
 * for operators (企业管理), on the development registry and on a loopback 天眼查 that checks the token; the public
 * registration lookup's records (our own companies by name only).
 */

const FIELDS = [
  'name',
  'creditCode',
  'legalPersonName',
  'regStatus',
  'companyOrgType',
  'industry',
  'staffNumRange',
  'base',
  'city',
  'district',
];

async function platformNames(t: TestApp): Promise<Set<string>> {
  return new Set((await t.db.selectFrom('companies').select('name').execute()).map((row) => row.name));
}

describe('the development registry', () => {
  let t: TestApp;
  let admin: AuthedClient;
  let merchant: AuthedClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authed(t.app, await tokenOf(t.app, 'admin'));
    merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  }, 120_000);
  afterAll(async () => t?.close());

  it('searches: full, valid, repeatable records, our company with its own credit code', async () => {
    const ours = await t.db.selectFrom('companies').select(['name', 'credit_code']).executeTakeFirstOrThrow();
    const word = ours.name.slice(0, 4);
    const answer = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/search?name=${encodeURIComponent(word)}`),
    );
    expect(answer.code, answer.message).toBe(1020000);
    const records = answer.content as Record<string, string>[];
    expect(records.length).toBeGreaterThan(0);
    const platform = await platformNames(t);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual([...FIELDS].sort());
      expect(record.name).toContain(word);
      // The local register's codes are valid (the seeded companies' own codes are whatever the seed made).
      if (!platform.has(record.name)) expect(creditCodeError(record.creditCode)).toBeUndefined();
      expect(record.legalPersonName).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    }
    expect(records.find((record) => record.name === ours.name)?.creditCode).toBe(ours.credit_code);

    const unknown = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/search?name=${encodeURIComponent('青禾远')}`),
    );
    expect(unknown.content.map((record: { name: string }) => record.name)).toContain('青禾远科技有限公司');
    const again = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/search?name=${encodeURIComponent('青禾远')}`),
    );
    expect(again.content).toEqual(unknown.content);
  });

  it('answers one record by exact name, and says so when there is none', async () => {
    const one = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/tianyan?name=${encodeURIComponent('青禾远科技有限公司')}`),
    );
    expect(one.code, one.message).toBe(1020000);
    expect(one.content.name).toBe('青禾远科技有限公司');
    expect(creditCodeError(one.content.creditCode)).toBeUndefined();
    const none = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/tianyan?name=${encodeURIComponent('青禾远')}`),
    );
    expect(none.code).toBe(1040400);
    expect(none.message).toBe(MSG_NOT_REGISTERED);
  });

  it('validates the query and keeps the calls to company managers', async () => {
    for (const path of ['tianyan', 'search']) {
      const missing = envelopeOf(await admin.get(`/api/v1/company/matchinformation/${path}`));
      expect(missing.code).toBe(1040400);
      expect(missing.message).toBe('请求参数有误：缺少 name');
      const long = envelopeOf(await admin.get(`/api/v1/company/matchinformation/${path}?name=${'公'.repeat(65)}`));
      expect(long.message).toBe('请求参数有误：name 过长（最多 64 个字符）');
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/v1/company/matchinformation/${path}?name=abcd`,
      });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await merchant({ method: 'GET', url: `/api/v1/company/matchinformation/${path}?name=abcd` });
      expect(forbidden.statusCode).toBe(403);
    }
  });

  it('gives the registration form full records, but our own companies by name only', async () => {
    const ours = await t.db.selectFrom('companies').select('name').executeTakeFirstOrThrow();
    const answer = envelopeOf(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/companies/tianyancha?name=${encodeURIComponent(ours.name.slice(0, 4))}`,
        remoteAddress: '10.9.8.7',
      }),
    );
    expect(answer.code, answer.message).toBe(1020000);
    const rows = answer.content as Record<string, string>[];
    const platform = await platformNames(t);
    expect(rows.filter((row) => row.name === ours.name)).toEqual([{ name: ours.name }]);
    for (const row of rows.filter((row) => platform.has(row.name))) expect(Object.keys(row)).toEqual(['name']);
    const others = rows.filter((row) => !platform.has(row.name));
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) {
      expect(Object.keys(row).sort()).toEqual([...FIELDS].sort());
      expect(creditCodeError(row.creditCode)).toBeUndefined();
    }
  });
});

describe('天眼查', () => {
  let t: TestApp;
  let fake: TianyanchaFake;
  let admin: AuthedClient;
  const record = {
    name: '杭州云栖数字科技有限公司',
    creditCode: '91330106MA2H0XQ21B',
    legalPersonName: '沈一舟',
    regStatus: '存续',
    companyOrgType: '有限责任公司(自然人投资或控股)',
    industry: '软件和信息技术服务业',
    staffNumRange: '100-499人',
    base: '浙江',
    city: '杭州市',
    district: '西湖区',
    regCapital: '1000万人民币',
    estiblishTime: 1577808000000,
  };
  beforeAll(async () => {
    fake = await startTianyanchaFake(randomSecret(), [record]);
    t = await createTestApp({
      REGISTRY_PROVIDER: 'tianyancha',
      TIANYANCHA_TOKEN: fake.token,
      TIANYANCHA_ENDPOINT: fake.url,
    });
    admin = authed(t.app, await tokenOf(t.app, 'admin'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('reads the base information and the search with the token, in 天眼查’s fields', async () => {
    const one = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/tianyan?name=${encodeURIComponent(record.name)}`),
    );
    expect(one.code, one.message).toBe(1020000);
    const { regCapital, estiblishTime, ...fields } = record;
    expect(one.content).toEqual(fields);
    expect(fake.requests.at(-1)).toBe(`/services/open/ic/baseinfo/normal?keyword=${encodeURIComponent(record.name)}`);

    const list = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/search?name=${encodeURIComponent('云栖')}`),
    );
    expect(list.code, list.message).toBe(1020000);
    expect(list.content).toHaveLength(1);
    // The search's highlight marks are not part of the name.
    expect(list.content[0]).toMatchObject({
      name: record.name,
      creditCode: record.creditCode,
      legalPersonName: '沈一舟',
    });

    const none = envelopeOf(
      await admin.get(`/api/v1/company/matchinformation/search?name=${encodeURIComponent('不存在的')}`),
    );
    expect(none.code).toBe(1020000);
    expect(none.content).toEqual([]);
  });

  it('words 天眼查’s error codes in Chinese', async () => {
    const url = `/api/v1/company/matchinformation/search?name=${encodeURIComponent('云栖')}`;
    fake.failNext(300004, '请求频率过快');
    expect(envelopeOf(await admin.get(url)).message).toBe('天眼查访问过于频繁，请稍后再试');
    fake.failNext(300007, '剩余次数不足');
    expect(envelopeOf(await admin.get(url)).message).toBe('天眼查剩余调用次数不足');
    const token = fake.token;
    fake.token = randomSecret();
    try {
      expect(envelopeOf(await admin.get(url)).message).toBe('天眼查账号已失效：请检查 TIANYANCHA_TOKEN');
    } finally {
      fake.token = token;
    }
  });

  it('refuses to start with 天眼查 chosen but no token', () => {
    const env = {
      DATA_DIR: fs.mkdtempSync(`${os.tmpdir()}/lg-registry-`),
      JWT_SECRET: randomSecret(),
      ID_KEY: randomSecret(),
    };
    expect(() => loadConfig({ ...env, REGISTRY_PROVIDER: 'tianyancha' })).toThrow(
      'REGISTRY_PROVIDER=tianyancha 还缺少这些设置：TIANYANCHA_TOKEN',
    );
    expect(loadConfig(env).registry).toEqual({ provider: 'dev' });
  });
});
