import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementTemplateSeals, agreementTemplates } from '../../resources/agreementTemplates';
import { filterKeys } from '../../resources/types';
import type { Page } from '../../src/domain/codes';
import { encodeQ } from '../../src/domain/query';
import { fileBytes, multipartRequest } from './support/multipart';
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

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];
/** Every role but the admin lacks ADM_PLAT_AGREEMENT_TEMPLATE_MGR (src/domain/roleTemplates.ts). */
const DENIED: readonly Account[] = ['kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

const TEMPLATE_KEYS = agreementTemplates.fields.map((field) => field.source).sort();
const SEAL_KEYS = agreementTemplateSeals.fields.map((field) => field.source).sort();

interface Template {
  id: number;
  sort: number;
  nm: string;
  type: number;
  typeName: string | null;
  platformmark: number;
  entid: number | null;
  bindStatus: number;
  sealCertificationType: number;
  useStatus: number;
  xiong: number;
  fileUrl: string | null;
  createTime: string;
}

interface Seal {
  id: number;
  templateID: number;
  templateName: string | null;
  enterpriseID: number;
  enterpriseName: string;
  sealType: number;
  dataStatus: number;
  remark: string | null;
  createTime: string;
}

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const answer = await login(t.app, account, undefined, account === 'xgm' ? 3 : 1);
    expect(answer.code, `${account}: ${answer.message}`).toBe(OK);
    clients[account] = authed(t.app, answer.content.token, account === 'xgm' ? 3 : 1);
  }
  // A template names a file the admin uploaded (files are owned references), not an invented address.
  const uploaded = envelopeOf<{ url: string }>(
    await clients.admin({
      method: 'POST',
      url: '/api/v1/common/uploadfiles',
      ...multipartRequest([
        { name: 'kind', value: 'annex' },
        { name: 'file', filename: '协议.pdf', content: fileBytes('pdf') },
      ]),
    }),
  );
  expect(uploaded.code, uploaded.message).toBe(OK);
  VALID_TEMPLATE.fileUrl = uploaded.content.url;
});

afterAll(async () => {
  await t?.close();
});

// --- Oracles straight from the database -------------------------------------------------------------

async function allTemplates(): Promise<Template[]> {
  const rows = await t.db.selectFrom('agreement_templates').selectAll().orderBy('sort').orderBy('id').execute();
  const enterprises = new Map(
    (await t.db.selectFrom('enterprises').select(['id', 'name']).execute()).map((row) => [Number(row.id), row.name]),
  );
  const types = new Map(
    (await t.db.selectFrom('agreement_types').select(['id', 'name']).execute()).map((row) => [
      Number(row.id),
      row.name,
    ]),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    sort: row.sort,
    nm: row.nm,
    type: row.type,
    typeName: types.get(row.type) ?? null,
    platformmark: row.platformmark,
    entid: row.entid === null ? null : Number(row.entid),
    entName: row.entid === null ? null : (enterprises.get(Number(row.entid)) ?? null),
    bindStatus: row.entid === null ? 0 : 1,
    sealCertificationType: row.seal_certification_type,
    useStatus: row.use_status,
    xiong: row.xiong,
    fileUrl: row.file_url,
    createTime: row.create_time,
  }));
}

async function allSeals(): Promise<Seal[]> {
  const rows = await t.db
    .selectFrom('agreement_template_seals as s')
    .leftJoin('agreement_templates as a', 'a.id', 's.template_id')
    .select([
      's.id',
      's.template_id',
      'a.nm',
      's.enterprise_id',
      's.enterprise_name',
      's.seal_type',
      's.data_status',
      's.remark',
      's.create_time',
    ])
    .orderBy('s.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    templateID: Number(row.template_id),
    templateName: row.nm,
    enterpriseID: Number(row.enterprise_id),
    enterpriseName: row.enterprise_name,
    sealType: row.seal_type,
    dataStatus: row.data_status,
    remark: row.remark,
    createTime: row.create_time,
  }));
}

// --- Calls ------------------------------------------------------------------------------------------

const TEMPLATE_API = '/api/v1/agreement_template';
const SEAL_API = '/api/v1/agreement_template_seal';

interface ListOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
}

function listUrl(base: string, { q, page, size, sort }: ListOptions): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `${base}${params.length ? `?${params.join('&')}` : ''}`;
}

async function call(
  as: Account,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Envelope & { status: number }> {
  const response = await clients[as]({ method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
  return { ...envelopeOf(response), status: response.statusCode };
}

/** A call expected to succeed: its content. */
async function okContent<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const answer = await call('admin', method, url, payload);
  expect(answer.status).toBe(200);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content as T;
}

/** A call expected to fail with a business error: the whole envelope without the status. */
async function refusal(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const { status, ...answer } = await call('admin', method, url, payload);
  expect(status).toBe(200);
  expect(answer.code, answer.message).toBe(BUSINESS);
  return answer;
}

const searchTemplates = (options: ListOptions = {}) =>
  okContent<Page<Template>>('GET', listUrl(`${TEMPLATE_API}/search`, options));
const searchSeals = (options: ListOptions = {}) => okContent<Page<Seal>>('GET', listUrl(`${SEAL_API}/search`, options));

async function allTemplatesVia(options: ListOptions = {}): Promise<Template[]> {
  const page = await searchTemplates({ ...options, page: 0, size: 1000 });
  expect(page.content.length).toBe(page.totalElements);
  return page.content;
}

async function allSealsVia(options: ListOptions = {}): Promise<Seal[]> {
  const page = await searchSeals({ ...options, page: 0, size: 1000 });
  expect(page.content.length).toBe(page.totalElements);
  return page.content;
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

const VALID_TEMPLATE = {
  nm: '测试服务协议（标准版）V9.9',
  type: 1,
  platformmark: 1,
  sealCertificationType: 2,
  sort: 7,
  entid: 3,
  xiong: 1,
  /** Set in beforeAll to the URL of the admin's upload. */
  fileUrl: '',
};

async function createTemplate(overrides: Record<string, unknown> = {}): Promise<Template> {
  return okContent<Template>('POST', TEMPLATE_API, { ...VALID_TEMPLATE, ...overrides });
}

async function createSeal(templateID: number, overrides: Record<string, unknown> = {}): Promise<Seal> {
  return okContent<Seal>('POST', SEAL_API, {
    templateID,
    enterpriseID: 3,
    enterpriseName: '江西宝谷企业管理咨询有限公司',
    sealType: 2,
    remark: '测试印章',
    ...overrides,
  });
}

async function templateCount(): Promise<number> {
  const row = await t.db
    .selectFrom('agreement_templates')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- Templates ---------------------------------------------------------------------------------------

describe('seed', () => {
  it('holds about thirty templates of every kind, both editions, both use states, bound and unbound', async () => {
    const templates = await allTemplates();
    expect(templates.length).toBeGreaterThanOrEqual(25);
    expect(new Set(templates.map((row) => row.type))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(templates.map((row) => row.platformmark))).toEqual(new Set([1, 3]));
    expect(new Set(templates.map((row) => row.useStatus))).toEqual(new Set([0, 1]));
    expect(templates.some((row) => row.entid === null)).toBe(true);
    expect(templates.some((row) => row.xiong === 1)).toBe(true);
    const seals = await allSeals();
    for (const template of templates) {
      const own = seals.filter((seal) => seal.templateID === template.id);
      expect(own.length, template.nm).toBeGreaterThanOrEqual(1);
      expect(own.length, template.nm).toBeLessThanOrEqual(3);
    }
    expect(new Set(seals.map((seal) => seal.dataStatus))).toEqual(new Set([0, 1]));
  });
});

describe('template search: paging', () => {
  it('answers page 0 of 10 by default, ordered by sort with id breaking ties', async () => {
    const all = await allTemplates();
    const page = await searchTemplates();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(ids(page.content)).toEqual(ids(all.slice(0, 10)));
  });

  it('pages are 0-based, never overlap, and the last one holds the rest', async () => {
    await expectPagesCoverAll(await allTemplates(), 7, searchTemplates);
  });

  it('caps the page size at 1000', async () => {
    expect((await searchTemplates({ size: 1000 })).size).toBe(1000);
    for (const size of [1001, 0]) {
      expect((await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { size }))).message).toBe(
        'size 参数必须在 1 到 1000 之间',
      );
    }
    expect((await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { page: -1 }))).message).toContain('page');
  });

  it('answers each row with exactly the declared fields, bindStatus following entid', async () => {
    const all = await allTemplates();
    const rows = await allTemplatesVia();
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(TEMPLATE_KEYS);
    expect(rows).toEqual(all);
    expect(rows.some((row) => row.bindStatus === 0 && row.entid === null)).toBe(true);
    expect(rows.some((row) => row.bindStatus === 1 && row.entid !== null)).toBe(true);
  });
});

describe('template search: filters', () => {
  const expectMatches = async (q: Record<string, unknown>, predicate: (row: Template) => boolean) => {
    const expected = (await allTemplates()).filter(predicate);
    const rows = await allTemplatesVia({ q });
    expect(ids(rows)).toEqual(ids(expected));
    return rows;
  };

  it('nm matches a part of the name, Latin letters in any case, % and _ as themselves', async () => {
    expect((await expectMatches({ nm: '大熊' }, (row) => row.nm.includes('大熊'))).length).toBeGreaterThan(0);
    expect((await expectMatches({ nm: '外包' }, (row) => row.nm.includes('外包'))).length).toBeGreaterThan(0);
    await expectMatches({ nm: ' 小规模版 ' }, (row) => row.nm.includes('小规模版'));
    const upper = await expectMatches({ nm: 'v1.' }, (row) => row.nm.includes('V1.'));
    expect(upper.length).toBeGreaterThan(0);
    for (const nm of ['%', '_', '协议_']) expect((await searchTemplates({ q: { nm } })).totalElements, nm).toBe(0);
  });

  it('type, platformmark, entid and useStatus match exactly', async () => {
    for (const type of [1, 2, 3, 4]) {
      expect((await expectMatches({ type }, (row) => row.type === type)).length).toBeGreaterThan(0);
    }
    for (const platformmark of [1, 3]) {
      expect(
        (await expectMatches({ platformmark }, (row) => row.platformmark === platformmark)).length,
      ).toBeGreaterThan(0);
    }
    expect((await expectMatches({ entid: 4 }, (row) => row.entid === 4)).length).toBe(4);
    for (const useStatus of [0, 1]) {
      expect((await expectMatches({ useStatus }, (row) => row.useStatus === useStatus)).length).toBeGreaterThan(0);
    }
  });

  it('combines filters with AND', async () => {
    await expectMatches(
      { type: 1, platformmark: 1, useStatus: 0 },
      (row) => row.type === 1 && row.platformmark === 1 && row.useStatus === 0,
    );
    const rows = await expectMatches(
      { nm: '大熊', entid: 4, type: 3 },
      (row) => row.nm.includes('大熊') && row.entid === 4 && row.type === 3,
    );
    expect(rows.length).toBe(1);
  });

  it('refuses malformed numbers and unknown keys, naming the keys that are allowed', async () => {
    expect((await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { q: { type: 'x' } }))).message).toBe(
      '模板类型必须是数字',
    );
    // type is an agreement type kept as data (agreement_types): an unknown one matches nothing rather than refusing.
    expect((await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { q: { entid: '1 or 1=1' } }))).message).toBe(
      '签约主体必须是数字',
    );
    for (const [key, label] of [
      ['platformmark', '版本'],
      ['useStatus', '使用状态'],
    ]) {
      expect((await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { q: { [key]: 9 } }))).message, key).toBe(
        `${label}的取值不正确`,
      );
    }
    const answer = await refusal('GET', listUrl(`${TEMPLATE_API}/search`, { q: { nm: '协议', sealType: 1 } }));
    expect(answer.message).toContain('sealType');
    for (const key of filterKeys(agreementTemplates)) expect(answer.message).toContain(key);
    expect(answer.content).toBeNull();
  });
});

describe('template search: sort', () => {
  it('sorts by the whitelisted fields in either direction, id breaking ties', async () => {
    const byNm = await t.db.selectFrom('agreement_templates').select('id').orderBy('nm').orderBy('id').execute();
    expect(ids(await allTemplatesVia({ sort: 'nm,asc' }))).toEqual(byNm.map((row) => Number(row.id)));
    const bySortDesc = await t.db
      .selectFrom('agreement_templates')
      .select('id')
      .orderBy('sort', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(ids(await allTemplatesVia({ sort: 'sort,desc' }))).toEqual(bySortDesc.map((row) => Number(row.id)));
    const all = await allTemplates();
    const byId = ids(all).sort((a, b) => a - b);
    expect(ids(await allTemplatesVia({ sort: 'id,desc' }))).toEqual([...byId].reverse());
    const byTime = [...all].sort((a, b) =>
      a.createTime === b.createTime ? a.id - b.id : a.createTime < b.createTime ? -1 : 1,
    );
    expect(ids(await allTemplatesVia({ sort: 'createTime,asc' }))).toEqual(ids(byTime));
  });

  it('refuses fields outside the whitelist and unknown directions', async () => {
    expect((await refusal('GET', `${TEMPLATE_API}/search?sort=useStatus,asc`)).message).toBe(
      '不支持按 useStatus 排序（可用：id、sort、nm、createTime）',
    );
    expect((await refusal('GET', `${TEMPLATE_API}/search?sort=nm,up`)).message).toBe('排序方向只能是 asc 或 desc');
  });
});

describe('one template: GET /api/v1/agreement_template/:id', () => {
  it('answers the same record as the search', async () => {
    const [first] = await allTemplates();
    expect(await okContent('GET', `${TEMPLATE_API}/${first.id}`)).toEqual(first);
  });

  it('a missing template and a malformed id are business errors', async () => {
    expect(await refusal('GET', `${TEMPLATE_API}/999999`)).toEqual({
      code: BUSINESS,
      message: '模板不存在',
      content: null,
    });
    expect((await refusal('GET', `${TEMPLATE_API}/abc`)).message).toBe('模板编号格式不正确');
  });
});

describe('create: POST /api/v1/agreement_template', () => {
  it('stores a template not in use; unknown and action-only fields are ignored', async () => {
    const before = await templateCount();
    const created = await createTemplate({ useStatus: 1, id: 1, bindStatus: 0, createTime: '2000-01-01 00:00:00' });
    expect(Object.keys(created).sort()).toEqual(TEMPLATE_KEYS);
    expect(created).toMatchObject({ ...VALID_TEMPLATE, useStatus: 0, bindStatus: 1 });
    expect(created.id).not.toBe(1);
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created.createTime).not.toBe('2000-01-01 00:00:00');
    expect(await templateCount()).toBe(before + 1);
    expect(await okContent('GET', `${TEMPLATE_API}/${created.id}`)).toEqual(created);
  });

  it('fills the optional fields: sort 0, xiong 0, no entity, no file; text is trimmed', async () => {
    const created = await okContent<Template>('POST', TEMPLATE_API, {
      nm: '  最小模板  ',
      type: '4',
      platformmark: '3',
      sealCertificationType: 1,
      entid: '',
    });
    expect(created).toMatchObject({
      nm: '最小模板',
      type: 4,
      platformmark: 3,
      sealCertificationType: 1,
      sort: 0,
      xiong: 0,
      entid: null,
      bindStatus: 0,
      fileUrl: null,
      useStatus: 0,
    });
  });

  const INVALID: readonly [field: string, value: unknown, message: string][] = [
    ['nm', undefined, '请输入模板名称'],
    ['nm', '   ', '请输入模板名称'],
    ['nm', '模'.repeat(65), '模板名称不能超过64个字符'],
    ['nm', { nested: true }, '模板名称格式不正确'],
    ['type', undefined, '请输入模板类型'],
    ['type', 9, '模板类型的取值不正确'],
    ['type', 'x', '模板类型必须是整数'],
    ['platformmark', 2, '版本的取值不正确'],
    ['platformmark', null, '请输入版本'],
    ['sealCertificationType', undefined, '请输入盖章认证方式'],
    ['sealCertificationType', 3, '盖章认证方式的取值不正确'],
    ['sort', -1, '排序必须在0到999999之间'],
    ['sort', 1_000_000, '排序必须在0到999999之间'],
    ['sort', 1.5, '排序必须是整数'],
    ['entid', 0, '签约主体格式不正确'],
    ['entid', 999_999, '所选签约主体不存在或不在您的权限范围内，请重新选择'],
    ['entid', 'abc', '签约主体必须是整数'],
    ['xiong', 2, '大熊模板的取值不正确'],
    ['fileUrl', 'javascript:alert(1)', '模板文件地址不正确，请重新上传'],
    ['fileUrl', 'https://example.com/a.pdf', '模板文件地址不正确，请重新上传'],
    ['fileUrl', `/api-v1/dl?file=${'a'.repeat(250)}`, '模板文件不能超过255个字符'],
  ];

  it.each(INVALID)(
    '%s = %j is refused with its message on the field, nothing stored',
    async (field, value, message) => {
      const before = await templateCount();
      const body: Record<string, unknown> = { ...VALID_TEMPLATE, [field]: value };
      if (value === undefined) delete body[field];
      const answer = await refusal('POST', TEMPLATE_API, body);
      expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
      expect(await templateCount()).toBe(before);
    },
  );

  it('reports every invalid field at once, the first declared one as the message', async () => {
    const answer = await refusal('POST', TEMPLATE_API, { sort: -5, type: 7, entid: -1, sealCertificationType: 1 });
    expect(answer).toEqual({
      code: BUSINESS,
      message: '排序必须在0到999999之间',
      content: {
        errors: {
          sort: '排序必须在0到999999之间',
          nm: '请输入模板名称',
          type: '模板类型的取值不正确',
          platformmark: '请输入版本',
          entid: '签约主体格式不正确',
        },
      },
    });
  });

  it('refuses a body that is not an object', async () => {
    const response = await clients.admin({
      method: 'POST',
      url: TEMPLATE_API,
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(envelopeOf(response)).toEqual({ code: BUSINESS, message: '请求内容必须是 JSON 对象', content: null });
  });
});

describe('update: PUT /api/v1/agreement_template/:id', () => {
  it('changes only the fields sent; useStatus and unknown fields are ignored', async () => {
    const created = await createTemplate();
    const changes = { nm: '改名后的外包协议', type: 2, sort: 42, sealCertificationType: 1, platformmark: 3, xiong: 0 };
    const updated = await okContent<Template>('PUT', `${TEMPLATE_API}/${created.id}`, {
      ...changes,
      useStatus: 1,
      bindStatus: 0,
      createTime: '2000-01-01 00:00:00',
    });
    // typeName follows the type (agreement_types, as seeded by migration 200).
    expect(updated).toEqual({ ...created, ...changes, typeName: '服务外包协议' });
    expect(await okContent('GET', `${TEMPLATE_API}/${created.id}`)).toEqual(updated);
  });

  it('a blank entid unbinds, a blank sort goes back to 0, a blank file is removed', async () => {
    const created = await createTemplate();
    const updated = await okContent<Template>('PUT', `${TEMPLATE_API}/${created.id}`, {
      entid: '',
      sort: '',
      fileUrl: null,
    });
    expect(updated).toEqual({ ...created, entid: null, entName: null, bindStatus: 0, sort: 0, fileUrl: null });
  });

  it('refuses invalid values with their messages and changes nothing', async () => {
    const created = await createTemplate();
    expect(await refusal('PUT', `${TEMPLATE_API}/${created.id}`, { nm: '', entid: -3 })).toEqual({
      code: BUSINESS,
      message: '请输入模板名称',
      content: { errors: { nm: '请输入模板名称', entid: '签约主体格式不正确' } },
    });
    expect(await okContent('GET', `${TEMPLATE_API}/${created.id}`)).toEqual(created);
  });

  it('a missing template is a business error', async () => {
    expect((await refusal('PUT', `${TEMPLATE_API}/999999`, { nm: '不存在' })).message).toBe('模板不存在');
  });
});

describe('use status: GET /api/v1/agreement_template/update_use_status/:id', () => {
  it('toggles 未启用 → 使用中 → 未启用', async () => {
    const created = await createTemplate();
    const enable = await call('admin', 'GET', `${TEMPLATE_API}/update_use_status/${created.id}`);
    expect(enable).toMatchObject({
      status: 200,
      code: OK,
      message: '启用成功',
      content: { id: created.id, useStatus: 1 },
    });
    const row = await t.db
      .selectFrom('agreement_templates')
      .select('use_status')
      .where('id', '=', created.id)
      .executeTakeFirst();
    expect(row?.use_status).toBe(1);
    const disable = await call('admin', 'GET', `${TEMPLATE_API}/update_use_status/${created.id}`);
    expect(disable).toMatchObject({ code: OK, message: '停用成功', content: { useStatus: 0 } });
  });

  it('a missing template is a business error', async () => {
    expect((await refusal('GET', `${TEMPLATE_API}/update_use_status/999999`)).message).toBe('模板不存在');
  });
});

describe('unbinding: POST /api/v1/agreement_template/unbinding?agreementId=', () => {
  it('clears the signing entity once; the template then shows in the unbound list', async () => {
    const created = await createTemplate({ platformmark: 3 });
    const answer = await call('admin', 'POST', `${TEMPLATE_API}/unbinding?agreementId=${created.id}`, {});
    expect(answer).toMatchObject({
      code: OK,
      message: '解绑成功',
      content: { ...created, entid: null, entName: null, bindStatus: 0 },
    });
    const unbound = await okContent<Template[]>('GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ platformmark: 3 })}`);
    expect(ids(unbound)).toContain(created.id);
    expect((await refusal('POST', `${TEMPLATE_API}/unbinding?agreementId=${created.id}`, {})).message).toBe(
      '模板未绑定签约主体，无需解绑',
    );
  });

  it('needs an existing template id', async () => {
    expect((await refusal('POST', `${TEMPLATE_API}/unbinding`, {})).message).toBe('模板编号格式不正确');
    expect((await refusal('POST', `${TEMPLATE_API}/unbinding?agreementId=x`, {})).message).toBe('模板编号格式不正确');
    expect((await refusal('POST', `${TEMPLATE_API}/unbinding?agreementId=999999`, {})).message).toBe('模板不存在');
  });
});

describe('unbound list: GET /api/v1/agreement_template/unbound?q=platformmark:', () => {
  it('answers every template without a signing entity of that edition, by sort then id', async () => {
    const all = await allTemplates();
    for (const platformmark of [1, 3]) {
      const rows = await okContent<Template[]>('GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ platformmark })}`);
      expect(rows).toEqual(all.filter((row) => row.entid === null && row.platformmark === platformmark));
    }
    const every = await okContent<Template[]>('GET', `${TEMPLATE_API}/unbound`);
    expect(every).toEqual(all.filter((row) => row.entid === null));
    expect(every.length).toBeGreaterThan(0);
  });

  it('takes platformmark only, as a number', async () => {
    const unknown = await refusal('GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ nm: '协议' })}`);
    expect(unknown.message).toBe('不支持的查询条件：nm（可用：platformmark）');
    expect((await refusal('GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ platformmark: 'x' })}`)).message).toBe(
      '版本必须是数字',
    );
    expect((await refusal('GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ platformmark: 2 })}`)).message).toBe(
      '版本的取值不正确',
    );
  });
});

describe('delete: DELETE /api/v1/agreement_template/:id', () => {
  it('refuses a template in use', async () => {
    const created = await createTemplate();
    await okContent('GET', `${TEMPLATE_API}/update_use_status/${created.id}`);
    expect(await refusal('DELETE', `${TEMPLATE_API}/${created.id}`)).toEqual({
      code: BUSINESS,
      message: '模板使用中，不能删除，请先停用',
      content: null,
    });
    expect((await okContent<Template>('GET', `${TEMPLATE_API}/${created.id}`)).id).toBe(created.id);
  });

  it('refuses a template with a normal seal, then deletes it with its voided seals once they are voided', async () => {
    const created = await createTemplate();
    const seal = await createSeal(created.id);
    const voided = await createSeal(created.id, { sealType: 1 });
    await okContent('PUT', `${SEAL_API}/${voided.id}/datastatus/0`);
    expect((await refusal('DELETE', `${TEMPLATE_API}/${created.id}`)).message).toBe(
      '模板下还有正常状态的印章，不能删除，请先作废印章',
    );
    await okContent('PUT', `${SEAL_API}/${seal.id}/datastatus/0`);
    const answer = await call('admin', 'DELETE', `${TEMPLATE_API}/${created.id}`);
    expect(answer).toMatchObject({ status: 200, code: OK, message: '删除成功', content: null });
    expect((await refusal('GET', `${TEMPLATE_API}/${created.id}`)).message).toBe('模板不存在');
    const left = await t.db
      .selectFrom('agreement_template_seals')
      .select('id')
      .where('template_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('deletes a template without seals; a missing one is a business error', async () => {
    const created = await createTemplate();
    expect(await okContent('DELETE', `${TEMPLATE_API}/${created.id}`)).toBeNull();
    expect((await refusal('DELETE', `${TEMPLATE_API}/${created.id}`)).message).toBe('模板不存在');
    expect((await refusal('DELETE', `${TEMPLATE_API}/0`)).message).toBe('模板编号格式不正确');
  });
});

// --- Seals -------------------------------------------------------------------------------------------

describe('seal search', () => {
  it('answers newest first, with exactly the declared fields and the template name', async () => {
    const all = await allSeals();
    const page = await searchSeals();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(page.content).toEqual(all.slice(0, 10));
    for (const row of page.content) expect(Object.keys(row).sort()).toEqual(SEAL_KEYS);
    expect(page.content.every((row) => typeof row.templateName === 'string' && row.templateName !== '')).toBe(true);
  });

  it('pages are 0-based and the last one holds the rest; size is capped', async () => {
    const all = await allSeals();
    const size = 25;
    const lastPage = Math.ceil(all.length / size) - 1;
    const seen: number[] = [];
    for (let page = 0; page <= lastPage; page += 1) seen.push(...ids((await searchSeals({ page, size })).content));
    expect(seen).toEqual(ids(all));
    expect((await refusal('GET', listUrl(`${SEAL_API}/search`, { size: 1001 }))).message).toBe(
      'size 参数必须在 1 到 1000 之间',
    );
  });

  it('filters by templateID and dataStatus, alone and combined', async () => {
    const all = await allSeals();
    const templateID = all.find((seal) => seal.dataStatus === 0)!.templateID;
    expect(await allSealsVia({ q: { templateID } })).toEqual(all.filter((seal) => seal.templateID === templateID));
    for (const dataStatus of [0, 1]) {
      const rows = await allSealsVia({ q: { dataStatus } });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(all.filter((seal) => seal.dataStatus === dataStatus));
    }
    const combined = await allSealsVia({ q: { templateID, dataStatus: 0 } });
    expect(combined.length).toBeGreaterThan(0);
    expect(combined).toEqual(all.filter((seal) => seal.templateID === templateID && seal.dataStatus === 0));
    expect(await allSealsVia({ q: { templateID: 999999 } })).toEqual([]);
  });

  it('refuses unknown keys, malformed numbers and sort fields outside the whitelist', async () => {
    const answer = await refusal('GET', listUrl(`${SEAL_API}/search`, { q: { sealType: 1 } }));
    expect(answer.message).toContain('sealType');
    for (const key of filterKeys(agreementTemplateSeals)) expect(answer.message).toContain(key);
    expect((await refusal('GET', listUrl(`${SEAL_API}/search`, { q: { templateID: 'x' } }))).message).toBe(
      '所属模板必须是数字',
    );
    expect((await refusal('GET', listUrl(`${SEAL_API}/search`, { q: { dataStatus: 2 } }))).message).toBe(
      '状态的取值不正确',
    );
    expect((await refusal('GET', `${SEAL_API}/search?sort=sealType,asc`)).message).toBe(
      '不支持按 sealType 排序（可用：id、templateID、createTime）',
    );
  });

  it('sorts by templateID and createTime, id breaking ties', async () => {
    const all = await allSeals();
    const byTemplate = [...all].sort((a, b) => a.templateID - b.templateID || a.id - b.id);
    expect(ids(await allSealsVia({ sort: 'templateID,asc' }))).toEqual(ids(byTemplate));
    const byTime = [...all].sort((a, b) =>
      a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1,
    );
    expect(ids(await allSealsVia({ sort: 'createTime,desc' }))).toEqual(ids(byTime));
  });
});

describe('one seal: GET /api/v1/agreement_template_seal/:id', () => {
  it('answers the same record as the search; a missing or malformed id is a business error', async () => {
    const [first] = await allSeals();
    expect(await okContent('GET', `${SEAL_API}/${first.id}`)).toEqual(first);
    expect(await refusal('GET', `${SEAL_API}/999999`)).toEqual({
      code: BUSINESS,
      message: '印章不存在',
      content: null,
    });
    expect((await refusal('GET', `${SEAL_API}/x`)).message).toBe('印章编号格式不正确');
  });
});

describe('add a seal: POST /api/v1/agreement_template_seal', () => {
  it("stores a normal seal of the template with its enterprise's own name; dataStatus and unknown fields are ignored", async () => {
    const template = await createTemplate();
    const seal = await createSeal(template.id, {
      dataStatus: 0,
      templateName: '别的名字',
      enterpriseName: '别的主体',
      id: 1,
    });
    expect(Object.keys(seal).sort()).toEqual(SEAL_KEYS);
    expect(seal).toMatchObject({
      templateID: template.id,
      templateName: template.nm,
      enterpriseID: 3,
      enterpriseName: '江西宝谷企业管理咨询有限公司',
      sealType: 2,
      dataStatus: 1,
      remark: '测试印章',
    });
    expect(seal.id).not.toBe(1);
    expect(await okContent('GET', `${SEAL_API}/${seal.id}`)).toEqual(seal);
    expect(ids(await allSealsVia({ q: { templateID: template.id } }))).toEqual([seal.id]);
  });

  const VALID_SEAL = { enterpriseID: 1, sealType: 1, remark: '' };
  const INVALID: readonly [field: string, value: unknown, message: string][] = [
    ['templateID', undefined, '请选择所属模板'],
    ['templateID', 999999, '所选所属模板不存在或不在您的权限范围内，请重新选择'],
    ['templateID', 0, '所属模板格式不正确'],
    ['templateID', 'abc', '所属模板必须是整数'],
    ['enterpriseID', undefined, '请选择签约主体'],
    ['enterpriseID', -1, '签约主体格式不正确'],
    ['enterpriseID', 999_999, '所选签约主体不存在或不在您的权限范围内，请重新选择'],
    ['sealType', undefined, '请输入印章类型'],
    ['sealType', 4, '印章类型的取值不正确'],
    ['remark', '备'.repeat(256), '备注不能超过255个字符'],
  ];

  it.each(INVALID)(
    '%s = %j is refused with its message on the field, nothing stored',
    async (field, value, message) => {
      const [template] = await allTemplates();
      const before = (await allSeals()).length;
      const body: Record<string, unknown> = { templateID: template.id, ...VALID_SEAL, [field]: value };
      if (value === undefined) delete body[field];
      const answer = await refusal('POST', SEAL_API, body);
      expect(answer).toEqual({ code: BUSINESS, message, content: { errors: { [field]: message } } });
      expect((await allSeals()).length).toBe(before);
    },
  );
});

describe('add a seal: several invalid fields', () => {
  it('are reported at once, a missing template among them', async () => {
    const answer = await refusal('POST', SEAL_API, { templateID: 999999, enterpriseID: 0, sealType: 1 });
    expect(answer).toEqual({
      code: BUSINESS,
      message: '所选所属模板不存在或不在您的权限范围内，请重新选择',
      content: {
        errors: {
          templateID: '所选所属模板不存在或不在您的权限范围内，请重新选择',
          enterpriseID: '签约主体格式不正确',
        },
      },
    });
  });
});

describe('void and restore: PUT /api/v1/agreement_template_seal/:id/datastatus/:status', () => {
  it('voids a normal seal and restores it, each once', async () => {
    const template = await createTemplate();
    const seal = await createSeal(template.id);
    const voided = await call('admin', 'PUT', `${SEAL_API}/${seal.id}/datastatus/0`);
    expect(voided).toMatchObject({ code: OK, message: '作废成功', content: { ...seal, dataStatus: 0 } });
    const row = await t.db
      .selectFrom('agreement_template_seals')
      .select('data_status')
      .where('id', '=', seal.id)
      .executeTakeFirst();
    expect(row?.data_status).toBe(0);
    expect((await refusal('PUT', `${SEAL_API}/${seal.id}/datastatus/0`)).message).toBe('印章已作废');
    const restored = await call('admin', 'PUT', `${SEAL_API}/${seal.id}/datastatus/1`);
    expect(restored).toMatchObject({ code: OK, message: '恢复成功', content: { ...seal, dataStatus: 1 } });
    expect((await refusal('PUT', `${SEAL_API}/${seal.id}/datastatus/1`)).message).toBe('印章已是正常状态');
  });

  it('refuses other statuses and missing seals', async () => {
    const [seal] = await allSeals();
    for (const status of ['2', 'x', '-1']) {
      expect((await refusal('PUT', `${SEAL_API}/${seal.id}/datastatus/${status}`)).message, status).toBe(
        '印章状态只能是0（作废）或1（正常）',
      );
    }
    expect((await refusal('PUT', `${SEAL_API}/999999/datastatus/0`)).message).toBe('印章不存在');
  });
});

// --- The declaration's actions reach these routes ----------------------------------------------------

describe('declared row actions', () => {
  const run = (action: { method: string; path: string }, id: number) =>
    call(
      'admin',
      action.method as 'GET',
      action.path.replace(':id', String(id)),
      action.method === 'GET' ? undefined : {},
    );

  it('启用, 停用 and 解绑 work on a template, each shown only where it applies', async () => {
    const created = await createTemplate();
    const byName = Object.fromEntries((agreementTemplates.actions ?? []).map((action) => [action.name, action]));
    expect(byName.enable.visibleWhen).toEqual({ field: 'useStatus', in: [0] });
    expect(byName.disable.visibleWhen).toEqual({ field: 'useStatus', in: [1] });
    expect(byName.unbind.visibleWhen).toEqual({ field: 'bindStatus', in: [1] });
    expect(byName.unbind.confirm).toBeTruthy();
    expect(await run(byName.enable, created.id)).toMatchObject({ code: OK, content: { useStatus: 1 } });
    expect(await run(byName.disable, created.id)).toMatchObject({ code: OK, content: { useStatus: 0 } });
    expect(await run(byName.unbind, created.id)).toMatchObject({ code: OK, content: { bindStatus: 0, entid: null } });
  });

  it('作废 (with a confirmation) and 恢复 work on a seal', async () => {
    const template = await createTemplate();
    const seal = await createSeal(template.id);
    const byName = Object.fromEntries((agreementTemplateSeals.actions ?? []).map((action) => [action.name, action]));
    expect(byName.void.confirm).toBeTruthy();
    expect(byName.void.visibleWhen).toEqual({ field: 'dataStatus', in: [1] });
    expect(byName.restore.visibleWhen).toEqual({ field: 'dataStatus', in: [0] });
    expect(await run(byName.void, seal.id)).toMatchObject({ code: OK, content: { dataStatus: 0 } });
    expect(await run(byName.restore, seal.id)).toMatchObject({ code: OK, content: { dataStatus: 1 } });
  });
});

// --- Permissions -------------------------------------------------------------------------------------

describe('permissions', () => {
  it('every role without ADM_PLAT_AGREEMENT_TEMPLATE_MGR gets 403 on every call, and nothing changes', async () => {
    const template = await createTemplate();
    const seal = await createSeal(template.id);
    const calls: readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', `${TEMPLATE_API}/search`],
      ['GET', `${TEMPLATE_API}/unbound?q=${encodeQ({ platformmark: 1 })}`],
      ['GET', `${TEMPLATE_API}/${template.id}`],
      ['POST', TEMPLATE_API, VALID_TEMPLATE],
      ['PUT', `${TEMPLATE_API}/${template.id}`, { nm: '越权改名' }],
      ['DELETE', `${TEMPLATE_API}/${template.id}`],
      ['GET', `${TEMPLATE_API}/update_use_status/${template.id}`],
      ['POST', `${TEMPLATE_API}/unbinding?agreementId=${template.id}`, {}],
      ['GET', `${SEAL_API}/search?q=${encodeQ({ templateID: template.id })}`],
      ['GET', `${SEAL_API}/${seal.id}`],
      ['POST', SEAL_API, { templateID: template.id, enterpriseID: 1, enterpriseName: '越权', sealType: 1 }],
      ['PUT', `${SEAL_API}/${seal.id}/datastatus/0`],
    ];
    const templatesBefore = await allTemplates();
    const sealsBefore = await allSeals();
    for (const account of DENIED) {
      for (const [method, url, payload] of calls) {
        const answer = await call(account, method, url, payload);
        expect(answer, `${account} ${method} ${url}`).toEqual({
          status: 403,
          code: FORBIDDEN,
          message: '无权限访问此页面！',
          content: null,
        });
      }
    }
    expect(await allTemplates()).toEqual(templatesBefore);
    expect(await allSeals()).toEqual(sealsBefore);
  });

  it('the admin may make each of those calls', async () => {
    const template = await createTemplate();
    const seal = await createSeal(template.id);
    for (const url of [
      `${TEMPLATE_API}/search`,
      `${TEMPLATE_API}/unbound`,
      `${TEMPLATE_API}/${template.id}`,
      `${SEAL_API}/search`,
      `${SEAL_API}/${seal.id}`,
    ]) {
      expect((await call('admin', 'GET', url)).code, url).toBe(OK);
    }
  });

  it('without a token every call is 401', async () => {
    for (const [method, url] of [
      ['GET', `${TEMPLATE_API}/search`],
      ['GET', `${TEMPLATE_API}/unbound`],
      ['GET', `${TEMPLATE_API}/1`],
      ['POST', TEMPLATE_API],
      ['PUT', `${TEMPLATE_API}/1`],
      ['DELETE', `${TEMPLATE_API}/1`],
      ['GET', `${TEMPLATE_API}/update_use_status/1`],
      ['POST', `${TEMPLATE_API}/unbinding?agreementId=1`],
      ['GET', `${SEAL_API}/search`],
      ['GET', `${SEAL_API}/1`],
      ['POST', SEAL_API],
      ['PUT', `${SEAL_API}/1/datastatus/0`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
