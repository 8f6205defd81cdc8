import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../../server/db/seed/demo';
import { encodeQ } from '../../src/domain/query';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  type TestApp,
  tokenOf,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
/** The seeded departments as the API answers them: ids 1-4 in seed order. */
const ALL = DEPARTMENTS.map((name, index) => ({ id: index + 1, name }));

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const type = account === 'xgm' ? 3 : 1;
    clients[account] = authed(t.app, await tokenOf(t.app, account, type), type);
  }
});

afterAll(async () => {
  await t?.close();
});

async function answer(query = '', as: Account = 'admin'): Promise<Envelope> {
  const response = await clients[as].get(`/api/v1/department/search${query}`);
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function page(query = '', as: Account = 'admin') {
  const result = await answer(query, as);
  expect(result.code, result.message).toBe(OK);
  return result.content as {
    content: { id: number; name: string }[];
    totalElements: number;
    number: number;
    size: number;
  };
}

describe('GET /api/v1/department/search', () => {
  it('answers { id, name } pages, by id', async () => {
    expect(ALL.map((row) => row.name)).toEqual(['华东事业部', '华南事业部', '华北事业部', '西南事业部']);
    expect(await page()).toEqual({ content: ALL, totalElements: 4, number: 0, size: 10 });
    expect(await page('?q=&size=1000')).toEqual({ content: ALL, totalElements: 4, number: 0, size: 1000 });
    expect(await page('?size=3&page=1')).toEqual({ content: ALL.slice(3), totalElements: 4, number: 1, size: 3 });
    expect((await page('?sort=id,desc')).content).toEqual([...ALL].reverse());
  });

  it('name matches a substring', async () => {
    expect((await page(`?q=${encodeQ({ name: '华南' })}`)).content).toEqual([ALL[1]]);
    expect((await page(`?q=${encodeQ({ name: '事业部' })}`)).totalElements).toBe(4);
    expect((await page(`?q=${encodeQ({ name: '%' })}`)).content).toEqual([]);
  });

  it('refuses an unknown key, an unknown sort field and a size over 1000', async () => {
    expect(await answer(`?q=${encodeQ({ id: 1 })}`)).toEqual({
      code: BUSINESS,
      message: '不支持的查询条件：id（可用：name）',
      content: null,
    });
    expect((await answer('?sort=createTime,asc')).message).toBe('不支持按 createTime 排序（可用：id、name）');
    expect((await answer('?size=1001')).message).toBe('size 参数必须在 1 到 1000 之间');
  });

  it('department-scoped staff see their own departments; other staff all of them', async () => {
    expect((await page('', 'kefu')).content).toEqual(ALL.slice(0, 2));
    expect((await page('', 'hehuoren')).content).toEqual([ALL[1]]);
    expect((await page(`?q=${encodeQ({ name: '华北' })}`, 'kefu')).content).toEqual([]);
    expect((await page('', 'caiwu')).content).toEqual(ALL);
  });

  it('merchants get 403; without a token 401', async () => {
    for (const account of ['merchant', 'xgm'] as const) {
      const response = await clients[account].get('/api/v1/department/search');
      expect(response.statusCode).toBe(403);
      expect(envelopeOf(response).message).toBe('无权限访问此页面！');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/department/search' })).statusCode).toBe(401);
  });
});
