import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The findings of a fuzz of every route, each replayed: a NUL character in a text field answered 500 on PostgreSQL
 * (and was stored on SQLite, as were NaN, Infinity and a right-to-left override before a name); "Infinity" as an id
 * reached PostgreSQL; Fastify's own refusals came back in English under 1050500. Each now answers 1040400 in Chinese
 * on both databases and writes nothing.
 */
const BUSINESS = 1040400;
const CHINESE = /[\u4e00-\u9fff]/u;

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => t?.close());

async function send(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, client = admin) {
  const response = await client({ method, url, payload: payload as object, remoteAddress: '10.77.0.1' });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
  return envelopeOf(response);
}

const NUL = '物流\u0000公司';
const RLO = '\u202E司公流物';

/** Each finding's route, the body it took, and the table whose rows must not change. */
const TEXT_FINDINGS: readonly [name: string, url: string, body: (text: string) => object, table: string][] = [
  ['行业', '/api/v1/industry', (text) => ({ nm: text, processStatus: 1 }), 'industries'],
  ['角色', '/api/v1/roles', (text) => ({ name: text, kind: 3, codes: [] }), 'roles'],
  [
    '代征主体',
    '/api/v1/enterprises',
    (text) => ({ name: text, creditCode: '91330106MA2B0J5D4X', rateLevel1: 600, rateLevel2: 500, rateLevel3: 400 }),
    'enterprises',
  ],
  ['协议类型', '/api/v1/agreementTemplateType', (text) => ({ name: text, sort: 1 }), 'agreement_types'],
  ['帮助分类', '/api/v1/help/categories', (text) => ({ name: text, sort: 1 }), 'help_categories'],
  [
    '虚拟企业',
    '/api/v1/cloud/virtual/partner/company',
    (text) => ({ partnerId: 4, name: text }),
    'virtual_partner_companies',
  ],
];

const count = async (table: string) =>
  Number(
    (
      (await (t.db.selectFrom(table as any) as any)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()) as { n: number | string }
    ).n,
  );

describe('a control character or a direction override in a name is refused, never stored', () => {
  it.each(TEXT_FINDINGS)(
    '%s: NUL and RLO answer 1040400 in Chinese and write nothing',
    async (_name, url, body, table) => {
      const before = await count(table);
      for (const text of [NUL, RLO]) {
        const answer = await send('POST', url, body(text));
        expect(answer.code, `${url} ${answer.message}`).toBe(BUSINESS);
        expect(answer.message).toMatch(CHINESE);
        expect(answer.message).toMatch(/控制字符/);
      }
      expect(await count(table)).toBe(before);
    },
  );

  it('the field is named in content.errors, as the form shows it on its input', async () => {
    const answer = await send('POST', '/api/v1/industry', { nm: NUL, processStatus: 1 });
    expect(answer.content).toEqual({ errors: { nm: answer.message } });
    expect(answer.message).toBe('行业名称不能包含控制字符，请删除后再提交');
    const bidi = await send('POST', '/api/v1/industry', { nm: RLO, processStatus: 1 });
    expect(bidi.message).toBe('行业名称不能包含文字方向控制字符，请删除后再提交');
  });

  it('the public name-and-phone check refuses a NUL before it looks anything up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/common/checknameandphone',
      payload: { name: 'merchant\u0000', phone: '13900000002' },
      remoteAddress: '10.77.0.2',
    });
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toMatch(CHINESE);
  });

  it('text is trimmed and NFC-normalised once: a decomposed é is stored composed', async () => {
    const answer = await send('POST', '/api/v1/industry', { nm: '  Cafe\u0301物流  ', processStatus: 1 });
    expect(answer.code, answer.message).toBe(1020000);
    expect(answer.content.nm).toBe('Caf\u00e9物流');
  });

  it('a NUL inside q= is refused before it is matched', async () => {
    const answer = envelopeOf(await admin.get(`/api/v1/industry/search?q=${encodeURIComponent('nm:物\u0000流')}`));
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toMatch(CHINESE);
  });
});

describe('"Infinity" as an id is refused, never sent to the database', () => {
  it('PATCH /api/v1/subsidiary/crm/unbinding', async () => {
    for (const id of ['Infinity', 'NaN', '1e3', '-1', '99999999999999999999']) {
      const answer = await send('PATCH', '/api/v1/subsidiary/crm/unbinding', { id });
      expect(answer.code, `${id}: ${answer.message}`).toBe(BUSINESS);
      expect(answer.message).toMatch(CHINESE);
    }
  });

  it('POST /api/v1/enterprises/download/1/1', async () => {
    for (const companyId of ['Infinity', 'NaN', '1e3']) {
      const answer = await send('POST', '/api/v1/enterprises/download/1/1', { companyId });
      expect(answer.code, `${companyId}: ${answer.message}`).toBe(BUSINESS);
      expect(answer.message).toMatch(CHINESE);
    }
  });

  it('a JSON number past the float range (1e400 is Infinity once parsed) is refused', async () => {
    const response = await admin({
      method: 'PATCH',
      url: '/api/v1/subsidiary/crm/unbinding',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": 1e400}',
    });
    expect(envelopeOf(response).code).toBe(BUSINESS);
  });
});

describe("Fastify's own refusals are Chinese under 1040400, never English, never 1050500", () => {
  const raw = (contentType: string, payload: string, url = '/api/v1/industry') =>
    admin({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it.each([
    ['JSON that does not parse', 'application/json', '{"nm": ', 400, '请求内容不是有效的 JSON'],
    ['an empty JSON body', 'application/json', '', 400, '请求内容为空：声明为 JSON 的请求须带 JSON 内容'],
    ['a content type no parser reads', 'text/csv', 'nm\n物流', 415, '不支持的请求内容类型，请以 JSON 或表单提交'],
    ['a prototype-poisoning body', 'application/json', '{"__proto__": {"x": 1}}', 400, null],
  ] as const)('%s', async (_name, contentType, payload, status, message) => {
    const response = await raw(contentType, payload);
    expect(response.statusCode).toBe(status);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toMatch(CHINESE);
    expect(answer.message).not.toMatch(/[A-Za-z]{6,}/);
    if (message) expect(answer.message).toBe(message);
  });

  it('a body over the limit', async () => {
    const response = await raw('application/json', JSON.stringify({ nm: 'a'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response)).toMatchObject({ code: BUSINESS, message: expect.stringMatching(CHINESE) });
  });
});
