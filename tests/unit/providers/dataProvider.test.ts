import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import { createDataProvider, type ResourceApi } from '../../../providers/dataProvider';
import { setUnauthorizedHandler } from '../../../providers/httpClient';
import { saveToken } from '../../../providers/sessionStore';
import { currentToasts, dismissToast } from '../../../src/shell/toast';
import { envelope, MemoryStorage, ok } from './helpers';

type FetchArgs = [input: string, init: RequestInit];

const APIS: Record<string, ResourceApi> = {
  adMerchant: {
    list: '/api/v1/companies',
    one: '/api/v1/companies/:id',
    create: '/api/v1/companies',
    update: '/api/v1/companies/:id',
    delete: '/api/v1/companies/:id',
  },
  adSmallMerchant: {
    list: '/api/v1/companies',
    update: '/api/v1/companies/:id/status',
    updateMethod: 'PATCH',
    listQuery: { platformmark: 3 },
    fixedFilters: { edition: 3 },
  },
  readOnly: { list: '/api/v1/read-only' },
};

const lookup = vi.fn((resource: string): ResourceApi => {
  const api = APIS[resource];
  if (!api) throw new Error(`unknown resource ${resource}`);
  return api;
});

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
function answer(response: () => Response) {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response());
  vi.stubGlobal('fetch', fetchMock);
}

function call(index = 0): { url: URL; rawUrl: string; init: RequestInit } {
  const args = fetchMock.mock.calls[index];
  if (!args) throw new Error(`no fetch call #${index}`);
  return { url: new URL(args[0], 'http://local.test'), rawUrl: args[0], init: args[1] };
}

/** The raw (still encoded) value of q, as the server reads it. */
function rawQ(rawUrl: string): string | undefined {
  return rawUrl
    .split('?')[1]
    ?.split('&')
    .find((part) => part.startsWith('q='))
    ?.slice(2);
}

const page = (rows: unknown[], totalElements: number) => ({
  content: rows,
  totalElements,
  number: 0,
  size: rows.length,
});

const dataProvider = createDataProvider(lookup);

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
  setUnauthorizedHandler(() => {});
  for (const toast of currentToasts()) dismissToast(toast.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getList', () => {
  it('maps page 1 → page=0, perPage → size, sort → field,desc and filters → q=', async () => {
    answer(() => ok(page([{ id: 1, coname: 'A' }], 31)));
    const result = await dataProvider.getList('adMerchant', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: { coname: '上海;x', status: 1, empty: '' },
    });
    const { url, rawUrl, init } = call();
    expect(url.pathname).toBe('/api/v1/companies');
    expect(init.method).toBe('GET');
    expect(url.searchParams.get('page')).toBe('0');
    expect(url.searchParams.get('size')).toBe('25');
    expect(url.searchParams.get('sort')).toBe('createTime,desc');
    expect(rawQ(rawUrl)).toBe(`${encodeURIComponent('coname:上海;x')};${encodeURIComponent('status:1')}`);
    expect(result).toEqual({ data: [{ id: 1, coname: 'A' }], total: 31 });
  });

  it('maps page 3 → page=2 and ASC → asc; omits sort without a field', async () => {
    answer(() => ok(page([], 0)));
    await dataProvider.getList('adMerchant', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(call().url.searchParams.get('page')).toBe('2');
    expect(call().url.searchParams.get('sort')).toBe('id,asc');
    expect(rawQ(call().rawUrl)).toBeUndefined();

    await dataProvider.getList('adMerchant', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    expect(call(1).url.searchParams.has('sort')).toBe(false);
  });

  it('merges fixedFilters into q and listQuery into the query string', async () => {
    answer(() => ok(page([{ id: 9 }], 1)));
    const result = await dataProvider.getList('adSmallMerchant', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'id', order: 'DESC' },
      filter: { coname: 'abc' },
    });
    const { url, rawUrl } = call();
    expect(url.searchParams.get('platformmark')).toBe('3');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('size')).toBe('50');
    expect(rawQ(rawUrl)).toBe(`${encodeURIComponent('coname:abc')};${encodeURIComponent('edition:3')}`);
    expect(result.total).toBe(1);
    expect(result.data).toEqual([{ id: 9 }]);
  });

  it('getManyReference adds the target to the filters', async () => {
    answer(() => ok(page([], 0)));
    await dataProvider.getManyReference('adMerchant', {
      target: 'cid',
      id: 42,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(rawQ(call().rawUrl)).toBe(encodeURIComponent('cid:42'));
  });
});

describe('single-record calls', () => {
  it('getOne GETs api.one with the id', async () => {
    answer(() => ok({ id: 12, coname: 'X' }));
    const result = await dataProvider.getOne('adMerchant', { id: 12 });
    expect(call().url.pathname).toBe('/api/v1/companies/12');
    expect(call().init.method).toBe('GET');
    expect(result.data).toEqual({ id: 12, coname: 'X' });
  });

  it('getMany GETs each id', async () => {
    answer(() => ok({ id: 1 }));
    await dataProvider.getMany('adMerchant', { ids: [3, 4] });
    expect(fetchMock.mock.calls.map((args) => new URL(args[0], 'http://x').pathname).sort()).toEqual([
      '/api/v1/companies/3',
      '/api/v1/companies/4',
    ]);
  });

  it('create POSTs json to api.create', async () => {
    answer(() => ok({ id: 5, coname: 'New' }));
    const result = await dataProvider.create('adMerchant', { data: { coname: 'New' } });
    expect(call().url.pathname).toBe('/api/v1/companies');
    expect(call().init.method).toBe('POST');
    expect(JSON.parse(call().init.body as string)).toEqual({ coname: 'New' });
    expect(result.data).toEqual({ id: 5, coname: 'New' });
  });

  it('update PUTs json to api.update with the id', async () => {
    answer(() => ok({ id: 5, coname: 'Changed' }));
    const result = await dataProvider.update('adMerchant', {
      id: 5,
      data: { coname: 'Changed' },
      previousData: { id: 5 },
    });
    expect(call().url.pathname).toBe('/api/v1/companies/5');
    expect(call().init.method).toBe('PUT');
    expect(JSON.parse(call().init.body as string)).toEqual({ coname: 'Changed' });
    expect(result.data).toEqual({ id: 5, coname: 'Changed' });
  });

  it('update honours updateMethod', async () => {
    answer(() => ok({ id: 6 }));
    await dataProvider.update('adSmallMerchant', { id: 6, data: { status: 1 }, previousData: { id: 6 } });
    expect(call().url.pathname).toBe('/api/v1/companies/6/status');
    expect(call().init.method).toBe('PATCH');
  });

  it('delete DELETEs api.delete with the id and returns the previous data', async () => {
    answer(() => ok(null));
    const result = await dataProvider.delete('adMerchant', { id: 7, previousData: { id: 7, coname: 'Old' } });
    expect(call().url.pathname).toBe('/api/v1/companies/7');
    expect(call().init.method).toBe('DELETE');
    expect(result.data).toEqual({ id: 7, coname: 'Old' });
  });

  it('deleteMany and updateMany repeat the single call per id', async () => {
    answer(() => ok(null));
    await expect(dataProvider.deleteMany('adMerchant', { ids: [1, 2] })).resolves.toEqual({ data: [1, 2] });
    await expect(dataProvider.updateMany('adMerchant', { ids: [3], data: { a: 1 } })).resolves.toEqual({ data: [3] });
    expect(fetchMock.mock.calls.map((args) => `${args[1].method} ${args[0]}`)).toEqual([
      'DELETE /api/v1/companies/1',
      'DELETE /api/v1/companies/2',
      'PUT /api/v1/companies/3',
    ]);
  });

  it('sends the session token', async () => {
    saveToken('abc');
    answer(() => ok({ id: 1 }));
    await dataProvider.getOne('adMerchant', { id: 1 });
    expect((call().init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
  });
});

describe('errors', () => {
  it('a 1040400 envelope rejects with an HttpError carrying the message and body.errors', async () => {
    answer(() => envelope(1040400, { errors: { coname: '公司名称已存在' } }, '公司名称已存在'));
    const error = await dataProvider.create('adMerchant', { data: { coname: 'Dup' } }).then(
      () => {
        throw new Error('expected a rejection');
      },
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.message).toBe('公司名称已存在');
    expect(httpError.status).toBe(400);
    expect(httpError.body.errors).toEqual({ coname: '公司名称已存在' });
    // the data provider's callers show the message: no general toast on top
    expect(currentToasts()).toEqual([]);
  });

  it('any other non-success code also rejects, without a general toast', async () => {
    answer(() => envelope(1050500, null, '服务器内部错误'));
    await expect(dataProvider.getOne('adMerchant', { id: 1 })).rejects.toMatchObject({ message: '服务器内部错误' });
    expect(currentToasts()).toEqual([]);
  });

  it('an HTTP failure becomes an HttpError with the HTTP status', async () => {
    answer(() => new Response('', { status: 500 }));
    const error = await dataProvider.getOne('adMerchant', { id: 1 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(500);
    expect((error as HttpError).message).toBe('服务器500，请稍后再试！');
  });

  it('a 401 becomes an HttpError 401 (so react-admin runs checkError)', async () => {
    answer(() => envelope(1040100, null, '未登录', 401));
    await expect(
      dataProvider.getList('adMerchant', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('a missing api path throws a developer message naming the resource, without calling the API', async () => {
    answer(() => ok({}));
    await expect(dataProvider.getOne('readOnly', { id: 1 })).rejects.toThrow(/readOnly.*api\.one/);
    await expect(dataProvider.create('readOnly', { data: {} })).rejects.toThrow(/readOnly.*api\.create/);
    await expect(dataProvider.update('readOnly', { id: 1, data: {}, previousData: { id: 1 } })).rejects.toThrow(
      /readOnly.*api\.update/,
    );
    await expect(dataProvider.delete('readOnly', { id: 1 })).rejects.toThrow(/readOnly.*api\.delete/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
