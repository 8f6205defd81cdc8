import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../resources/companies';
import { filterKeys } from '../../resources/types';
import { searchCacheOf } from '../../server/companies/companies.searchCache';
import { type Db, openDatabase } from '../../server/db/database';
import { chinaTime } from '../../server/db/time';
import { encodeQ } from '../../src/domain/query';
import { MSG } from '../../src/domain/validation';
import { expectPagesCoverAll } from './support/paging';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  login,
  type TestApp,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const FORBIDDEN = 1040300;

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant'];

/** The fields of one company as the API answers them: the declaration's sources plus the two ids. */
const RECORD_KEYS = [...companies.fields.map((field) => field.source), 'departmentId', 'subsidiaryId'].sort();

interface Row {
  id: number;
  name: string;
  platformMark: number;
  linkmanName: string | null;
  linkmanMobile: string | null;
  legalPersonName: string | null;
  createTime: string;
  departmentId: number | null;
  subsidiaryId: number | null;
  [key: string]: unknown;
}

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
let hehuorenId = 0;

beforeAll(async () => {
  t = await createTestApp();
  hehuorenId = Number(
    (await t.db.selectFrom('users').select('id').where('username', '=', 'hehuoren').executeTakeFirstOrThrow()).id,
  );
  for (const account of ACCOUNTS) {
    const answer = await login(t.app, account);
    expect(answer.code, `${account}: ${answer.message}`).toBe(OK);
    clients[account] = authed(t.app, answer.content.token);
  }
});

afterAll(async () => {
  await t?.close();
});

/** Every company straight from the database, newest first (the API's default order): the oracle. */
async function allCompanies(): Promise<Row[]> {
  const rows = await t.db
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'platform_mark',
      'linkman_name',
      'linkman_mobile',
      'legal_person_name',
      'create_time',
      'department_id',
      'subsidiary_id',
      'service_id',
      'sale_partner_id',
    ])
    .execute();
  return rows
    .map((row) => ({
      id: Number(row.id),
      name: row.name,
      platformMark: row.platform_mark,
      linkmanName: row.linkman_name,
      linkmanMobile: row.linkman_mobile,
      legalPersonName: row.legal_person_name,
      createTime: row.create_time,
      departmentId: row.department_id === null ? null : Number(row.department_id),
      subsidiaryId: row.subsidiary_id === null ? null : Number(row.subsidiary_id),
      serviceId: row.service_id === null ? null : Number(row.service_id),
      salePartnerId: row.sale_partner_id === null ? null : Number(row.sale_partner_id),
    }))
    .sort((a, b) => (a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1));
}

interface SearchOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
  as?: Account;
  /** POST with this JSON body instead of GET. */
  body?: Record<string, unknown>;
}

function searchUrl({ q, page, size, sort }: SearchOptions): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `/api/v1/companies/search${params.length ? `?${params.join('&')}` : ''}`;
}

async function searchAnswer(options: SearchOptions = {}): Promise<Envelope> {
  const client = clients[options.as ?? 'admin'];
  const url = searchUrl(options);
  const response = options.body ? await client({ method: 'POST', url, payload: options.body }) : await client.get(url);
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

/** A successful search: the page answer. */
async function search(options: SearchOptions = {}) {
  const answer = await searchAnswer(options);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as { content: Row[]; totalElements: number; number: number; size: number };
}

/** Every matching row (size 1000 is enough for the 300 seeded companies). */
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

async function put(as: Account, url: string, payload: Record<string, unknown>) {
  return clients[as]({ method: 'PUT', url, payload });
}

async function companyOfDepartment(departmentId: number): Promise<number> {
  const row = await t.db
    .selectFrom('companies')
    .select('id')
    .where('department_id', '=', departmentId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('search: paging', () => {
  it('answers page 0 of 10 by default, newest first with id breaking ties', async () => {
    const all = await allCompanies();
    const page = await search();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(ids(page.content)).toEqual(ids(all.slice(0, 10)));
  });

  it('pages are 0-based, never overlap, and the last one holds the rest', async () => {
    await expectPagesCoverAll(await allCompanies(), 70, search);
  });

  it('caps the page size at 1000', async () => {
    expect((await search({ size: 1000 })).size).toBe(1000);
    expect(await refusal({ size: 1001 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await refusal({ size: 0 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await refusal({ size: 'ten' })).toContain('size');
    expect(await refusal({ page: -1 })).toContain('page');
  });

  it('answers each row with exactly the declared fields, camelCase', async () => {
    const page = await search({ q: { coname: '上海灵动科技有限公司' } });
    const row = page.content.find((item) => item.id === 1);
    expect(Object.keys(row ?? {}).sort()).toEqual(RECORD_KEYS);
    expect(row).toMatchObject({
      id: 1,
      name: '上海灵动科技有限公司',
      platformMark: 1,
      linkmanMobile: '13900000002',
      subsidiaryName: '上海分公司',
      signStatus: 1,
      departmentId: 1,
      subsidiaryId: 1,
      invoiceTitle: '上海灵动科技有限公司',
    });
    expect(row?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('search: filters', () => {
  const expectMatches = async (q: Record<string, unknown>, predicate: (row: Row) => boolean) => {
    const expected = (await allCompanies()).filter(predicate);
    const rows = await searchAll({ q });
    expect(ids(rows)).toEqual(ids(expected));
    return rows;
  };

  it('coname with 2 characters matches the name anywhere', async () => {
    const rows = await expectMatches({ coname: '杭州' }, (row) => row.name.includes('杭州'));
    expect(rows.length).toBeGreaterThan(3);
  });

  it('coname with 4 or more characters matches the name anywhere (trigram index on SQLite)', async () => {
    const rows = await expectMatches({ coname: '小微电子' }, (row) => row.name.includes('小微电子'));
    expect(ids(rows)).toContain(2);
    await expectMatches({ coname: '有限公司（1' }, (row) => row.name.includes('有限公司（1'));
    await expectMatches({ coname: '信息技术有限公司' }, (row) => row.name.includes('信息技术有限公司'));
  });

  it('coname with 3 characters, and a value with spaces around it', async () => {
    await expectMatches({ coname: '灵动科' }, (row) => row.name.includes('灵动科'));
    await expectMatches({ coname: '  灵动  ' }, (row) => row.name.includes('灵动'));
  });

  it('coname treats % and _ as themselves, not as wildcards', async () => {
    for (const coname of ['%', '_', '有限_', '%公司%', '"']) {
      expect((await search({ q: { coname } })).totalElements, coname).toBe(0);
    }
  });

  it('contact person, contact mobile and legal person match exactly', async () => {
    const all = await allCompanies();
    const sample = all.find((row) => row.id === 7)!;
    await expectMatches({ linkmanName: sample.linkmanName }, (row) => row.linkmanName === sample.linkmanName);
    await expectMatches({ linkmanMobile: '13900000002' }, (row) => row.linkmanMobile === '13900000002');
    await expectMatches(
      { legalPersonName: sample.legalPersonName },
      (row) => row.legalPersonName === sample.legalPersonName,
    );
    expect((await search({ q: { linkmanMobile: '1390000000' } })).totalElements).toBe(0);
  });

  it('stime/etime keep the companies registered on those days, both days included', async () => {
    const all = await allCompanies();
    const stime = all[60].createTime.slice(0, 10);
    const etime = all[20].createTime.slice(0, 10);
    const rows = await expectMatches(
      { stime, etime },
      (row) => row.createTime >= `${stime} 00:00:00` && row.createTime <= `${etime} 23:59:59`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(41);
    const oneDay = all[5].createTime.slice(0, 10);
    await expectMatches({ stime: oneDay, etime: oneDay }, (row) => row.createTime.startsWith(oneDay));
  });

  it('a start without an end, or an end without a start, is refused with the spec message', async () => {
    expect(await refusal({ q: { stime: '2025-01-01' } })).toBe(MSG.endRequired);
    expect(await refusal({ q: { etime: '2025-01-01' } })).toBe(MSG.startRequired);
    expect(MSG.endRequired).toBe('请选择结束时间');
    expect(MSG.startRequired).toBe('请选择开始时间');
  });

  it('refuses malformed dates and a start after the end', async () => {
    expect(await refusal({ q: { stime: '2025-13-01', etime: '2025-12-31' } })).toContain('YYYY-MM-DD');
    expect(await refusal({ q: { stime: '2025-02-30', etime: '2025-03-01' } })).toContain('YYYY-MM-DD');
    expect(await refusal({ q: { stime: 'yesterday', etime: '2025-03-01' } })).toContain('YYYY-MM-DD');
    expect(await refusal({ q: { stime: '2025-03-02', etime: '2025-03-01' } })).toBe('开始时间不能晚于结束时间');
  });

  it('platformmark 3 keeps the small-scale companies only', async () => {
    const rows = await expectMatches({ platformmark: 3 }, (row) => row.platformMark === 3);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => row.platformMark === 3)).toBe(true);
    await expectMatches({ platformmark: 1 }, (row) => row.platformMark === 1);
  });

  it('subID, departID and serviceId match exactly', async () => {
    await expectMatches({ subID: 2 }, (row) => row.subsidiaryId === 2);
    await expectMatches({ departID: 3 }, (row) => row.departmentId === 3);
    await expectMatches({ serviceId: 7 }, (row) => row.serviceId === 7);
    expect(await refusal({ q: { departID: 'abc' } })).toBe('部门必须是数字');
    expect(await refusal({ q: { platformmark: '1 or 1=1' } })).toBe('版本必须是数字');
  });

  it('combines filters with AND', async () => {
    const all = await allCompanies();
    const stime = all[all.length - 1].createTime.slice(0, 10);
    const etime = all[0].createTime.slice(0, 10);
    const rows = await expectMatches(
      { coname: '杭州', platformmark: 3, departID: 1, stime, etime },
      (row) => row.name.includes('杭州') && row.platformMark === 3 && row.departmentId === 1,
    );
    expect(ids(rows)).toEqual(expect.arrayContaining([2, 3]));
    await expectMatches(
      { coname: '小微物流服务', linkmanMobile: '13900000003' },
      (row) => row.name.includes('小微物流服务') && row.linkmanMobile === '13900000003',
    );
  });

  it('an unknown filter key is refused with the keys that are allowed', async () => {
    const message = await refusal({ q: { coname: '杭州', password: 'x' } });
    expect(message).toContain('password');
    for (const key of filterKeys(companies)) expect(message).toContain(key);
  });
});

describe('search: sort', () => {
  it('sorts by name ascending with id as the tiebreaker', async () => {
    const expected = await t.db.selectFrom('companies').select('id').orderBy('name').orderBy('id').execute();
    expect(ids(await searchAll({ sort: 'name,asc' }))).toEqual(expected.map((row) => Number(row.id)));
  });

  it('sorts by id and by createTime in either direction', async () => {
    const all = await allCompanies();
    const byId = ids(all).sort((a, b) => a - b);
    expect(ids(await searchAll({ sort: 'id,desc' }))).toEqual([...byId].reverse());
    expect(ids(await searchAll({ sort: 'id,asc' }))).toEqual(byId);
    expect(ids(await searchAll({ sort: 'createTime,asc' }))).toEqual(ids(all).reverse());
  });

  it('refuses fields outside the whitelist and unknown directions', async () => {
    expect(await refusal({ sort: 'password,asc' })).toBe('不支持按 password 排序（可用：id、name、createTime）');
    expect(await refusal({ sort: 'linkmanMobile,asc' })).toContain('不支持按 linkmanMobile 排序');
    expect(await refusal({ sort: 'name,sideways' })).toBe('排序方向只能是 asc 或 desc');
  });
});

describe('search: POST with deptIds', () => {
  it('answers like GET, narrowed to the given departments', async () => {
    const all = await allCompanies();
    const rows = await searchAll({ body: { deptIds: [3, 4] } });
    expect(ids(rows)).toEqual(ids(all.filter((row) => row.departmentId === 3 || row.departmentId === 4)));
    const withQ = await searchAll({ body: { deptIds: [1] }, q: { platformmark: 3 } });
    expect(ids(withQ)).toEqual(ids(all.filter((row) => row.departmentId === 1 && row.platformMark === 3)));
  });

  it('an empty or missing deptIds does not narrow', async () => {
    const all = await allCompanies();
    expect((await search({ body: { deptIds: [] } })).totalElements).toBe(all.length);
    expect((await search({ body: {} })).totalElements).toBe(all.length);
  });

  it('deptIds narrow within the scope, never beyond it', async () => {
    const all = await allCompanies();
    const dept2 = await searchAll({ as: 'kefu', body: { deptIds: [2, 3] } });
    expect(ids(dept2)).toEqual(ids(all.filter((row) => row.departmentId === 2)));
    expect((await search({ as: 'kefu', body: { deptIds: [3] } })).totalElements).toBe(0);
  });

  it('refuses deptIds that are not department ids', async () => {
    expect(await refusal({ body: { deptIds: ['x'] } })).toBe('deptIds 必须是部门编号的数组');
    expect(await refusal({ body: { deptIds: [1, -2] } })).toBe('deptIds 必须是部门编号的数组');
  });
});

describe('one company: GET /api/v1/companies/:id/platform/:mark', () => {
  it('answers the same record as the search; mark 0 is any edition', async () => {
    const [fromSearch] = (await search({ q: { coname: '杭州小微电子商务' } })).content;
    const answer = envelopeOf(await clients.admin.get('/api/v1/companies/2/platform/0'));
    expect(answer.code).toBe(OK);
    expect(answer.content).toEqual(fromSearch);
    expect(envelopeOf(await clients.admin.get('/api/v1/companies/2/platform/3')).content).toEqual(fromSearch);
  });

  it('a company of another edition, a missing company and a malformed id are business errors', async () => {
    expect(envelopeOf(await clients.admin.get('/api/v1/companies/2/platform/1'))).toEqual({
      code: BUSINESS,
      message: '公司不存在',
      content: null,
    });
    expect(envelopeOf(await clients.admin.get('/api/v1/companies/999999/platform/0')).message).toBe('公司不存在');
    expect(envelopeOf(await clients.admin.get('/api/v1/companies/abc/platform/0')).message).toBe('公司编号格式不正确');
    expect(envelopeOf(await clients.admin.get('/api/v1/companies/1/platform/x')).code).toBe(BUSINESS);
  });
});

describe('update: PUT /api/v1/companies/:id', () => {
  it('a valid change persists, unknown and read-only fields are ignored', async () => {
    const id = await companyOfDepartment(3);
    const before = envelopeOf(await clients.admin.get(`/api/v1/companies/${id}/platform/0`)).content;
    const changes = {
      name: '北京星河测试更名有限公司',
      legalPersonName: '赵四',
      linkmanName: '钱五',
      linkmanMobile: '13712345678',
      invoiceTitle: '北京星河测试更名有限公司',
      invoiceTaxNumber: '91110105MA01ABCD1X',
      invoiceBank: '中国工商银行北京分行',
      invoiceAccount: '6222020200112233445',
      invoiceAddress: '北京市朝阳区建国路88号',
      invoicePhone: '010-88886666',
    };
    const response = await put('admin', `/api/v1/companies/${id}`, {
      ...before,
      ...changes,
      creditCode: 'CHANGED',
      platformMark: 3,
      signStatus: 0,
      password: 'x',
    });
    const answer = envelopeOf(response);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toEqual({ ...before, ...changes });

    const reread = envelopeOf(await clients.admin.get(`/api/v1/companies/${id}/platform/0`)).content;
    expect(reread).toEqual({ ...before, ...changes });
    const row = await t.db
      .selectFrom('companies')
      .select(['credit_code', 'update_time'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.credit_code).toBe(before.creditCode);
    expect(row.update_time.slice(0, 10)).toBe(chinaTime().slice(0, 10));
    // The name index follows the change.
    expect(ids(await searchAll({ q: { coname: '星河测试更名' } }))).toEqual([id]);
    expect(ids(await searchAll({ q: { coname: before.name } }))).not.toContain(id);
  });

  it('only the fields sent change; a blank optional field is cleared', async () => {
    const id = await companyOfDepartment(4);
    const before = envelopeOf(await clients.admin.get(`/api/v1/companies/${id}/platform/0`)).content;
    const answer = envelopeOf(
      await put('admin', `/api/v1/companies/${id}`, { linkmanName: '  孙六 ', legalPersonName: '' }),
    );
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toEqual({ ...before, linkmanName: '孙六', legalPersonName: null });
  });

  const INVALID: readonly [field: string, value: unknown, message: string][] = [
    ['name', '短名', MSG.companyName],
    ['name', '', MSG.companyName],
    ['linkmanMobile', '12345', MSG.mobile],
    ['invoiceTitle', '抬', MSG.invoiceTitle],
    ['invoiceTitle', '抬'.repeat(37), MSG.invoiceTitle],
    ['invoiceTaxNumber', '91110105ma01abcd1x', MSG.taxNumber],
    ['invoiceTaxNumber', '1234567890123456', MSG.taxNumber],
    ['invoiceBank', '银', MSG.invoiceBank],
    ['invoiceAccount', '62220202', MSG.bankAccount],
    ['invoiceAccount', '6222-0202-0011', MSG.bankAccount],
    ['invoiceAddress', '北京市', MSG.invoiceAddress],
    ['invoicePhone', '1'.repeat(31), MSG.invoicePhone],
    ['linkmanName', '名'.repeat(65), '联系人不能超过64个字符'],
    ['invoiceTitle', { nested: true }, '发票抬头格式不正确'],
  ];

  it.each(INVALID)('%s = %j is refused with its message on the field', async (field, value, message) => {
    const id = await companyOfDepartment(2);
    const before = envelopeOf(await clients.admin.get(`/api/v1/companies/${id}/platform/0`)).content;
    const answer = envelopeOf(await put('admin', `/api/v1/companies/${id}`, { linkmanName: '周七', [field]: value }));
    expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
    expect(envelopeOf(await clients.admin.get(`/api/v1/companies/${id}/platform/0`)).content).toEqual(before);
  });

  it('reports every invalid field at once, the first one as the message', async () => {
    const answer = envelopeOf(
      await put('admin', '/api/v1/companies/3', { invoiceTitle: 'x', invoiceBank: 'y', invoicePhone: '' }),
    );
    expect(answer).toEqual({
      code: BUSINESS,
      message: MSG.invoiceTitle,
      content: { errors: { invoiceTitle: MSG.invoiceTitle, invoiceBank: MSG.invoiceBank } },
    });
  });

  it('refuses a body that is not an object and a missing company', async () => {
    const notObject = await clients.admin({
      method: 'PUT',
      url: '/api/v1/companies/3',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(envelopeOf(notObject)).toMatchObject({ code: BUSINESS, message: '请求内容必须是 JSON 对象' });
    expect(envelopeOf(await put('admin', '/api/v1/companies/999999', { name: '不存在的公司名称' })).message).toBe(
      '公司不存在',
    );
  });
});

describe('data scope and permissions', () => {
  it('kefu sees only departments 1 and 2', async () => {
    const all = await allCompanies();
    const rows = await searchAll({ as: 'kefu' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.departmentId === 1 || row.departmentId === 2)).toBe(true);
    expect(ids(rows)).toEqual(ids(all.filter((row) => row.departmentId === 1 || row.departmentId === 2)));
    expect((await search({ as: 'kefu', q: { departID: 3 } })).totalElements).toBe(0);
  });

  it('hehuoren sees only department 2', async () => {
    const rows = await searchAll({ as: 'hehuoren' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.departmentId === 2)).toBe(true);
  });

  it('kefu may not read or change a company of department 3 (403), but may in its own departments', async () => {
    const outside = await companyOfDepartment(3);
    const inside = await companyOfDepartment(2);
    const read = await clients.kefu.get(`/api/v1/companies/${outside}/platform/0`);
    expect(read.statusCode).toBe(403);
    expect(envelopeOf(read).code).toBe(FORBIDDEN);
    const write = await put('kefu', `/api/v1/companies/${outside}`, { linkmanName: '越权' });
    expect(write.statusCode).toBe(403);
    expect((await put('kefu', `/api/v1/companies/${outside}/invoice`, { invoicePhone: '1' })).statusCode).toBe(403);
    const row = await t.db.selectFrom('companies').select('linkman_name').where('id', '=', outside).executeTakeFirst();
    expect(row?.linkman_name).not.toBe('越权');

    expect(envelopeOf(await clients.kefu.get(`/api/v1/companies/${inside}/platform/0`)).code).toBe(OK);
    expect(envelopeOf(await put('kefu', `/api/v1/companies/${inside}`, { linkmanName: '客服改' })).code).toBe(OK);
  });

  it('the merchant may not search (it lacks UI_COMPANY_MGR) nor use the staff edit', async () => {
    const get = await clients.merchant.get(searchUrl({}));
    expect(get.statusCode).toBe(403);
    expect(envelopeOf(get)).toEqual({ code: FORBIDDEN, message: '无权限访问此页面！', content: null });
    const post = await clients.merchant({ method: 'POST', url: searchUrl({}), payload: { deptIds: [1] } });
    expect(post.statusCode).toBe(403);
    expect((await put('merchant', '/api/v1/companies/1', { linkmanName: '商户改' })).statusCode).toBe(403);
  });

  it('the merchant reads its own company only', async () => {
    expect(envelopeOf(await clients.merchant.get('/api/v1/companies/1/platform/1')).content.id).toBe(1);
    expect((await clients.merchant.get('/api/v1/companies/5/platform/0')).statusCode).toBe(403);
  });

  it('the merchant changes the invoice fields of its own company, and nothing else', async () => {
    const invoice = {
      invoiceTitle: '上海灵动科技有限公司',
      invoiceTaxNumber: '91310000MA1FL0ABCD',
      invoiceBank: '招商银行上海分行',
      invoiceAccount: '121909876510101',
      invoiceAddress: '上海市浦东新区世纪大道100号',
      invoicePhone: '021-55556666',
    };
    const answer = envelopeOf(
      await put('merchant', '/api/v1/companies/1/invoice', { ...invoice, name: '改名了的公司' }),
    );
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toMatchObject({ ...invoice, id: 1, name: '上海灵动科技有限公司' });
    const row = await t.db
      .selectFrom('companies')
      .select(['name', 'invoice_title', 'invoice_account'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      name: '上海灵动科技有限公司',
      invoice_title: invoice.invoiceTitle,
      invoice_account: invoice.invoiceAccount,
    });

    const wrong = envelopeOf(await put('merchant', '/api/v1/companies/1/invoice', { invoiceTaxNumber: 'abc' }));
    expect(wrong).toEqual({
      code: BUSINESS,
      message: MSG.taxNumber,
      content: { errors: { invoiceTaxNumber: MSG.taxNumber } },
    });

    const other = await put('merchant', '/api/v1/companies/5/invoice', invoice);
    expect(other.statusCode).toBe(403);
    const untouched = await t.db.selectFrom('companies').select('invoice_title').where('id', '=', 5).executeTakeFirst();
    expect(untouched?.invoice_title).not.toBe(invoice.invoiceTitle);
  });

  it('staff with UI_COMPANY_MGR change invoice fields within scope', async () => {
    const answer = envelopeOf(await put('kefu', '/api/v1/companies/2/invoice', { invoicePhone: '0571-1234567' }));
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.invoicePhone).toBe('0571-1234567');
  });

  it('caiwu (no UI_COMPANY_MGR) gets 403 on search and on the edits', async () => {
    expect((await clients.caiwu.get(searchUrl({}))).statusCode).toBe(403);
    expect((await clients.caiwu({ method: 'POST', url: searchUrl({}), payload: {} })).statusCode).toBe(403);
    expect((await put('caiwu', '/api/v1/companies/3', { linkmanName: '财务改' })).statusCode).toBe(403);
    expect((await put('caiwu', '/api/v1/companies/3/invoice', { invoicePhone: '1' })).statusCode).toBe(403);
  });

  it('without a token every company call is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/companies/search'],
      ['POST', '/api/v1/companies/search'],
      ['GET', '/api/v1/companies/1/platform/0'],
      ['PUT', '/api/v1/companies/1'],
      ['PUT', '/api/v1/companies/1/invoice'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('name index (migration 002)', () => {
  it('exists, and follows inserts, renames and deletes made outside the API', async () => {
    if (t.dialect === 'sqlite') {
      const { rows } = await import('kysely').then(({ sql }) =>
        sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'companies_%'`.execute(t.db),
      );
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['companies_name_fts', 'companies_department_time', 'companies_platform_time']),
      );
    }
    const time = chinaTime();
    const inserted = await t.db
      .insertInto('companies')
      .values({
        name: '触发器同步验证有限公司',
        credit_code: '91000000TRIGGER001',
        platform_mark: 1,
        status: 1,
        sign_status: 0,
        fdd_corp_free_status: 1,
        certification_type: 1,
        sub_status: 0,
        create_time: time,
        update_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    try {
      expect(ids(await searchAll({ q: { coname: '触发器同步' } }))).toEqual([id]);
      await t.db.updateTable('companies').set({ name: '改名之后验证有限公司' }).where('id', '=', id).execute();
      expect(await searchAll({ q: { coname: '触发器同步' } })).toEqual([]);
      expect(ids(await searchAll({ q: { coname: '改名之后' } }))).toEqual([id]);
      // Latin letters match whatever their case, through the index (4+ characters) and without it (2).
      await t.db.updateTable('companies').set({ name: 'ABC改名之后有限公司' }).where('id', '=', id).execute();
      expect(ids(await searchAll({ q: { coname: 'abc改名' } }))).toEqual([id]);
      expect(ids(await searchAll({ q: { coname: 'bC' } }))).toContain(id);
    } finally {
      await t.db.deleteFrom('companies').where('id', '=', id).execute();
    }
    expect(await searchAll({ q: { coname: '改名之后' } })).toEqual([]);
  });
});

// --- Totals (migration 008) -------------------------------------------------------------------------------

interface NewCompany {
  name: string;
  platform_mark?: number;
  department_id?: number | null;
  subsidiary_id?: number | null;
  linkman_name?: string | null;
  create_time?: string;
}

function companyValues(company: NewCompany, index = 0) {
  const time = company.create_time ?? chinaTime();
  return {
    credit_code: `91000000COUNT${String(index).padStart(5, '0')}`,
    platform_mark: 1,
    status: 1,
    sign_status: 0,
    fdd_corp_free_status: 1,
    certification_type: 1,
    sub_status: 0,
    update_time: time,
    ...company,
    create_time: time,
  };
}

async function insertCompany(company: NewCompany, db: Db = t.db): Promise<number> {
  const row = await db.insertInto('companies').values(companyValues(company)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

async function dataVersion(): Promise<number> {
  const { rows } = await sql<{
    version: number | string;
  }>`SELECT version FROM company_data_version WHERE id = 1`.execute(t.db);
  return Number(rows[0].version);
}

/** A search, who may see what it finds, and which companies it finds (the oracle). */
type TotalCase = [label: string, options: SearchOptions, matches: (row: Row) => boolean];

/** Each search's totalElements and first page equal the oracle's, straight from the companies table. */
async function expectSearchesExact(cases: readonly TotalCase[], size = 10): Promise<void> {
  const all = await allCompanies();
  for (const [label, options, matches] of cases) {
    const expected = all.filter(matches);
    const page = await search({ ...options, page: 0, size });
    expect(page.totalElements, label).toBe(expected.length);
    expect(ids(page.content), label).toEqual(ids(expected.slice(0, size)));
  }
}

describe('totals: trigger-maintained counts and the versioned cache (migration 008)', () => {
  const inDepartments =
    (...departments: number[]) =>
    (row: Row) =>
      row.departmentId !== null && departments.includes(row.departmentId);
  const CASES: readonly TotalCase[] = [
    ['admin, unfiltered', {}, () => true],
    ['platformmark 3', { q: { platformmark: 3 } }, (row) => row.platformMark === 3],
    [
      'platformmark 1, departID 3',
      { q: { platformmark: 1, departID: 3 } },
      (row) => row.platformMark === 1 && row.departmentId === 3,
    ],
    ['departID 2', { q: { departID: 2 } }, inDepartments(2)],
    ['kefu (departments 1 and 2)', { as: 'kefu' }, inDepartments(1, 2)],
    // A partner sees its own companies only: those whose sale partner it is, in its department.
    [
      'hehuoren (department 2, own companies)',
      { as: 'hehuoren' },
      (row) => inDepartments(2)(row) && row.salePartnerId === hehuorenId,
    ],
    [
      'kefu, platformmark 3',
      { as: 'kefu', q: { platformmark: 3 } },
      (row) => inDepartments(1, 2)(row) && row.platformMark === 3,
    ],
    ['deptIds 3 and 4', { body: { deptIds: [3, 4] } }, inDepartments(3, 4)],
    ['coname, 3+ characters', { q: { coname: '计数验证' } }, (row) => row.name.includes('计数验证')],
    ['coname, 2 characters', { q: { coname: '计数' } }, (row) => row.name.includes('计数')],
    [
      'kefu, coname',
      { as: 'kefu', q: { coname: '计数验证' } },
      (row) => inDepartments(1, 2)(row) && row.name.includes('计数验证'),
    ],
    [
      'coname and platformmark',
      { q: { coname: '有限公司', platformmark: 3 } },
      (row) => row.name.includes('有限公司') && row.platformMark === 3,
    ],
    ['linkmanName', { q: { linkmanName: '计数联系人' } }, (row) => row.linkmanName === '计数联系人'],
    ['subID 2', { q: { subID: 2 } }, (row) => row.subsidiaryId === 2],
  ];

  it('company_counts holds the number of companies per edition and department (0: none)', async () => {
    const counted = await sql<{ platform_mark: number; department_id: number | string; n: number | string }>`
      SELECT platform_mark, department_id, n FROM company_counts WHERE n <> 0 ORDER BY platform_mark, department_id`.execute(
      t.db,
    );
    const grouped = await sql<{ platform_mark: number; department_id: number | string; n: number | string }>`
      SELECT platform_mark, coalesce(department_id, 0) AS department_id, count(*) AS n FROM companies
      GROUP BY platform_mark, coalesce(department_id, 0) ORDER BY platform_mark, coalesce(department_id, 0)`.execute(
      t.db,
    );
    const normalized = (rows: { platform_mark: number; department_id: number | string; n: number | string }[]) =>
      rows.map((row) => [Number(row.platform_mark), Number(row.department_id), Number(row.n)]);
    expect(normalized(counted.rows)).toEqual(normalized(grouped.rows));
    expect(normalized(counted.rows).length).toBeGreaterThan(1);
  });

  it('totals and pages stay exact through an insert, an edition change, department changes, a rename and a delete', async () => {
    await expectSearchesExact(CASES);
    const writes: [label: string, write: (id: number) => Promise<unknown>][] = [
      ['edition 3 → 1', (id) => t.db.updateTable('companies').set({ platform_mark: 1 }).where('id', '=', id).execute()],
      [
        'department 2 → 3',
        (id) => t.db.updateTable('companies').set({ department_id: 3 }).where('id', '=', id).execute(),
      ],
      [
        'department 3 → none',
        (id) => t.db.updateTable('companies').set({ department_id: null }).where('id', '=', id).execute(),
      ],
      [
        'no department → 1',
        (id) => t.db.updateTable('companies').set({ department_id: 1 }).where('id', '=', id).execute(),
      ],
      [
        'contact person',
        (id) => t.db.updateTable('companies').set({ linkman_name: '计数联系人' }).where('id', '=', id).execute(),
      ],
      [
        'rename',
        (id) => t.db.updateTable('companies').set({ name: '改名以后的有限公司' }).where('id', '=', id).execute(),
      ],
      ['subsidiary', (id) => t.db.updateTable('companies').set({ subsidiary_id: 2 }).where('id', '=', id).execute()],
    ];
    let version = await dataVersion();
    const id = await insertCompany({ name: '计数验证一号有限公司', platform_mark: 3, department_id: 2 });
    try {
      expect(await dataVersion()).toBeGreaterThan(version);
      // The newest company: first on every page 0 it matches (the name searches' cached order included).
      await expectSearchesExact(CASES);
      for (const [label, write] of writes) {
        version = await dataVersion();
        await write(id);
        expect(await dataVersion(), label).toBeGreaterThan(version);
        await expectSearchesExact(CASES);
      }
    } finally {
      await t.db.deleteFrom('companies').where('id', '=', id).execute();
    }
    await expectSearchesExact(CASES);
  });

  it('a write through another connection (another server process) is seen at once', async () => {
    await expectSearchesExact(CASES);
    const schema =
      t.dialect === 'postgres'
        ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(t.db)).rows[0].schema
        : undefined;
    const other = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir, searchPath: schema });
    try {
      const first = await insertCompany({ name: '计数验证二号有限公司', platform_mark: 3, department_id: 1 }, other);
      const second = await insertCompany({ name: '计数验证三号有限公司', platform_mark: 1, department_id: 4 }, other);
      await expectSearchesExact(CASES);
      await other.updateTable('companies').set({ department_id: 2 }).where('id', '=', second).execute();
      await expectSearchesExact(CASES);
      await other.deleteFrom('companies').where('id', 'in', [first, second]).execute();
      await expectSearchesExact(CASES);
    } finally {
      await other.destroy();
    }
  });

  it('a filter counted once is answered from the cache until the next write', async () => {
    const q = { coname: '计数验证' };
    await search({ q });
    const cached = await searchCacheOf(t.db);
    expect(cached.version).toBe(await dataVersion());
    expect(cached.size).toBeGreaterThan(0);
    // Same version, same cache: nothing is recounted.
    await search({ q });
    expect(await searchCacheOf(t.db)).toBe(cached);

    const id = await insertCompany({ name: '计数验证四号有限公司' });
    try {
      const fresh = await searchCacheOf(t.db);
      expect(fresh).not.toBe(cached);
      expect(fresh.version).toBe(await dataVersion());
      const page = await search({ q });
      expect(ids(page.content)[0]).toBe(id);
    } finally {
      await t.db.deleteFrom('companies').where('id', '=', id).execute();
    }
    expect(ids((await search({ q })).content)).not.toContain(id);
  });

  describe('deep pages (bookmarks)', () => {
    const BULK = 1500;
    const bulkIds: number[] = [];

    beforeAll(async () => {
      const base = Date.UTC(2023, 0, 1);
      const values = Array.from({ length: BULK }, (_, index) =>
        companyValues(
          {
            name: `书签验证${index % 7}号有限公司${index}`,
            platform_mark: index % 3 === 0 ? 3 : 1,
            department_id: (index % 4) + 1,
            // Some share a second, so id breaks the ties.
            create_time: new Date(base + Math.floor(index / 3) * 3_600_000)
              .toISOString()
              .slice(0, 19)
              .replace('T', ' '),
          },
          index,
        ),
      );
      for (let start = 0; start < values.length; start += 200) {
        const rows = await t.db
          .insertInto('companies')
          .values(values.slice(start, start + 200))
          .returning('id')
          .execute();
        bulkIds.push(...rows.map((row) => Number(row.id)));
      }
    });

    afterAll(async () => {
      for (let start = 0; start < bulkIds.length; start += 500) {
        await t.db
          .deleteFrom('companies')
          .where('id', 'in', bulkIds.slice(start, start + 500))
          .execute();
      }
    });

    /** Pages deeper than 1000 rows equal the oracle's, in every order, twice (the second from bookmarks). */
    async function expectDeepPages(
      sorted: (all: Row[]) => Row[],
      options: SearchOptions = {},
      matches = (_row: Row) => true,
    ) {
      const expected = sorted((await allCompanies()).filter(matches));
      for (let round = 0; round < 2; round += 1) {
        for (const [page, size] of [
          [10, 100],
          [11, 100],
          [101, 10],
          [1000, 1],
          [1, 1000],
        ]) {
          const answer = await search({ ...options, page, size });
          expect(answer.totalElements).toBe(expected.length);
          expect(ids(answer.content), `page ${page} of ${size}`).toEqual(
            ids(expected.slice(page * size, (page + 1) * size)),
          );
        }
      }
    }
    const newestFirst = (all: Row[]) => all;
    const byIdDesc = (all: Row[]) => [...all].sort((a, b) => b.id - a.id);

    it('match the oracle in each order, before and after writes that shift them', async () => {
      await expectDeepPages(newestFirst);
      await expectDeepPages(byIdDesc, { sort: 'id,desc' });
      await expectDeepPages(newestFirst, { q: { platformmark: 1 } }, (row) => row.platformMark === 1);
      // A company in the middle of the order moves every later row by one.
      const middle = await insertCompany({ name: '书签验证插入有限公司', create_time: '2023-01-20 12:00:00' });
      try {
        await expectDeepPages(newestFirst);
        await expectDeepPages(newestFirst, { q: { platformmark: 1 } }, (row) => row.platformMark === 1);
        await t.db.deleteFrom('companies').where('id', '=', bulkIds[700]).execute();
        await expectDeepPages(newestFirst);
        await expectDeepPages(byIdDesc, { sort: 'id,desc' });
      } finally {
        await t.db.deleteFrom('companies').where('id', '=', middle).execute();
      }
      await expectDeepPages(newestFirst);
    });

    it('name order and name searches page exactly too, and follow a rename', async () => {
      // SQLite and PostgreSQL may collate names differently: the oracle is the database's own order.
      const expectNamePages = async (coname?: string) => {
        const expected = (
          await t.db
            .selectFrom('companies')
            .select('id')
            .$if(coname !== undefined, (query) => query.where('name', 'like', `%${coname}%`))
            .orderBy('name')
            .orderBy('id')
            .execute()
        ).map((row) => Number(row.id));
        const q = coname === undefined ? undefined : { coname };
        for (let round = 0; round < 2; round += 1) {
          for (const [page, size] of [
            [0, 100],
            [10, 100],
            [1, 1000],
          ]) {
            const answer = await search({ q, sort: 'name,asc', page, size });
            expect(answer.totalElements).toBe(expected.length);
            expect(ids(answer.content)).toEqual(expected.slice(page * size, (page + 1) * size));
            const descending = await search({ q, sort: 'name,desc', page, size });
            expect(ids(descending.content)).toEqual([...expected].reverse().slice(page * size, (page + 1) * size));
          }
        }
      };
      const matching = (row: Row) => row.name.includes('书签验证');
      await expectNamePages();
      await expectNamePages('书签验证');
      await expectDeepPages(newestFirst, { q: { coname: '书签验证' } }, matching);
      await t.db.updateTable('companies').set({ name: '不再匹配的有限公司' }).where('id', '=', bulkIds[3]).execute();
      await t.db
        .updateTable('companies')
        .set({ name: '书签验证0号改名有限公司' })
        .where('id', '=', bulkIds[4])
        .execute();
      await expectNamePages('书签验证');
      await expectDeepPages(newestFirst, { q: { coname: '书签验证' } }, matching);
      await expectNamePages();
    });
  });
});
