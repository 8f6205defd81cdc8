import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEnvelopeErrors } from '../../server/http/envelope';
import { BusinessError } from '../../server/http/errors';
import {
  DEFAULT_PAGE_SIZE,
  type ListSpec,
  MAX_PAGE_SIZE,
  pageOf,
  parseListQuery,
  rawQueryParam,
} from '../../server/http/listQuery';
import { encodeQ } from '../../src/domain/query';

const SPEC: ListSpec = {
  filterKeys: ['coname', 'mobile', 'stime', 'etime', 'status'],
  sortFields: ['createTime', 'name'],
};

/** What a route does: the framework's parsed query for page/size/sort, the raw URL for q. */
function parse(url: string, spec: ListSpec = SPEC) {
  return parseListQuery(url, { ...parseQueryString(url.split('?')[1] ?? '') }, spec);
}

/** The BusinessError (code 1040400) parse throws, or fails the test when it throws nothing. */
function refusal(url: string, spec: ListSpec = SPEC): BusinessError {
  try {
    parse(url, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).code).toBe(1040400);
    return error as BusinessError;
  }
  throw new Error(`expected ${url} to be refused`);
}

const q = (filters: Record<string, unknown>) => `/api/v1/x?q=${encodeQ(filters)}`;

describe('rawQueryParam', () => {
  it('returns the still-encoded value of the named parameter', () => {
    expect(rawQueryParam('/x?page=0&q=coname%3A%E4%B8%8A%E6%B5%B7%3Bx;mobile%3A1&size=10', 'q')).toBe(
      'coname%3A%E4%B8%8A%E6%B5%B7%3Bx;mobile%3A1',
    );
  });

  it('is undefined when the parameter or the query string is absent', () => {
    expect(rawQueryParam('/x', 'q')).toBeUndefined();
    expect(rawQueryParam('/x?', 'q')).toBeUndefined();
    expect(rawQueryParam('/x?page=1', 'q')).toBeUndefined();
  });

  it('is empty for a parameter without a value', () => {
    expect(rawQueryParam('/x?q', 'q')).toBe('');
    expect(rawQueryParam('/x?q=&page=1', 'q')).toBe('');
  });

  it('matches the whole name only', () => {
    expect(rawQueryParam('/x?qq=1&aq=2&q2=3', 'q')).toBeUndefined();
    expect(rawQueryParam('/x?qq=1&q=2', 'q')).toBe('2');
  });

  it('takes the first occurrence', () => {
    expect(rawQueryParam('/x?q=a%3A1&q=b%3A2', 'q')).toBe('a%3A1');
  });

  it('turns a form-encoded + into an encoded space, keeping %2B a plus', () => {
    expect(rawQueryParam('/x?q=coname:a+b', 'q')).toBe('coname:a%20b');
    expect(rawQueryParam('/x?q=coname%3Aa%2Bb', 'q')).toBe('coname%3Aa%2Bb');
  });

  it('keeps an = inside the value', () => {
    expect(rawQueryParam('/x?q=coname%3Aa=b', 'q')).toBe('coname%3Aa=b');
  });
});

describe('parseListQuery: pages', () => {
  it('defaults to the first page (0) of the default size, no filters, no sort', () => {
    expect(parse('/api/v1/x')).toEqual({ page: 0, size: DEFAULT_PAGE_SIZE, offset: 0, filters: {}, sort: null });
  });

  it('pages are 0-based: page 0 starts at row 0, page 2 of size 20 at row 40', () => {
    expect(parse('/x?page=0&size=20')).toMatchObject({ page: 0, size: 20, offset: 0 });
    expect(parse('/x?page=2&size=20')).toMatchObject({ page: 2, size: 20, offset: 40 });
  });

  it('treats empty page and size as absent', () => {
    expect(parse('/x?page=&size=')).toMatchObject({ page: 0, size: DEFAULT_PAGE_SIZE });
  });

  it(`caps size at ${MAX_PAGE_SIZE} unless the resource allows more`, () => {
    expect(parse(`/x?size=${MAX_PAGE_SIZE}`).size).toBe(MAX_PAGE_SIZE);
    expect(refusal(`/x?size=${MAX_PAGE_SIZE + 1}`).message).toBe(`size 参数必须在 1 到 ${MAX_PAGE_SIZE} 之间`);
    const notices: ListSpec = { ...SPEC, maxSize: 10_000 };
    expect(parse('/x?size=10000', notices).size).toBe(10_000);
    expect(refusal('/x?size=10001', notices).message).toContain('10000');
  });

  it.each(['0'])('refuses size=%s', (size) => {
    expect(refusal(`/x?size=${size}`).message).toContain('size');
  });

  it.each(['-1', '1.5', 'abc', '1e2x', 'Infinity'])('refuses nonsense in page and size (%s)', (value) => {
    expect(refusal(`/x?page=${value}`).message).toBe('page 参数必须是非负整数');
    expect(refusal(`/x?size=${value}`).message).toContain('size');
  });

  it('refuses a repeated page parameter', () => {
    expect(refusal('/x?page=1&page=2').message).toContain('page');
  });

  it('refuses an absurd page', () => {
    expect(refusal('/x?page=10000001').message).toBe('page 参数过大');
    expect(parse('/x?page=10000000&size=1').offset).toBe(10_000_000);
  });
});

describe('parseListQuery: q= filters', () => {
  it('decodes pairs encoded one by one (encodeQ of the web app)', () => {
    expect(parse(q({ coname: '上海', mobile: '13900000002' })).filters).toEqual({
      coname: '上海',
      mobile: '13900000002',
    });
  });

  it.each([
    ['a ; inside a value', '上海;x'],
    ['a : inside a value', '10:30'],
    ['a % inside a value', '100%'],
    ['an encoded-looking value', '%3B%25'],
    ['spaces and Chinese', ' 上海 灵动 科技 '],
    ['a + and an &', 'a+b&c=d'],
    ['an emoji', '灵工😀'],
  ])('keeps %s intact', (_name, value) => {
    expect(parse(q({ coname: value, status: '1' })).filters).toEqual({ coname: value, status: '1' });
  });

  it('reads a space sent as + (form encoding)', () => {
    expect(parse('/x?q=coname:%E4%B8%8A%E6%B5%B7+%E7%81%B5%E5%8A%A8').filters).toEqual({ coname: '上海 灵动' });
  });

  it('leaves out empty values', () => {
    expect(parse('/x?q=coname%3A;mobile%3A139').filters).toEqual({ mobile: '139' });
    expect(parse(q({ coname: '', mobile: undefined, status: '0' })).filters).toEqual({ status: '0' });
  });

  it('accepts a date range', () => {
    expect(parse(q({ stime: '2026-01-01 00:00:00', etime: '2026-01-31 23:59:59' })).filters).toEqual({
      stime: '2026-01-01 00:00:00',
      etime: '2026-01-31 23:59:59',
    });
  });

  it('refuses an unknown key with a message naming it and the keys allowed', () => {
    const error = refusal(q({ coname: 'x', password: 'y', 'name;drop': 'z' }));
    expect(error.message).toBe(`不支持的查询条件：password、name;drop（可用：${SPEC.filterKeys.join('、')}）`);
  });

  it('refuses every key for a resource without filters', () => {
    expect(refusal(q({ coname: 'x' }), { filterKeys: [], sortFields: [] }).message).toContain('无');
  });

  it('does not decode the whole query string before splitting (an encoded ; stays in its value)', () => {
    // Decoding the whole q first would produce a third pair "x" (no colon) and lose ";x" from coname.
    const url = `/x?q=${encodeURIComponent('coname:上海;x')};${encodeURIComponent('mobile:1')}`;
    expect(parse(url).filters).toEqual({ coname: '上海;x', mobile: '1' });
  });

  it('does not crash on malformed percent-encoding', () => {
    expect(() => {
      try {
        parse('/x?q=coname%3A%E4%B8;mobile%3A1');
      } catch (error) {
        if (!(error instanceof BusinessError)) throw error;
      }
    }).not.toThrow();
  });
});

describe('parseListQuery: sort', () => {
  it('accepts a whitelisted field with a direction, asc by default', () => {
    expect(parse('/x?sort=name,desc').sort).toEqual({ field: 'name', order: 'desc' });
    expect(parse('/x?sort=createTime,asc').sort).toEqual({ field: 'createTime', order: 'asc' });
    expect(parse('/x?sort=name').sort).toEqual({ field: 'name', order: 'asc' });
  });

  it('uses the default sort when none is asked for', () => {
    const spec: ListSpec = { ...SPEC, defaultSort: { field: 'createTime', order: 'desc' } };
    expect(parse('/x', spec).sort).toEqual({ field: 'createTime', order: 'desc' });
    expect(parse('/x?sort=', spec).sort).toEqual({ field: 'createTime', order: 'desc' });
    expect(parse('/x?sort=name,asc', spec).sort).toEqual({ field: 'name', order: 'asc' });
  });

  it.each(['password', 'name;drop table users', 'NAME', 'id'])('refuses a field not whitelisted (%s)', (field) => {
    const error = refusal(`/x?sort=${encodeURIComponent(field)},asc`);
    expect(error.message).toContain(`不支持按 ${field} 排序`);
    expect(error.message).toContain('createTime');
  });

  it.each(['up', 'DESC', 'asc;', ''])('refuses a direction other than asc|desc (%s)', (order) => {
    expect(refusal(`/x?sort=name,${encodeURIComponent(order)}`).message).toBe('排序方向只能是 asc 或 desc');
  });
});

describe('pageOf', () => {
  it('builds content: { content, totalElements, number, size }', () => {
    expect(pageOf([{ id: 1 }], 41, { page: 4, size: 10 })).toEqual({
      content: [{ id: 1 }],
      totalElements: 41,
      number: 4,
      size: 10,
    });
  });
});

describe('through Fastify (raw URL as the server sees it)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerEnvelopeErrors(app);
    app.get('/list', async (request) => ({
      code: 1020000,
      message: '操作成功',
      content: parseListQuery(request.url, request.query as Record<string, unknown>, SPEC),
    }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('q from the browser survives Fastify: ; : % spaces and Chinese inside values', async () => {
    const filters = { coname: '上海;灵动 科技:100%', mobile: '139 0000' };
    const response = await app.inject({
      method: 'GET',
      url: `/list?page=1&size=5&sort=name,desc&q=${encodeQ(filters)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toEqual({
      page: 1,
      size: 5,
      offset: 5,
      filters,
      sort: { field: 'name', order: 'desc' },
    });
  });

  it('a refusal is a 1040400 envelope with the message', async () => {
    const response = await app.inject({ method: 'GET', url: `/list?q=${encodeQ({ secret: 'x' })}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(1040400);
    expect(body.message).toContain('secret');
    expect(body.content).toBeNull();
  });
});
