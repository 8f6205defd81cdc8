import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subsidiaries } from '../../resources/subsidiaries';
import { chinaTime } from '../../server/db/time';
import { encodeQ } from '../../src/domain/query';
import { expectPagesCoverAll } from './support/paging';
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
const FORBIDDEN = 1040300;
const CODE = 'UI_BRANCH_OFFICE_MGR';

const MSG_LENGTH = '请输入2-64位分公司名称';
const MSG_TAKEN = '分公司名称已存在';
const MSG_STATUS = '状态只能是 0（停用）或 1（启用）';

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

interface Row {
  id: number;
  sname: string;
  departID: number;
  departmentName: string | null;
  crmCompanyName: string | null;
  isVirtual: number;
  status: number;
  platformmark: number;
  createTime: string;
}

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

/** Every subsidiary straight from the database, newest first (the API's default order): the oracle. */
async function allSubsidiaries(): Promise<Row[]> {
  const rows = await t.db
    .selectFrom('subsidiaries')
    .leftJoin('departments', 'departments.id', 'subsidiaries.department_id')
    .selectAll('subsidiaries')
    .select('departments.name as department_name')
    .execute();
  return rows
    .map((row) => ({
      id: Number(row.id),
      sname: row.sname,
      departID: Number(row.department_id),
      departmentName: row.department_name,
      crmCompanyName: row.crm_company_name,
      isVirtual: row.is_virtual,
      status: row.status,
      platformmark: row.platform_mark,
      createTime: row.create_time,
    }))
    .sort((a, b) => (a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1));
}

interface SearchOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
  as?: Account | AuthedClient;
}

function searchUrl({ q, page, size, sort }: SearchOptions): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `/api/v1/subsidiary/search${params.length ? `?${params.join('&')}` : ''}`;
}

const clientOf = (as: Account | AuthedClient = 'admin') => (typeof as === 'string' ? clients[as] : as);

async function searchAnswer(options: SearchOptions = {}): Promise<Envelope> {
  const response = await clientOf(options.as).get(searchUrl(options));
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, payload?: unknown, as: Account | AuthedClient = 'admin') {
  const response = await clientOf(as)({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${method} ${url}`).toBe(200);
  return envelopeOf(response);
}

async function one(id: number): Promise<Row> {
  const answer = await call('GET', `/api/v1/subsidiaries/mark/${id}`);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as Row;
}

async function created(body: Record<string, unknown>, as: Account | AuthedClient = 'admin'): Promise<Row> {
  const answer = await call('POST', '/api/v1/subsidiaries', { departID: 1, platformmark: 1, ...body }, as);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as Row;
}

/** A client of `account` holding UI_BRANCH_OFFICE_MGR for the duration of `run`. */
async function withCode(account: Account, run: (client: AuthedClient) => Promise<void>): Promise<void> {
  const user = await t.db.selectFrom('users').select('id').where('username', '=', account).executeTakeFirstOrThrow();
  await t.db.insertInto('user_authorities').values({ user_id: user.id, authority: CODE }).execute();
  try {
    const type = account === 'xgm' ? 3 : 1;
    await run(authed(t.app, await tokenOf(t.app, account, type), type));
  } finally {
    await t.db.deleteFrom('user_authorities').where('user_id', '=', user.id).where('authority', '=', CODE).execute();
  }
}

describe('demo data', () => {
  it('keeps the six foundation subsidiaries (companies refer to them) and adds more in every state', async () => {
    const all = await allSubsidiaries();
    const byId = new Map(all.map((row) => [row.id, row.sname]));
    expect([1, 2, 3, 4, 5, 6].map((id) => byId.get(id))).toEqual([
      '上海分公司',
      '杭州分公司',
      '深圳分公司',
      '广州分公司',
      '北京分公司',
      '成都分公司',
    ]);
    expect(all.length).toBeGreaterThan(6);
    for (const [key, values] of [
      ['status', [0, 1]],
      ['isVirtual', [0, 1]],
      ['platformmark', [1, 3]],
      ['departID', [1, 2, 3, 4]],
    ] as const) {
      for (const value of values)
        expect(
          all.some((row) => row[key] === value),
          `${key} ${value}`,
        ).toBe(true);
    }
    const company = envelopeOf(await clients.admin.get('/api/v1/companies/1/platform/0'));
    expect(company.content).toMatchObject({ subsidiaryId: 1, subsidiaryName: '上海分公司' });
  });
});

describe('search: paging', () => {
  it('answers page 0 of 10 by default, newest first, records with the declared fields and the department name', async () => {
    const all = await allSubsidiaries();
    const page = await search();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(page.content).toEqual(all.slice(0, 10));
    expect(Object.keys(page.content[0]).sort()).toEqual(subsidiaries.fields.map((field) => field.source).sort());
    expect(all.every((row) => row.departmentName !== null)).toBe(true);
  });

  it('pages are 0-based, never overlap, and the last one holds the rest', async () => {
    await expectPagesCoverAll(await allSubsidiaries(), 4, search);
  });

  it('caps the page size at 1000 and refuses nonsense', async () => {
    expect((await search({ size: 1000 })).size).toBe(1000);
    expect(await refusal({ size: 1001 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await refusal({ page: 'x' as unknown as number })).toBe('page 参数必须是非负整数');
  });
});

describe('search: filters', () => {
  it('sname matches a substring of the name, % and _ being characters', async () => {
    const all = await allSubsidiaries();
    const rows = await searchAll({ q: { sname: '州' } });
    expect(rows.length).toBeGreaterThan(1);
    expect(ids(rows)).toEqual(ids(all.filter((row) => row.sname.includes('州'))));
    expect(await searchAll({ q: { sname: '%' } })).toEqual([]);
    expect(await searchAll({ q: { sname: '_' } })).toEqual([]);
  });

  const SINGLE: readonly [key: string, value: number, field: keyof Row][] = [
    ['departID', 1, 'departID'],
    ['departID', 4, 'departID'],
    ['status', 0, 'status'],
    ['status', 1, 'status'],
    ['isVirtual', 1, 'isVirtual'],
    ['isVirtual', 0, 'isVirtual'],
    ['platformmark', 3, 'platformmark'],
    ['platformmark', 1, 'platformmark'],
  ];

  it.each(SINGLE)('%s = %i alone', async (key, value, field) => {
    const all = await allSubsidiaries();
    const expected = all.filter((row) => row[field] === value);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(ids(await searchAll({ q: { [key]: value } }))).toEqual(ids(expected));
  });

  it('filters combine', async () => {
    const all = await allSubsidiaries();
    const expected = all.filter((row) => row.departID === 1 && row.status === 1 && row.platformmark === 1);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await searchAll({ q: { departID: 1, status: 1, platformmark: 1 } }))).toEqual(ids(expected));
    const named = all.filter((row) => row.sname.includes('分公司') && row.isVirtual === 1 && row.departID === 4);
    expect(ids(await searchAll({ q: { sname: '分公司', isVirtual: 1, departID: 4 } }))).toEqual(ids(named));
    expect(await searchAll({ q: { sname: '上海', departID: 2 } })).toEqual([]);
  });

  it('refuses an unknown key and malformed or unknown values', async () => {
    expect(await refusal({ q: { subID: 1 } })).toBe(
      '不支持的查询条件：subID（可用：sname、departID、status、isVirtual、platformmark）',
    );
    expect(await refusal({ q: { departID: 'x' } })).toBe('部门必须是数字');
    expect(await refusal({ q: { status: 2 } })).toBe('状态的取值不正确');
    expect(await refusal({ q: { isVirtual: 5 } })).toBe('是否虚拟的取值不正确');
    expect(await refusal({ q: { platformmark: 2 } })).toBe('版本的取值不正确');
  });
});

describe('search: sort', () => {
  it('sorts on id, sname and createTime both ways', async () => {
    const all = await allSubsidiaries();
    const byId = [...all].sort((a, b) => a.id - b.id);
    expect(ids(await searchAll({ sort: 'id,asc' }))).toEqual(ids(byId));
    expect(ids(await searchAll({ sort: 'id,desc' }))).toEqual(ids(byId).reverse());
    expect(ids(await searchAll({ sort: 'createTime,asc' }))).toEqual(ids(all).reverse());
    const byName = await t.db.selectFrom('subsidiaries').select('id').orderBy('sname').orderBy('id').execute();
    expect(ids(await searchAll({ sort: 'sname,asc' }))).toEqual(byName.map((row) => Number(row.id)));
  });

  it('refuses fields outside the whitelist', async () => {
    expect(await refusal({ sort: 'status,asc' })).toBe('不支持按 status 排序（可用：id、sname、createTime）');
    expect(await refusal({ sort: 'departmentName,desc' })).toContain('不支持按 departmentName 排序');
  });
});

describe('one subsidiary: GET /api/v1/subsidiaries/mark/:id', () => {
  it('answers the same record as the search', async () => {
    const [fromSearch] = await searchAll({ q: { sname: '成都' } });
    expect(fromSearch).toMatchObject({ id: 6, departID: 4, departmentName: '西南事业部', isVirtual: 1 });
    expect(await call('GET', '/api/v1/subsidiaries/mark/6')).toEqual({
      code: OK,
      message: '操作成功',
      content: fromSearch,
    });
  });

  it('a missing subsidiary and a malformed id are business errors', async () => {
    expect(await call('GET', '/api/v1/subsidiaries/mark/99999')).toEqual({
      code: BUSINESS,
      message: '分公司不存在',
      content: null,
    });
    expect((await call('GET', '/api/v1/subsidiaries/mark/abc')).message).toBe('分公司编号格式不正确');
  });
});

describe('create: POST /api/v1/subsidiaries', () => {
  it('creates an enabled subsidiary, trimmed, with its department name; status and id in the body are ignored', async () => {
    const before = await allSubsidiaries();
    const answer = await call('POST', '/api/v1/subsidiaries', {
      sname: ' 青岛分公司 ',
      departID: '3',
      crmCompanyName: '青岛分公司（CRM）',
      isVirtual: 0,
      platformmark: 1,
      status: 0,
      id: 2,
    });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('新增成功');
    const row = answer.content as Row;
    expect(row).toEqual({
      id: expect.any(Number),
      sname: '青岛分公司',
      departID: 3,
      departmentName: '华北事业部',
      crmCompanyName: '青岛分公司（CRM）',
      isVirtual: 0,
      status: 1,
      platformmark: 1,
      createTime: expect.any(String),
    });
    expect(before.map((item) => item.id)).not.toContain(row.id);
    expect(row.createTime.slice(0, 10)).toBe(chinaTime().slice(0, 10));
    expect(await one(row.id)).toEqual(row);
    expect((await search()).content[0]).toEqual(row);
  });

  it('is not virtual and has no CRM name unless told', async () => {
    const row = await created({ sname: '宁波分公司', platformmark: 3 });
    expect(row).toMatchObject({ isVirtual: 0, crmCompanyName: null, platformmark: 3, status: 1, departID: 1 });
    expect((await created({ sname: '虚拟', isVirtual: 1 })).isVirtual).toBe(1);
  });

  const INVALID: readonly [name: string, body: Record<string, unknown>, field: string, message: string][] = [
    ['a missing name', { departID: 1, platformmark: 1 }, 'sname', '请输入分公司名称'],
    ['a one-character name', { sname: '分', departID: 1, platformmark: 1 }, 'sname', MSG_LENGTH],
    ['a 65-character name', { sname: '分'.repeat(65), departID: 1, platformmark: 1 }, 'sname', MSG_LENGTH],
    ['a name that exists', { sname: '上海分公司', departID: 1, platformmark: 1 }, 'sname', MSG_TAKEN],
    ['a missing department', { sname: '合肥分公司', platformmark: 1 }, 'departID', '请选择所属部门'],
    ['an unknown department', { sname: '合肥分公司', departID: 99, platformmark: 1 }, 'departID', '部门不存在'],
    [
      'a department that is not a number',
      { sname: '合肥分公司', departID: '华东', platformmark: 1 },
      'departID',
      '所属部门必须是整数',
    ],
    ['a missing edition', { sname: '合肥分公司', departID: 1 }, 'platformmark', '请输入版本'],
    ['an unknown edition', { sname: '合肥分公司', departID: 1, platformmark: 2 }, 'platformmark', '版本的取值不正确'],
    [
      'an unknown virtual flag',
      { sname: '合肥分公司', departID: 1, platformmark: 1, isVirtual: 2 },
      'isVirtual',
      '是否虚拟的取值不正确',
    ],
    [
      'a CRM name over 128 characters',
      { sname: '合肥分公司', departID: 1, platformmark: 1, crmCompanyName: 'C'.repeat(129) },
      'crmCompanyName',
      'CRM公司名称不能超过128个字符',
    ],
  ];

  it.each(INVALID)('refuses %s with its message on the field, writing nothing', async (_name, body, field, message) => {
    const before = await allSubsidiaries();
    const answer = await call('POST', '/api/v1/subsidiaries', body);
    expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
    expect(await allSubsidiaries()).toEqual(before);
  });

  it('reports every invalid field at once, the first one as the message', async () => {
    const answer = await call('POST', '/api/v1/subsidiaries', { sname: '杭州分公司', departID: 42 });
    expect(answer).toEqual({
      code: BUSINESS,
      message: MSG_TAKEN,
      content: { errors: { sname: MSG_TAKEN, departID: '部门不存在', platformmark: '请输入版本' } },
    });
  });

  it('refuses a body that is not an object', async () => {
    const response = await clients.admin({
      method: 'POST',
      url: '/api/v1/subsidiaries',
      headers: { 'content-type': 'application/json' },
      payload: '"青岛"',
    });
    expect(envelopeOf(response)).toMatchObject({ code: BUSINESS, message: '请求内容必须是 JSON 对象' });
  });
});

describe('update: PUT /api/v1/subsidiaries/:id', () => {
  it('changes the fields sent and only those; status and read-only fields are ignored', async () => {
    const row = await created({ sname: '无锡分公司', crmCompanyName: '无锡CRM' });
    const answer = await call('PUT', `/api/v1/subsidiaries/${row.id}`, {
      sname: '无锡新区分公司',
      departID: 4,
      isVirtual: 1,
      status: 0,
      departmentName: '改不了',
      createTime: '2000-01-01 00:00:00',
    });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('保存成功');
    expect(answer.content).toEqual({
      ...row,
      sname: '无锡新区分公司',
      departID: 4,
      departmentName: '西南事业部',
      isVirtual: 1,
    });
    expect(await one(row.id)).toEqual(answer.content);
    const cleared = await call('PUT', `/api/v1/subsidiaries/${row.id}`, { crmCompanyName: '', platformmark: 3 });
    expect(cleared.content).toMatchObject({ crmCompanyName: null, platformmark: 3, sname: '无锡新区分公司' });
  });

  it('keeping its own name is not a duplicate; taking another subsidiary name is', async () => {
    expect((await call('PUT', '/api/v1/subsidiaries/3', { sname: '深圳分公司' })).code).toBe(OK);
    const answer = await call('PUT', '/api/v1/subsidiaries/3', { sname: '广州分公司' });
    expect(answer).toEqual({ code: BUSINESS, message: MSG_TAKEN, content: { errors: { sname: MSG_TAKEN } } });
    expect((await one(3)).sname).toBe('深圳分公司');
  });

  it.each([
    [{ sname: '' }, 'sname', '请输入分公司名称'],
    [{ sname: 'x' }, 'sname', MSG_LENGTH],
    [{ departID: 0 }, 'departID', '部门不存在'],
    [{ departID: '' }, 'departID', '请选择所属部门'],
    [{ platformmark: 0 }, 'platformmark', '版本的取值不正确'],
  ] as const)('refuses %j with its message on the field, changing nothing', async (body, field, message) => {
    const before = await one(5);
    const answer = await call('PUT', '/api/v1/subsidiaries/5', body);
    expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
    expect(await one(5)).toEqual(before);
  });

  it('a missing subsidiary is a business error', async () => {
    expect(await call('PUT', '/api/v1/subsidiaries/99999', { sname: '不存在分公司' })).toEqual({
      code: BUSINESS,
      message: '分公司不存在',
      content: null,
    });
  });
});

describe('enable / disable: PATCH /api/v1/subsidiaries/:id?status=', () => {
  const action = (name: string) => {
    const declared = subsidiaries.actions?.find((item) => item.name === name);
    if (!declared) throw new Error(`no action ${name}`);
    return declared;
  };
  /** Runs a declared row action the way the generated button does: method, path with :id, query, body {}. */
  async function run(name: string, id: number) {
    const declared = action(name);
    const query = new URLSearchParams(
      Object.entries(declared.query ?? {}).map(([key, value]) => [key, String(value)]),
    ).toString();
    return call(declared.method, `${declared.path.replace(':id', String(id))}?${query}`, declared.body ?? {});
  }

  it('the declared 停用 and 启用 switch the status, each shown only where it applies', async () => {
    const row = await created({ sname: '佛山分公司' });
    expect(action('disable').visibleWhen).toEqual({ field: 'status', in: [1] });
    expect(action('enable').visibleWhen).toEqual({ field: 'status', in: [0] });
    expect(action('disable').confirm).toBeTruthy();

    const disabled = await run('disable', row.id);
    expect(disabled).toEqual({ code: OK, message: '停用成功', content: { ...row, status: 0 } });
    expect(ids(await searchAll({ q: { status: 0 } }))).toContain(row.id);
    // Disabling again changes nothing and still succeeds.
    expect((await run('disable', row.id)).content.status).toBe(0);
    const enabled = await run('enable', row.id);
    expect(enabled).toEqual({ code: OK, message: '启用成功', content: { ...row, status: 1 } });
    expect(await one(row.id)).toEqual(row);
  });

  it('refuses a missing or unknown status and a missing subsidiary', async () => {
    const before = await one(2);
    for (const query of ['', '?status=', '?status=2', '?status=on', '?status=-1']) {
      expect((await call('PATCH', `/api/v1/subsidiaries/2${query}`, {})).message, query).toBe(MSG_STATUS);
    }
    expect(await one(2)).toEqual(before);
    expect((await call('PATCH', '/api/v1/subsidiaries/99999?status=0', {})).message).toBe('分公司不存在');
  });

  it('there is no delete', async () => {
    const response = await clients.admin({ method: 'DELETE', url: '/api/v1/subsidiaries/2' });
    expect(response.statusCode).toBe(404);
    expect(subsidiaries.api.delete).toBeUndefined();
    expect((await one(2)).sname).toBe('杭州分公司');
  });
});

describe('permissions and department scope', () => {
  const CALLS: readonly [method: Method, url: string, payload?: object][] = [
    ['GET', '/api/v1/subsidiary/search'],
    ['GET', '/api/v1/subsidiaries/mark/1'],
    ['POST', '/api/v1/subsidiaries', { sname: '越权分公司', departID: 1, platformmark: 1 }],
    ['PUT', '/api/v1/subsidiaries/1', { sname: '越权改名' }],
    ['PATCH', '/api/v1/subsidiaries/1?status=0', {}],
  ];

  it.each(['kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'] as const)(
    '%s (without UI_BRANCH_OFFICE_MGR) gets 403 on every call and changes nothing',
    async (account) => {
      const before = await allSubsidiaries();
      for (const [method, url, payload] of CALLS) {
        const response = await clients[account]({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(envelopeOf(response)).toEqual({ code: FORBIDDEN, message: '无权限访问此页面！', content: null });
      }
      expect(await allSubsidiaries()).toEqual(before);
    },
  );

  it('caiwu given the code manages every department', async () => {
    await withCode('caiwu', async (client) => {
      const all = await allSubsidiaries();
      expect(ids(await searchAll({ as: client }))).toEqual(ids(all));
      const answer = await call('PATCH', '/api/v1/subsidiaries/5?status=1', {}, client);
      expect(answer.code, answer.message).toBe(OK);
    });
  });

  it('kefu given the code reaches only departments 1 and 2', async () => {
    await withCode('kefu', async (client) => {
      const all = await allSubsidiaries();
      const mine = all.filter((row) => row.departID === 1 || row.departID === 2);
      expect(ids(await searchAll({ as: client }))).toEqual(ids(mine));
      expect(await searchAll({ as: client, q: { departID: 3 } })).toEqual([]);
      expect(ids(await searchAll({ as: client, q: { departID: 2 } }))).toEqual(
        ids(all.filter((row) => row.departID === 2)),
      );

      expect((await call('GET', '/api/v1/subsidiaries/mark/1', undefined, client)).code).toBe(OK);
      const outside = all.find((row) => row.departID === 3) as Row;
      for (const [method, url, payload] of [
        ['GET', `/api/v1/subsidiaries/mark/${outside.id}`, undefined],
        ['PUT', `/api/v1/subsidiaries/${outside.id}`, { sname: '越权改名' }],
        ['PATCH', `/api/v1/subsidiaries/${outside.id}?status=0`, {}],
      ] as const) {
        const response = await client({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await one(outside.id)).toEqual(outside);

      const refused = await call(
        'POST',
        '/api/v1/subsidiaries',
        { sname: '越界分公司', departID: 3, platformmark: 1 },
        client,
      );
      expect(refused).toEqual({
        code: BUSINESS,
        message: '只能选择您负责的部门',
        content: { errors: { departID: '只能选择您负责的部门' } },
      });
      const moved = await call('PUT', '/api/v1/subsidiaries/1', { departID: 4 }, client);
      expect(moved.message).toBe('只能选择您负责的部门');
      expect((await one(1)).departID).toBe(1);

      const mineNew = await created({ sname: '客服新建分公司', departID: 2 }, client);
      expect(mineNew).toMatchObject({ departID: 2, departmentName: '华南事业部', status: 1 });
    });
  });

  it('a merchant never manages subsidiaries, even holding the code', async () => {
    await withCode('merchant', async (client) => {
      const response = await client.get('/api/v1/subsidiary/search');
      expect(response.statusCode).toBe(403);
      expect((await client({ method: 'PATCH', url: '/api/v1/subsidiaries/1?status=0', payload: {} })).statusCode).toBe(
        403,
      );
    });
    expect((await one(1)).status).toBe(1);
  });

  it('without a token every subsidiary call is 401', async () => {
    for (const [method, url, payload] of CALLS) {
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
