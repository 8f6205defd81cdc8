import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { industries } from '../../resources/industries';
import { chinaTime } from '../../server/db/time';
import { isUniqueViolation } from '../../server/http/fieldChecks';
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

const MSG_LENGTH = '请输入2-32位行业名称';
const MSG_TAKEN = '行业名称已存在';
const MSG_IN_USE = '该行业正在使用中，不能删除';

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

interface Row {
  id: number;
  nm: string;
  processStatus: number;
  remark: string | null;
  createTime: string;
}
const RECORD_KEYS = ['createTime', 'id', 'nm', 'processStatus', 'remark'];

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;

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

/** Every industry straight from the database, newest first (the API's default order): the oracle. */
async function allIndustries(): Promise<Row[]> {
  const rows = await t.db.selectFrom('industries').selectAll().execute();
  return rows
    .map((row) => ({
      id: Number(row.id),
      nm: row.nm,
      processStatus: row.process_status,
      remark: row.remark,
      createTime: row.create_time,
    }))
    .sort((a, b) => (a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1));
}

/** Ids of industries named by at least one company. */
async function usedIds(): Promise<Set<number>> {
  const rows = await t.db.selectFrom('companies').select('industry_id').where('industry_id', 'is not', null).execute();
  return new Set(rows.map((row) => Number(row.industry_id)));
}

interface SearchOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
  as?: Account;
}

function searchUrl({ q, page, size, sort }: SearchOptions): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `/api/v1/industry/search${params.length ? `?${params.join('&')}` : ''}`;
}

async function searchAnswer(options: SearchOptions = {}): Promise<Envelope> {
  const response = await clients[options.as ?? 'admin'].get(searchUrl(options));
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function search(options: SearchOptions = {}) {
  const answer = await searchAnswer(options);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as { content: Row[]; totalElements: number; number: number; size: number };
}

async function searchAll(options: SearchOptions = {}) {
  const page = await search({ ...options, page: 0, size: 1000 });
  expect(page.content.length).toBe(page.totalElements);
  return page.content;
}

async function refusal(options: SearchOptions): Promise<string> {
  const answer = await searchAnswer(options);
  expect(answer.code).toBe(BUSINESS);
  expect(answer.content).toBeNull();
  return answer.message;
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as: Account = 'admin') {
  const response = await clients[as]({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function one(id: number): Promise<Row | null> {
  const answer = await call('GET', `/api/v1/industry/v/${id}`);
  return answer.code === OK ? (answer.content as Row) : null;
}

/** A fresh industry through the API (unused, status 0 unless told). */
async function created(nm: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const answer = await call('POST', '/api/v1/industry', { nm, ...extra });
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as Row;
}

describe('demo data', () => {
  it('holds about forty industries in every status, some named by companies and some not', async () => {
    const all = await allIndustries();
    const used = await usedIds();
    expect(all.length).toBeGreaterThanOrEqual(40);
    for (const status of [0, 1, 2]) expect(all.some((row) => row.processStatus === status)).toBe(true);
    expect(all.map((row) => row.nm)).toEqual(
      expect.arrayContaining(['信息技术服务', '物流运输', '外卖配送', '网约车']),
    );
    // An example of each way to be in use, and of an industry free to delete.
    expect(all.some((row) => row.processStatus === 2 && used.has(row.id))).toBe(true);
    expect(all.some((row) => row.processStatus === 2 && !used.has(row.id))).toBe(true);
    expect(all.some((row) => row.processStatus !== 2 && used.has(row.id))).toBe(true);
    expect(all.some((row) => row.processStatus !== 2 && !used.has(row.id))).toBe(true);
    // Companies only name industries that exist.
    const known = new Set(ids(all));
    expect([...used].every((id) => known.has(id))).toBe(true);
  });
});

describe('search: paging', () => {
  it('answers page 0 of 10 by default, newest first, records with the declared fields', async () => {
    const all = await allIndustries();
    const page = await search();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(page.content).toEqual(all.slice(0, 10));
    expect(Object.keys(page.content[0]).sort()).toEqual(RECORD_KEYS);
    expect(RECORD_KEYS).toEqual(industries.fields.map((field) => field.source).sort());
  });
});

describe('search: filters', () => {
  it('nm matches a substring of the name', async () => {
    const all = await allIndustries();
    const rows = await searchAll({ q: { nm: '服务' } });
    expect(rows.length).toBeGreaterThan(3);
    expect(ids(rows)).toEqual(ids(all.filter((row) => row.nm.includes('服务'))));
    expect(ids(await searchAll({ q: { nm: '网约车' } }))).toEqual(ids(all.filter((row) => row.nm === '网约车')));
    expect(await searchAll({ q: { nm: '不存在的行业' } })).toEqual([]);
  });

  it('nm treats % and _ as characters, and ignores the case of Latin letters', async () => {
    expect(await searchAll({ q: { nm: '%' } })).toEqual([]);
    expect(await searchAll({ q: { nm: '_' } })).toEqual([]);
    const latin = await created('SaaS运维');
    try {
      expect(ids(await searchAll({ q: { nm: 'saas' } }))).toEqual([latin.id]);
      expect(ids(await searchAll({ q: { nm: 'AS运' } }))).toEqual([latin.id]);
    } finally {
      await t.db.deleteFrom('industries').where('id', '=', latin.id).execute();
    }
  });

  it.each([0, 1, 2])('processStatus %i alone', async (status) => {
    const all = await allIndustries();
    const rows = await searchAll({ q: { processStatus: status } });
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(all.filter((row) => row.processStatus === status)));
  });

  it('nm and processStatus together', async () => {
    const all = await allIndustries();
    const rows = await searchAll({ q: { nm: '服务', processStatus: 1 } });
    const expected = all.filter((row) => row.nm.includes('服务') && row.processStatus === 1);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(expected));
    // Paging applies after filtering.
    const page = await search({ q: { processStatus: 0 }, size: 3, page: 1 });
    expect(page.totalElements).toBe(all.filter((row) => row.processStatus === 0).length);
    expect(ids(page.content)).toEqual(ids(all.filter((row) => row.processStatus === 0).slice(3, 6)));
  });

  it('refuses an unknown key and a malformed or unknown status', async () => {
    expect(await refusal({ q: { coname: '物流' } })).toBe('不支持的查询条件：coname（可用：nm、processStatus）');
    expect(await refusal({ q: { processStatus: 'x' } })).toBe('处理状态必须是数字');
    expect(await refusal({ q: { processStatus: 3 } })).toBe('处理状态的取值不正确');
  });
});

describe('search: sort', () => {
  it('sorts on id, nm and createTime both ways', async () => {
    const all = await allIndustries();
    const byId = [...all].sort((a, b) => a.id - b.id);
    expect(ids(await searchAll({ sort: 'id,asc' }))).toEqual(ids(byId));
    expect(ids(await searchAll({ sort: 'id,desc' }))).toEqual(ids(byId).reverse());
    expect(ids(await searchAll({ sort: 'createTime,asc' }))).toEqual(ids(all).reverse());
    // Name order is the database's collation: the oracle asks the database.
    const byName = await t.db.selectFrom('industries').select('id').orderBy('nm').orderBy('id').execute();
    expect(ids(await searchAll({ sort: 'nm,asc' }))).toEqual(byName.map((row) => Number(row.id)));
    expect(ids(await searchAll({ sort: 'nm,desc' }))).toEqual(byName.map((row) => Number(row.id)).reverse());
  });
});

describe('one industry: GET /api/v1/industry/v/:id', () => {
  it('answers the same record as the search', async () => {
    const [fromSearch] = await searchAll({ q: { nm: '外卖配送' } });
    const answer = await call('GET', `/api/v1/industry/v/${fromSearch.id}`);
    expect(answer).toEqual({ code: OK, message: '操作成功', content: fromSearch });
  });

  it('a missing industry and a malformed id are business errors', async () => {
    expect(await call('GET', '/api/v1/industry/v/999999')).toEqual({
      code: BUSINESS,
      message: '行业不存在',
      content: null,
    });
    expect((await call('GET', '/api/v1/industry/v/abc')).message).toBe('行业编号格式不正确');
    expect((await call('GET', '/api/v1/industry/v/0')).message).toBe('行业编号格式不正确');
  });
});

describe('create: POST /api/v1/industry', () => {
  it('creates an unprocessed industry by default, trimmed, stamped with the current China time', async () => {
    const before = (await allIndustries()).length;
    const answer = await call('POST', '/api/v1/industry', { nm: '  无人机巡检 ', remark: ' 新兴行业 ', id: 5 });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('新增成功');
    const row = answer.content as Row;
    expect(row).toEqual({
      id: expect.any(Number),
      nm: '无人机巡检',
      processStatus: 0,
      remark: '新兴行业',
      createTime: expect.any(String),
    });
    expect(row.id).not.toBe(5);
    expect(row.createTime.slice(0, 10)).toBe(chinaTime().slice(0, 10));
    expect(await one(row.id)).toEqual(row);
    expect((await allIndustries()).length).toBe(before + 1);
    // The newest comes first in the default order.
    expect((await search()).content[0]).toEqual(row);
  });

  it('takes the status and remark it is given; a blank remark is stored as null', async () => {
    const row = await created('冷链运输', { processStatus: 1, remark: '  ' });
    expect(row).toMatchObject({ nm: '冷链运输', processStatus: 1, remark: null });
    const inUse = await created('充电桩运维', { processStatus: '2' });
    expect(inUse.processStatus).toBe(2);
  });

  it('a blank status is refused on create and on update (the status has no empty state)', async () => {
    const blank = await call('POST', '/api/v1/industry', { nm: '空白状态行业', processStatus: '', remark: null });
    expect([blank.code, blank.message]).toEqual([BUSINESS, '请选择处理状态']);
    const row = await created('空白状态行业');
    const update = await call('PUT', `/api/v1/industry/${row.id}`, { processStatus: '' });
    expect([update.code, update.message]).toEqual([BUSINESS, '请选择处理状态']);
    expect(await one(row.id)).toEqual(row);
  });

  it('accepts names of exactly 2 and 32 characters', async () => {
    expect((await created('陪诊')).nm).toBe('陪诊');
    const longest = `${'长'.repeat(31)}业`;
    expect((await created(longest)).nm).toBe(longest);
  });

  const INVALID: readonly [name: string, body: Record<string, unknown>, field: string, message: string][] = [
    ['a missing name', { remark: '无名' }, 'nm', '请输入行业名称'],
    ['a blank name', { nm: '   ' }, 'nm', '请输入行业名称'],
    ['a one-character name', { nm: '工' }, 'nm', MSG_LENGTH],
    ['a 33-character name', { nm: '行'.repeat(33) }, 'nm', MSG_LENGTH],
    ['a name that exists', { nm: '物流运输' }, 'nm', MSG_TAKEN],
    ['a name that exists, with spaces around', { nm: ' 物流运输 ' }, 'nm', MSG_TAKEN],
    ['a name that is an object', { nm: { zh: '物流' } }, 'nm', '行业名称格式不正确'],
    ['an unknown status', { nm: '新行业甲', processStatus: 3 }, 'processStatus', '处理状态的取值不正确'],
    [
      'a status that is not a number',
      { nm: '新行业乙', processStatus: '已处理' },
      'processStatus',
      '处理状态必须是整数',
    ],
    ['a remark over 200 characters', { nm: '新行业丙', remark: '备'.repeat(201) }, 'remark', '备注不能超过200个字符'],
  ];

  it.each(INVALID)('refuses %s with its message on the field, writing nothing', async (_name, body, field, message) => {
    const before = await allIndustries();
    const answer = await call('POST', '/api/v1/industry', body);
    expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
    expect(await allIndustries()).toEqual(before);
  });

  it('reports every invalid field at once, the first one as the message', async () => {
    const answer = await call('POST', '/api/v1/industry', { nm: 'x', processStatus: 9, remark: '备'.repeat(201) });
    expect(answer).toEqual({
      code: BUSINESS,
      message: MSG_LENGTH,
      content: {
        errors: { nm: MSG_LENGTH, processStatus: '处理状态的取值不正确', remark: '备注不能超过200个字符' },
      },
    });
  });

  it('refuses a body that is not an object', async () => {
    const response = await clients.admin({
      method: 'POST',
      url: '/api/v1/industry',
      headers: { 'content-type': 'application/json' },
      payload: '["物流"]',
    });
    expect(envelopeOf(response)).toEqual({ code: BUSINESS, message: '请求内容必须是 JSON 对象', content: null });
  });

  it('the unique index stops a duplicate name that gets past the check (two saves at once)', async () => {
    const time = chinaTime();
    let failure: unknown = null;
    try {
      await t.db
        .insertInto('industries')
        .values({ nm: '物流运输', process_status: 0, remark: null, create_time: time, update_time: time })
        .execute();
    } catch (error) {
      failure = error;
    }
    expect(failure).not.toBeNull();
    expect(isUniqueViolation(failure)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });
});

describe('update: PUT /api/v1/industry/:id', () => {
  it('changes the fields sent and only those; unknown and read-only fields are ignored', async () => {
    const row = await created('桶装水配送', { remark: '初始备注' });
    const answer = await call('PUT', `/api/v1/industry/${row.id}`, {
      nm: ' 桶装水配送服务 ',
      processStatus: 1,
      id: 1,
      createTime: '2000-01-01 00:00:00',
    });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('保存成功');
    expect(answer.content).toEqual({ ...row, nm: '桶装水配送服务', processStatus: 1 });
    expect(await one(row.id)).toEqual(answer.content);
    const cleared = await call('PUT', `/api/v1/industry/${row.id}`, { remark: '' });
    expect(cleared.content).toEqual({ ...row, nm: '桶装水配送服务', processStatus: 1, remark: null });
    const stored = await t.db
      .selectFrom('industries')
      .select('update_time')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.update_time.slice(0, 10)).toBe(chinaTime().slice(0, 10));
  });

  it('keeping its own name is not a duplicate; taking another industry name is', async () => {
    const row = await created('搬家服务');
    expect((await call('PUT', `/api/v1/industry/${row.id}`, { nm: '搬家服务', remark: '同名保存' })).code).toBe(OK);
    const answer = await call('PUT', `/api/v1/industry/${row.id}`, { nm: '家政服务' });
    expect(answer).toEqual({ code: BUSINESS, message: MSG_TAKEN, content: { errors: { nm: MSG_TAKEN } } });
    expect((await one(row.id))?.nm).toBe('搬家服务');
  });

  it.each([
    [{ nm: '' }, 'nm', '请输入行业名称'],
    [{ nm: '业' }, 'nm', MSG_LENGTH],
    [{ processStatus: -1 }, 'processStatus', '处理状态的取值不正确'],
    [{ remark: '备'.repeat(201) }, 'remark', '备注不能超过200个字符'],
  ] as const)('refuses %j with its message on the field, changing nothing', async (body, field, message) => {
    const [target] = await searchAll({ q: { nm: '网约车' } });
    const answer = await call('PUT', `/api/v1/industry/${target.id}`, body);
    expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
    expect(await one(target.id)).toEqual(target);
  });

  it('a missing industry and a malformed id are business errors', async () => {
    expect(await call('PUT', '/api/v1/industry/999999', { nm: '不存在的行业' })).toEqual({
      code: BUSINESS,
      message: '行业不存在',
      content: null,
    });
    expect((await call('PUT', '/api/v1/industry/x1', { nm: '不存在的行业' })).message).toBe('行业编号格式不正确');
  });
});

describe('delete: DELETE /api/v1/industry/:id', () => {
  it('deletes an industry nobody uses', async () => {
    const used = await usedIds();
    const free = (await allIndustries()).find((row) => row.processStatus === 0 && !used.has(row.id));
    expect(free).toBeDefined();
    const answer = await call('DELETE', `/api/v1/industry/${free?.id}`);
    expect(answer).toEqual({ code: OK, message: '删除成功', content: free });
    expect(await one(free?.id as number)).toBeNull();
    expect(ids(await searchAll())).not.toContain(free?.id);
    expect((await call('DELETE', `/api/v1/industry/${free?.id}`)).message).toBe('行业不存在');
  });

  it('refuses an industry marked 使用中 even when no company names it', async () => {
    const used = await usedIds();
    const marked = (await allIndustries()).find((row) => row.processStatus === 2 && !used.has(row.id));
    expect(marked).toBeDefined();
    expect(await call('DELETE', `/api/v1/industry/${marked?.id}`)).toEqual({
      code: BUSINESS,
      message: MSG_IN_USE,
      content: null,
    });
    expect(await one(marked?.id as number)).toEqual(marked);
  });

  it('refuses an industry a company names, whatever its status, and allows it once none does', async () => {
    const used = await usedIds();
    const named = (await allIndustries()).find((row) => row.processStatus !== 2 && used.has(row.id));
    expect(named).toBeDefined();
    const id = named?.id as number;
    expect((await call('DELETE', `/api/v1/industry/${id}`)).message).toBe(MSG_IN_USE);
    expect(await one(id)).toEqual(named);

    const fresh = await created('临时测试行业');
    const company = await t.db
      .selectFrom('companies')
      .select(['id', 'industry_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('companies').set({ industry_id: fresh.id }).where('id', '=', company.id).execute();
    try {
      expect((await call('DELETE', `/api/v1/industry/${fresh.id}`)).message).toBe(MSG_IN_USE);
    } finally {
      await t.db
        .updateTable('companies')
        .set({ industry_id: company.industry_id })
        .where('id', '=', company.id)
        .execute();
    }
    expect((await call('DELETE', `/api/v1/industry/${fresh.id}`)).code).toBe(OK);
  });

  it('a missing industry and a malformed id are business errors', async () => {
    expect((await call('DELETE', '/api/v1/industry/999999')).message).toBe('行业不存在');
    expect((await call('DELETE', '/api/v1/industry/-3')).message).toBe('行业编号格式不正确');
  });
});

describe('permissions', () => {
  // Each account allowed or denied on every declared path, and 401 without a token: tests/api/conformance.test.ts.
  it('the code itself grants access: caiwu given ADM_INDUSTRY_MGR may list and create', async () => {
    const caiwu = await t.db.selectFrom('users').select('id').where('username', '=', 'caiwu').executeTakeFirstOrThrow();
    await t.db.insertInto('user_authorities').values({ user_id: caiwu.id, authority: 'ADM_INDUSTRY_MGR' }).execute();
    try {
      const client = authed(t.app, await tokenOf(t.app, 'caiwu'));
      expect(envelopeOf(await client.get('/api/v1/industry/search')).code).toBe(OK);
      const answer = envelopeOf(
        await client({ method: 'POST', url: '/api/v1/industry', payload: { nm: '财务新增行业' } }),
      );
      expect(answer.code, answer.message).toBe(OK);
    } finally {
      await t.db
        .deleteFrom('user_authorities')
        .where('user_id', '=', caiwu.id)
        .where('authority', '=', 'ADM_INDUSTRY_MGR')
        .execute();
    }
    expect((await clients.caiwu.get('/api/v1/industry/search')).statusCode).toBe(403);
  });
});
