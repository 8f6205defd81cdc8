import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContracts, merchantContracts } from '../../resources/contracts';
import { filterKeys, sortFields } from '../../resources/types';
import { chinaTime } from '../../server/db/time';
import { CONTRACT_STATUS, DATA_STATUS, PARTNER_CATEGORY, SIGN_STATUS } from '../../src/domain/enums';
import { encodeQ } from '../../src/domain/query';
import { MSG } from '../../src/domain/validation';
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

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

/** One contract as the API answers it: the admin declaration's sources (the merchant's are a subset). */
const RECORD_KEYS = adminContracts.fields.map((field) => field.source).sort();

interface Row {
  id: number;
  companyId: number;
  companyName: string | null;
  nm: string;
  contractNo: string;
  csort: number;
  contractStatus: number;
  signStatus: number;
  dataStatus: number;
  enterpriseId: number | null;
  enterpriseName: string | null;
  agreementType: number;
  signMode: number | null;
  fileId: number | null;
  industryId: number | null;
  signNm: string;
  startDate: string;
  endDate: string;
  signTime: string | null;
  platformMark: number;
  createTime: string;
  updateTime: string;
}

/** A row of the oracle: what the API answers, plus the company's department. */
type OracleRow = Row & { departmentId: number | null };

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
let today = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const token = await tokenOf(t.app, account, account === 'xgm' ? 3 : 1);
    clients[account] = authed(t.app, token, account === 'xgm' ? 3 : 1);
  }
  today = chinaTime().slice(0, 10);
});

afterAll(async () => {
  await t?.close();
});

/** Every contract straight from the database, newest first with id breaking ties (the API's default order). */
async function allContracts(): Promise<OracleRow[]> {
  const rows = await t.db
    .selectFrom('contracts')
    .leftJoin('companies', 'companies.id', 'contracts.company_id')
    .leftJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .selectAll('contracts')
    .select(['companies.name as company_name', 'companies.department_id', 'enterprises.name as enterprise_name'])
    .execute();
  return rows
    .map((row) => ({
      id: Number(row.id),
      companyId: Number(row.company_id),
      companyName: row.company_name,
      nm: row.nm,
      contractNo: row.contract_no,
      csort: row.csort,
      contractStatus: row.contract_status,
      signStatus: row.sign_status,
      dataStatus: row.data_status,
      enterpriseId: row.enterprise_id === null ? null : Number(row.enterprise_id),
      enterpriseName: row.enterprise_name,
      agreementType: row.agreement_type,
      signMode: row.sign_mode,
      fileId: row.file_id === null ? null : Number(row.file_id),
      industryId: row.industry_id === null ? null : Number(row.industry_id),
      signNm: row.sign_nm,
      startDate: row.start_date,
      endDate: row.end_date,
      signTime: row.sign_time,
      platformMark: row.platform_mark,
      createTime: row.create_time,
      updateTime: row.update_time,
      departmentId: row.department_id === null ? null : Number(row.department_id),
    }))
    .sort((a, b) => (a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1));
}

/** The oracle row as the API answers it. */
function answered(row: OracleRow): Row {
  const { departmentId: _departmentId, ...record } = row;
  return record;
}

interface ListOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
  as?: Account;
}

function listUrl({ q, page, size, sort }: ListOptions): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `/api/v1/contract${params.length ? `?${params.join('&')}` : ''}`;
}

async function listAnswer(options: ListOptions = {}): Promise<Envelope> {
  const response = await clients[options.as ?? 'admin'].get(listUrl(options));
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

async function list(options: ListOptions = {}) {
  const answer = await listAnswer(options);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as { content: Row[]; totalElements: number; number: number; size: number };
}

/** Every matching row, page by page (1 000 a page). */
async function listAll(options: ListOptions = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await list({ ...options, page, size: 1000 });
    rows.push(...answer.content);
    if (answer.content.length < 1000) {
      expect(rows.length).toBe(answer.totalElements);
      return rows;
    }
  }
}

async function refusal(options: ListOptions): Promise<string> {
  const answer = await listAnswer(options);
  expect(answer.code).toBe(BUSINESS);
  expect(answer.content).toBeNull();
  return answer.message;
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

/** The API's answer to q equals the oracle filtered by `predicate`, in the same order; returns it. */
async function expectMatches(q: Record<string, unknown>, predicate: (row: OracleRow) => boolean, as?: Account) {
  const expected = (await allContracts()).filter(predicate);
  const rows = await listAll({ q, as });
  expect(ids(rows)).toEqual(ids(expected));
  return rows;
}

async function contractWhere(predicate: (row: OracleRow) => boolean): Promise<OracleRow> {
  const row = (await allContracts()).find(predicate);
  if (!row) throw new Error('the seed has no such contract');
  return row;
}

async function cancel(as: Account, payload: unknown) {
  return clients[as]({ method: 'POST', url: '/api/v1/contract/cancelcontract', payload: payload as object });
}

describe('seed', () => {
  it('has thousands of contracts across the companies, in every category and status', async () => {
    const all = await allContracts();
    expect(all.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(all.map((row) => row.companyId)).size).toBeGreaterThan(250);
    for (const [field, choices] of [
      ['csort', PARTNER_CATEGORY],
      ['contractStatus', CONTRACT_STATUS],
      ['signStatus', SIGN_STATUS],
      ['dataStatus', DATA_STATUS],
    ] as const) {
      for (const choice of choices)
        expect(
          all.some((row) => row[field] === choice.id),
          `${field} ${choice.id}`,
        ).toBe(true);
    }
    // The stored status agrees with the sign status and the end date.
    for (const row of all) {
      const status = row.signStatus !== 1 ? 2 : row.endDate >= today ? 1 : 0;
      expect(row.contractStatus, `contract ${row.id}`).toBe(status);
      expect(row.signTime === null).toBe(row.signStatus === 0);
      expect(row.startDate <= row.endDate).toBe(true);
      expect(row.platformMark).toBe((await companyMark(row.companyId)) ?? -1);
    }
  });
});

const marks = new Map<number, number>();
async function companyMark(companyId: number): Promise<number | undefined> {
  if (marks.size === 0) {
    for (const row of await t.db.selectFrom('companies').select(['id', 'platform_mark']).execute()) {
      marks.set(Number(row.id), row.platform_mark);
    }
  }
  return marks.get(companyId);
}

describe('list: paging', () => {
  it('answers page 0 of 10 by default, newest first, each record with the declared fields', async () => {
    const all = await allContracts();
    const page = await list();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(page.content).toEqual(all.slice(0, 10).map(answered));
    for (const record of page.content) expect(Object.keys(record).sort()).toEqual(RECORD_KEYS);
  });

  it('pages are 0-based, never overlap, and the last one holds the rest', async () => {
    await expectPagesCoverAll(await allContracts(), 700, list);
  });

  it('caps the size at 1000 and refuses nonsense', async () => {
    expect((await list({ size: 1000 })).content.length).toBe(1000);
    expect(await refusal({ size: 1001 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await refusal({ size: 0 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await refusal({ size: 'ten' })).toBe('size 参数必须是非负整数');
    expect(await refusal({ page: -1 })).toBe('page 参数必须是非负整数');
  });
});

describe('list: filters', () => {
  it('nm with 3 or more characters matches the contract name anywhere', async () => {
    const rows = await expectMatches({ nm: '委托代征' }, (row) => row.nm.includes('委托代征'));
    expect(rows.length).toBeGreaterThan(100);
    await expectMatches({ nm: '服务协议（' }, (row) => row.nm.includes('服务协议（'));
  });

  it('nm with fewer characters, Latin letters in any case, and spaces around the value', async () => {
    await expectMatches({ nm: '合伙' }, (row) => row.nm.includes('合伙'));
    await expectMatches({ nm: ' 外包 ' }, (row) => row.nm.includes('外包'));
    const saas = await expectMatches({ nm: 'saas平台' }, (row) => row.nm.includes('SaaS平台'));
    expect(saas.length).toBeGreaterThan(0);
    await expectMatches({ nm: 'aA' }, (row) => row.nm.toLowerCase().includes('aa'));
  });

  it('nm treats % and _ as themselves', async () => {
    for (const nm of ['%', '_', '协议_', '%合同%', '"']) expect((await list({ q: { nm } })).totalElements, nm).toBe(0);
  });

  it('companyNm matches the company name anywhere', async () => {
    const rows = await expectMatches({ companyNm: '灵动科技' }, (row) => !!row.companyName?.includes('灵动科技'));
    expect(rows.some((row) => row.companyId === 1)).toBe(true);
    await expectMatches({ companyNm: '小微' }, (row) => !!row.companyName?.includes('小微'));
  });

  it('csort, contractStatus, signStatus, dataStatus and platformmark match exactly', async () => {
    for (const choice of PARTNER_CATEGORY) {
      const rows = await expectMatches({ csort: choice.id }, (row) => row.csort === choice.id);
      expect(rows.length).toBeGreaterThan(0);
    }
    for (const choice of CONTRACT_STATUS) {
      const rows = await expectMatches({ contractStatus: choice.id }, (row) => row.contractStatus === choice.id);
      expect(rows.length).toBeGreaterThan(0);
    }
    await expectMatches({ signStatus: 0 }, (row) => row.signStatus === 0);
    await expectMatches({ dataStatus: 0 }, (row) => row.dataStatus === 0);
    await expectMatches({ platformmark: 3 }, (row) => row.platformMark === 3);
  });

  it('enterpriseId, industryId and signNm match exactly', async () => {
    await expectMatches({ enterpriseId: 4 }, (row) => row.enterpriseId === 4);
    await expectMatches({ industryId: 7 }, (row) => row.industryId === 7);
    const sample = await contractWhere((row) => row.id === 100);
    const rows = await expectMatches({ signNm: sample.signNm }, (row) => row.signNm === sample.signNm);
    expect(ids(rows)).toContain(100);
    expect((await list({ q: { signNm: sample.signNm.slice(0, 1) } })).totalElements).toBe(0);
  });

  it('contractIds keeps the listed contracts', async () => {
    await expectMatches({ contractIds: '3,1,  2,999999' }, (row) => [1, 2, 3].includes(row.id));
    await expectMatches({ contractIds: '42' }, (row) => row.id === 42);
    for (const contractIds of ['1,,2', 'a,b', '1;2', '-1', '0']) {
      expect(await refusal({ q: { contractIds } }), contractIds).toBe('合同ID格式不正确，多个请用英文逗号分隔');
    }
    const many = Array.from({ length: 1001 }, (_, index) => index + 1).join(',');
    expect(await refusal({ q: { contractIds: many } })).toBe('最多可查询 1000 个编号');
  });

  it('stime/etime keep the contracts created on those days, both days included', async () => {
    const all = await allContracts();
    const stime = all[900].createTime.slice(0, 10);
    const etime = all[300].createTime.slice(0, 10);
    const rows = await expectMatches(
      { stime, etime },
      (row) => row.createTime >= `${stime} 00:00:00` && row.createTime <= `${etime} 23:59:59`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(601);
    const oneDay = all[10].createTime.slice(0, 10);
    await expectMatches({ stime: oneDay, etime: oneDay }, (row) => row.createTime.startsWith(oneDay));
  });

  it('a half date range, a malformed date and a start after the end are refused', async () => {
    expect(await refusal({ q: { stime: '2025-01-01' } })).toBe(MSG.endRequired);
    expect(await refusal({ q: { etime: '2025-01-01' } })).toBe(MSG.startRequired);
    expect(await refusal({ q: { stime: '2025-02-30', etime: '2025-03-01' } })).toBe(
      '创建时间格式不正确，应为 YYYY-MM-DD',
    );
    expect(await refusal({ q: { stime: '2025-03-02', etime: '2025-03-01' } })).toBe('开始时间不能晚于结束时间');
  });

  it('refuses malformed numbers with the filter label', async () => {
    expect(await refusal({ q: { csort: 'x' } })).toBe('合作类别必须是数字');
    expect(await refusal({ q: { contractStatus: '1 or 1=1' } })).toBe('合同状态必须是数字');
    expect(await refusal({ q: { enterpriseId: '1.5' } })).toBe('服务主体必须是数字');
  });

  it('combines filters with AND', async () => {
    const rows = await expectMatches(
      { nm: '协议', contractStatus: 1, dataStatus: 1, platformmark: 1, csort: 6 },
      (row) =>
        row.nm.includes('协议') &&
        row.contractStatus === 1 &&
        row.dataStatus === 1 &&
        row.platformMark === 1 &&
        row.csort === 6,
    );
    expect(rows.length).toBeGreaterThan(0);
    await expectMatches(
      { companyNm: '小微', signStatus: 1 },
      (row) => !!row.companyName?.includes('小微') && row.signStatus === 1,
    );
  });

  it('an unknown key is refused with the keys that are allowed', async () => {
    const message = await refusal({ q: { nm: '协议', password: 'x' } });
    expect(message).toContain('password');
    for (const key of filterKeys(adminContracts)) expect(message).toContain(key);
  });

  it("the spec's q key `sort` is accepted: the contract's agreement type", async () => {
    const expected = (await allContracts()).filter((row) => row.agreementType === 2).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll({ q: { sort: 2 } })).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(await refusal({ q: { sort: 'x' } })).toContain('协议类型');
  });
});

describe('list: sort', () => {
  it('sorts by id, createTime and endDate in either direction, id breaking ties', async () => {
    const all = await allContracts();
    const byId = ids(all).sort((a, b) => a - b);
    expect(ids(await listAll({ sort: 'id,desc' }))).toEqual([...byId].reverse());
    expect(ids(await listAll({ sort: 'createTime,asc' }))).toEqual(ids(all).reverse());
    const byEnd = [...all].sort((a, b) => (a.endDate === b.endDate ? a.id - b.id : a.endDate < b.endDate ? -1 : 1));
    expect(ids(await listAll({ sort: 'endDate,asc' }))).toEqual(ids(byEnd));
    expect(ids((await list({ sort: 'endDate,desc', size: 50 })).content)).toEqual(
      ids([...byEnd].reverse()).slice(0, 50),
    );
  });

  it('refuses fields outside the whitelist and unknown directions', async () => {
    const allowed = [...new Set([...sortFields(adminContracts), ...sortFields(merchantContracts)])].join('、');
    expect(await refusal({ sort: 'nm,asc' })).toBe(`不支持按 nm 排序（可用：${allowed}）`);
    expect(await refusal({ sort: 'companyName,desc' })).toContain('不支持按 companyName 排序');
    expect(await refusal({ sort: 'id,up' })).toBe('排序方向只能是 asc 或 desc');
  });
});

describe('one contract: GET /api/v1/contract/:id', () => {
  it('answers the same record as the list', async () => {
    const [first] = (await list({ size: 1 })).content;
    const answer = envelopeOf(await clients.admin.get(`/api/v1/contract/${first.id}`));
    expect(answer).toEqual({ code: OK, message: expect.any(String), content: first });
  });

  it('a missing contract and a malformed id are business errors', async () => {
    expect(envelopeOf(await clients.admin.get('/api/v1/contract/99999999'))).toEqual({
      code: BUSINESS,
      message: '合同不存在',
      content: null,
    });
    expect(envelopeOf(await clients.admin.get('/api/v1/contract/abc')).message).toBe('合同ID格式不正确');
  });
});

describe('merchant isolation', () => {
  it("the merchant lists its own company's contracts only", async () => {
    const own = (await allContracts()).filter((row) => row.companyId === 1);
    expect(own.length).toBeGreaterThan(5);
    const rows = await listAll({ as: 'merchant' });
    expect(rows).toEqual(own.map(answered));
  });

  it("whatever q says: another company's name or ids give nothing of theirs", async () => {
    expect((await list({ as: 'merchant', q: { companyNm: '杭州小微电子商务' } })).totalElements).toBe(0);
    const own = await expectMatches({ companyNm: '上海灵动' }, (row) => row.companyId === 1, 'merchant');
    expect(own.length).toBeGreaterThan(0);
    const other = await contractWhere((row) => row.companyId !== 1);
    const mine = await contractWhere((row) => row.companyId === 1);
    expect(ids(await listAll({ as: 'merchant', q: { contractIds: `${other.id},${mine.id}` } }))).toEqual([mine.id]);
  });

  it("the merchant view's filters work within the company", async () => {
    await expectMatches({ contractStatus: 0 }, (row) => row.companyId === 1 && row.contractStatus === 0, 'merchant');
    await expectMatches({ signStatus: 0 }, (row) => row.companyId === 1 && row.signStatus === 0, 'merchant');
    await expectMatches({ nm: '协议' }, (row) => row.companyId === 1 && row.nm.includes('协议'), 'merchant');
    const own = (await allContracts()).filter((row) => row.companyId === 1);
    const stime = own[own.length - 1].createTime.slice(0, 10);
    const etime = own[2].createTime.slice(0, 10);
    await expectMatches(
      { stime, etime },
      (row) => row.companyId === 1 && row.createTime >= `${stime} 00:00:00` && row.createTime <= `${etime} 23:59:59`,
      'merchant',
    );
  });

  it('xgm sees company 2 only, not its other companies 3 and 4', async () => {
    const rows = await listAll({ as: 'xgm' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.companyId === 2)).toBe(true);
    expect(ids(rows)).toEqual(ids((await allContracts()).filter((row) => row.companyId === 2)));
  });

  it("the merchant reads its own contract by id, another company's is 403", async () => {
    const mine = await contractWhere((row) => row.companyId === 1);
    const answer = envelopeOf(await clients.merchant.get(`/api/v1/contract/${mine.id}`));
    expect(answer.code).toBe(OK);
    expect(answer.content).toEqual(answered(mine));
    const other = await contractWhere((row) => row.companyId === 2);
    const response = await clients.merchant.get(`/api/v1/contract/${other.id}`);
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response)).toEqual({ code: FORBIDDEN, message: '无权访问其他公司的合同', content: null });
  });

  it('the merchant cannot void a contract, not even its own (403, nothing changes)', async () => {
    const mine = await contractWhere((row) => row.companyId === 1 && row.dataStatus === 1);
    const response = await cancel('merchant', { id: mine.id });
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe(FORBIDDEN);
    const row = await t.db.selectFrom('contracts').select('data_status').where('id', '=', mine.id).executeTakeFirst();
    expect(row?.data_status).toBe(1);
  });
});

describe('staff scope and permissions', () => {
  it('kefu lists only the contracts of companies in departments 1 and 2', async () => {
    const all = await allContracts();
    const rows = await listAll({ as: 'kefu' });
    const inScope = all.filter((row) => row.departmentId === 1 || row.departmentId === 2);
    expect(inScope.length).toBeLessThan(all.length);
    expect(ids(rows)).toEqual(ids(inScope));
    await expectMatches(
      { contractStatus: 1, csort: 3 },
      (row) => (row.departmentId === 1 || row.departmentId === 2) && row.contractStatus === 1 && row.csort === 3,
      'kefu',
    );
  });

  it('kefu reads and voids within its departments; outside them it is 403', async () => {
    const outside = await contractWhere((row) => row.departmentId === 3 && row.dataStatus === 1);
    const inside = await contractWhere((row) => row.departmentId === 2 && row.dataStatus === 1);
    const read = await clients.kefu.get(`/api/v1/contract/${outside.id}`);
    expect(read.statusCode).toBe(403);
    expect(envelopeOf(read)).toEqual({ code: FORBIDDEN, message: '无权访问该公司的合同', content: null });
    expect((await cancel('kefu', { id: outside.id })).statusCode).toBe(403);
    const row = await t.db
      .selectFrom('contracts')
      .select('data_status')
      .where('id', '=', outside.id)
      .executeTakeFirst();
    expect(row?.data_status).toBe(1);

    expect(envelopeOf(await clients.kefu.get(`/api/v1/contract/${inside.id}`)).content).toEqual(answered(inside));
    const voided = envelopeOf(await cancel('kefu', { id: inside.id }));
    expect(voided.code, voided.message).toBe(OK);
    expect(voided.content.dataStatus).toBe(0);
  });

  it('the read by id follows its company at the very next request: moved out of kefu’s departments it is 403', async () => {
    // The contract's read is compiled and prepared once (server/db/fixedQuery.ts): only the statement is kept.
    const inside = await contractWhere((row) => row.departmentId === 2 && row.dataStatus === 1);
    const url = `/api/v1/contract/${inside.id}`;
    expect(envelopeOf(await clients.kefu.get(url)).content).toEqual(answered(inside));
    const move = (department: number) =>
      t.db.updateTable('companies').set({ department_id: department }).where('id', '=', inside.companyId).execute();
    await move(3);
    try {
      const refused = await clients.kefu.get(url);
      expect(refused.statusCode).toBe(403);
      expect(envelopeOf(refused).message).toBe('无权访问该公司的合同');
      await t.db.updateTable('contracts').set({ nm: '改名后的合同' }).where('id', '=', inside.id).execute();
      expect(envelopeOf(await clients.admin.get(url)).content.nm).toBe('改名后的合同');
    } finally {
      await move(2);
      await t.db.updateTable('contracts').set({ nm: inside.nm }).where('id', '=', inside.id).execute();
    }
    expect(envelopeOf(await clients.kefu.get(url)).content).toEqual(answered(inside));
  });

  it('hehuoren and caiwu (no ADM_PLAT_CONTRACT_MGR) get 403 everywhere', async () => {
    for (const account of ['hehuoren', 'caiwu'] as const) {
      for (const url of [listUrl({}), '/api/v1/contract/1', '/api/v1/contract/willexpire/1']) {
        const response = await clients[account].get(url);
        expect(response.statusCode, `${account} ${url}`).toBe(403);
        expect(envelopeOf(response)).toEqual({ code: FORBIDDEN, message: '无权限访问此页面！', content: null });
      }
      expect((await cancel(account, { id: 1 })).statusCode).toBe(403);
    }
  });

  it('the permission follows the caller: staff need the admin code, merchants the merchant code', async () => {
    const userId = async (username: string) =>
      Number(
        (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id,
      );
    const caiwu = await userId('caiwu');
    const merchant = await userId('merchant');
    await t.db
      .insertInto('user_authorities')
      .values({ user_id: caiwu, authority: 'MER_BANKACCOUNT_RECHARGE' })
      .execute();
    await t.db
      .insertInto('user_authorities')
      .values({ user_id: merchant, authority: 'ADM_PLAT_CONTRACT_MGR' })
      .execute();
    await t.db
      .deleteFrom('user_authorities')
      .where('user_id', '=', merchant)
      .where('authority', '=', 'MER_BANKACCOUNT_RECHARGE')
      .execute();
    try {
      // A staff member holding only the merchant code is refused.
      expect((await clients.caiwu.get(listUrl({}))).statusCode).toBe(403);
      // A merchant holding only the admin code is refused too, and may never void.
      expect((await clients.merchant.get(listUrl({}))).statusCode).toBe(403);
      const mine = await contractWhere((row) => row.companyId === 1 && row.dataStatus === 1);
      expect((await cancel('merchant', { id: mine.id })).statusCode).toBe(403);
    } finally {
      await t.db
        .deleteFrom('user_authorities')
        .where('user_id', '=', caiwu)
        .where('authority', '=', 'MER_BANKACCOUNT_RECHARGE')
        .execute();
      await t.db
        .deleteFrom('user_authorities')
        .where('user_id', '=', merchant)
        .where('authority', '=', 'ADM_PLAT_CONTRACT_MGR')
        .execute();
      await t.db
        .insertInto('user_authorities')
        .values({ user_id: merchant, authority: 'MER_BANKACCOUNT_RECHARGE' })
        .execute();
    }
    expect((await list({ as: 'merchant' })).totalElements).toBeGreaterThan(0);
  });

  it('without a token every contract call is 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/contract'],
      ['GET', '/api/v1/contract/1'],
      ['POST', '/api/v1/contract/cancelcontract'],
      ['GET', '/api/v1/contract/willexpire/1'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { id: 1 } : undefined })).statusCode).toBe(
        401,
      );
    }
  });
});

describe('void: POST /api/v1/contract/cancelcontract', () => {
  it('voids a normal contract (data status 0) and refuses to void it again', async () => {
    const target = await contractWhere((row) => row.departmentId === 3 && row.dataStatus === 1);
    const answer = envelopeOf(await cancel('admin', { id: target.id }));
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.message).toBe('作废成功');
    expect(answer.content).toEqual({ ...answered(target), dataStatus: 0, updateTime: expect.any(String) });
    expect(answer.content.updateTime.slice(0, 10)).toBe(today);
    const row = await t.db.selectFrom('contracts').select('data_status').where('id', '=', target.id).executeTakeFirst();
    expect(row?.data_status).toBe(0);
    expect(ids(await listAll({ q: { dataStatus: 0, contractIds: String(target.id) } }))).toEqual([target.id]);

    expect(envelopeOf(await cancel('admin', { id: target.id }))).toEqual({
      code: BUSINESS,
      message: '该合同已作废，不能重复作废',
      content: null,
    });
  });

  it('takes the id from a form body, or from ?id= as the declared action button sends it', async () => {
    const [first, second] = (await allContracts()).filter((row) => row.dataStatus === 1 && row.departmentId === 4);
    expect(envelopeOf(await clients.admin.post('/api/v1/contract/cancelcontract', { id: first.id })).code).toBe(OK);
    const action = adminContracts.actions?.find((item) => item.name === 'cancelContract');
    expect(action).toMatchObject({ method: 'POST', confirm: expect.any(String), visibleWhen: { field: 'dataStatus' } });
    const url = action!.path.replace(':id', String(second.id));
    const answer = envelopeOf(await clients.admin({ method: 'POST', url, payload: action!.body ?? {} }));
    expect(answer.code, answer.message).toBe(OK);
    const rows = await t.db
      .selectFrom('contracts')
      .select('data_status')
      .where('id', 'in', [first.id, second.id])
      .execute();
    expect(rows.map((row) => row.data_status)).toEqual([0, 0]);
  });

  it('refuses a missing, malformed or unknown id', async () => {
    expect(envelopeOf(await cancel('admin', {})).message).toBe('请指定要作废的合同');
    expect(envelopeOf(await cancel('admin', { id: 'x' })).message).toBe('合同ID格式不正确');
    expect(envelopeOf(await cancel('admin', { id: 99999999 }))).toEqual({
      code: BUSINESS,
      message: '合同不存在',
      content: null,
    });
  });
});

describe('willexpire: GET /api/v1/contract/willexpire/:companyId', () => {
  const in30Days = () => chinaTime(Date.now() + 30 * 86400_000).slice(0, 10);
  const expiring = (companyId: number) => async () =>
    (await allContracts())
      .filter(
        (row) =>
          row.companyId === companyId &&
          row.signStatus === 1 &&
          row.dataStatus === 1 &&
          row.endDate >= today &&
          row.endDate <= in30Days(),
      )
      .sort((a, b) => (a.endDate === b.endDate ? a.id - b.id : a.endDate < b.endDate ? -1 : 1));

  it("answers the merchant's signed, valid contracts ending within 30 days, soonest first", async () => {
    const expected = await expiring(1)();
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const answer = envelopeOf(await clients.merchant.get('/api/v1/contract/willexpire/1'));
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toEqual(expected.map(answered));
    // The seed's voided and unsigned contracts of company 1 ending within 30 days are left out.
    for (const leftOut of [
      (row: OracleRow) => row.dataStatus === 0 && row.signStatus === 1,
      (row: OracleRow) => row.dataStatus === 1 && row.signStatus === 0,
    ]) {
      const row = await contractWhere(
        (item) => item.companyId === 1 && leftOut(item) && item.endDate >= today && item.endDate <= in30Days(),
      );
      expect(ids(answer.content)).not.toContain(row.id);
    }
  });

  it("the list's 到期 filter (expiring:30) gives exactly the contracts the warning counts", async () => {
    const warned = envelopeOf(await clients.merchant.get('/api/v1/contract/willexpire/1')).content as Row[];
    expect(warned.length).toBeGreaterThanOrEqual(3);
    const listed = await listAll({ q: { expiring: 30 }, as: 'merchant' });
    expect(ids(listed).sort((a, b) => a - b)).toEqual(ids(warned).sort((a, b) => a - b));
    expect(await refusal({ q: { expiring: 7 }, as: 'merchant' })).toBe('到期筛选只支持 30 天内到期');
  });

  it('enterpriseIds narrows to those enterprises', async () => {
    const expected = await expiring(1)();
    const enterprise = expected.find((row) => row.enterpriseId !== null)!.enterpriseId!;
    const answer = envelopeOf(
      await clients.merchant.get(`/api/v1/contract/willexpire/1?enterpriseIds=${enterprise},999`),
    );
    expect(answer.content).toEqual(expected.filter((row) => row.enterpriseId === enterprise).map(answered));
    expect(envelopeOf(await clients.merchant.get('/api/v1/contract/willexpire/1?enterpriseIds=x')).message).toBe(
      'enterpriseIds 必须是以英文逗号分隔的服务主体编号',
    );
    expect(envelopeOf(await clients.merchant.get('/api/v1/contract/willexpire/1?enterpriseIds=')).content).toEqual(
      expected.map(answered),
    );
  });

  it('a merchant asks for its own company only (403 otherwise)', async () => {
    for (const companyId of [2, 5]) {
      const response = await clients.merchant.get(`/api/v1/contract/willexpire/${companyId}`);
      expect(response.statusCode).toBe(403);
      expect(envelopeOf(response).code).toBe(FORBIDDEN);
    }
    const xgm = envelopeOf(await clients.xgm.get('/api/v1/contract/willexpire/2'));
    expect(xgm.code).toBe(OK);
    expect(ids(xgm.content)).toEqual(ids(await expiring(2)()));
    expect(xgm.content.length).toBeGreaterThan(0);
    expect((await clients.xgm.get('/api/v1/contract/willexpire/3')).statusCode).toBe(403);
  });

  it('staff within their scope; a missing company and a malformed id are business errors', async () => {
    const all = await allContracts();
    const dept3 = all.find((row) => row.departmentId === 3)!.companyId;
    expect(envelopeOf(await clients.admin.get(`/api/v1/contract/willexpire/${dept3}`)).content).toEqual(
      (await expiring(dept3)()).map(answered),
    );
    expect((await clients.kefu.get(`/api/v1/contract/willexpire/${dept3}`)).statusCode).toBe(403);
    expect(envelopeOf(await clients.kefu.get('/api/v1/contract/willexpire/1')).code).toBe(OK);
    expect(envelopeOf(await clients.admin.get('/api/v1/contract/willexpire/999999')).message).toBe('公司不存在');
    expect(envelopeOf(await clients.admin.get('/api/v1/contract/willexpire/abc')).message).toBe('公司编号格式不正确');
  });
});

describe('name index (migration 005)', () => {
  it('exists, and follows inserts, renames and deletes made outside the API', async () => {
    if (t.dialect === 'sqlite') {
      const { rows } = await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE name LIKE 'contracts_%'`.execute(t.db);
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['contracts_nm_fts', 'contracts_company_time', 'contracts_create_time']),
      );
      // One contract is a primary-key lookup.
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT * FROM contracts WHERE id = 5`.execute(t.db);
      expect(plan.rows.map((row) => row.detail).join(' ')).toMatch(/USING INTEGER PRIMARY KEY/);
    } else {
      const trgm = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`.execute(t.db);
      const { rows } = await sql<{ indexname: string }>`
        SELECT indexname FROM pg_indexes WHERE tablename = 'contracts' AND schemaname = current_schema()`.execute(t.db);
      const expected = ['contracts_company_time', 'contracts_create_time', 'contracts_status_time'];
      if (trgm.rows[0].n > 0) expected.push('contracts_nm_trgm');
      expect(rows.map((row) => row.indexname)).toEqual(expect.arrayContaining(expected));
    }
    const time = chinaTime();
    const inserted = await t.db
      .insertInto('contracts')
      .values({
        company_id: 1,
        nm: '触发器同步验证合同',
        contract_no: 'HTTEST0001',
        csort: 9,
        contract_status: 2,
        sign_status: 0,
        data_status: 1,
        enterprise_id: null,
        industry_id: null,
        sign_nm: '测试',
        start_date: today,
        end_date: today,
        sign_time: null,
        platform_mark: 1,
        create_time: time,
        update_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    try {
      expect(ids(await listAll({ q: { nm: '触发器同步' } }))).toEqual([id]);
      await t.db.updateTable('contracts').set({ nm: 'ABC改名之后合同' }).where('id', '=', id).execute();
      expect(await listAll({ q: { nm: '触发器同步' } })).toEqual([]);
      expect(ids(await listAll({ q: { nm: 'abc改名' } }))).toEqual([id]);
    } finally {
      await t.db.deleteFrom('contracts').where('id', '=', id).execute();
    }
    expect(await listAll({ q: { nm: '改名之后' } })).toEqual([]);
  });
});
