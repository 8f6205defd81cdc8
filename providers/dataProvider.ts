import { type DataProvider, HttpError, type RaRecord } from 'ra-core';
import type { Page } from '../src/domain/codes';
import { ApiError, type RequestOptions, request } from './httpClient';
import { listRequest } from './listRequest';

/** The API paths of one resource; `:id` is replaced by the record id. */
export interface ResourceApi {
  list: string;
  one?: string;
  create?: string;
  update?: string;
  /** HTTP method of updates (default PUT). */
  updateMethod?: 'PUT' | 'PATCH' | 'POST';
  delete?: string;
  /** Extra query parameters every list call carries (e.g. platformmark of an edition's view). */
  listQuery?: Record<string, string | number>;
  /** Filters that always apply to this route (e.g. the edition of a small-scale view). */
  fixedFilters?: Record<string, string | number>;
}

export type ResourceApiLookup = (resource: string) => ResourceApi;

function withId(path: string, id: unknown): string {
  return path.replace(':id', encodeURIComponent(String(id)));
}

/** Any answer but success becomes a react-admin HttpError with the server's message (DESIGN §2). */
async function call<T>(path: string, options: RequestOptions): Promise<T> {
  try {
    const envelope = await request<T>(path, { ...options, silent: true });
    if (envelope.code !== 1020000) {
      const content = envelope.content as { errors?: Record<string, string> } | null;
      throw new HttpError(envelope.message || '操作失败', 400, { errors: content?.errors, content });
    }
    return envelope.content;
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status || 500, { content: error.content });
    throw error;
  }
}

function need(api: ResourceApi, key: keyof ResourceApi, resource: string): string {
  const path = api[key];
  if (typeof path !== 'string') throw new Error(`资源 ${resource} 的声明缺少 api.${key}，请在 resources/ 中补充`);
  return path;
}

/**
 * react-admin data provider over the contract (DESIGN §2):
 * getList/getManyReference → GET api.list?q=k:v;k2:v2&page=(0-based)&size=&sort=field,asc|desc
 * getOne/getMany → GET api.one; create → POST api.create; update → PUT api.update;
 * delete → DELETE api.delete; updateMany/deleteMany repeat the single call per id.
 */
export function createDataProvider(lookup: ResourceApiLookup): DataProvider {
  const getList: DataProvider['getList'] = async (resource, params) => {
    const api = lookup(resource);
    need(api, 'list', resource);
    const { path, query, q } = listRequest(api, params);
    const result = await call<Page<RaRecord>>(path, { query, q, signal: params.signal });
    return { data: result.content as never[], total: result.totalElements };
  };

  const getOne: DataProvider['getOne'] = async (resource, params) => {
    const api = lookup(resource);
    const data = await call<RaRecord>(withId(need(api, 'one', resource), params.id), { signal: params.signal });
    return { data: data as never };
  };

  return {
    getList,
    getOne,
    async getMany(resource, params) {
      const data = await Promise.all(
        params.ids.map((id) => getOne(resource, { id, signal: params.signal }).then((result) => result.data)),
      );
      return { data };
    },
    async getManyReference(resource, params) {
      return getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create(resource, params) {
      const data = await call<RaRecord>(need(lookup(resource), 'create', resource), {
        method: 'POST',
        json: params.data,
      });
      return { data: data as never };
    },
    async update(resource, params) {
      const api = lookup(resource);
      const data = await call<RaRecord>(withId(need(api, 'update', resource), params.id), {
        method: api.updateMethod ?? 'PUT',
        json: params.data,
      });
      return { data: data as never };
    },
    async updateMany(resource, params) {
      const api = lookup(resource);
      for (const id of params.ids) {
        await call(withId(need(api, 'update', resource), id), { method: api.updateMethod ?? 'PUT', json: params.data });
      }
      return { data: params.ids };
    },
    async delete(resource, params) {
      await call(withId(need(lookup(resource), 'delete', resource), params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(resource, params) {
      const path = need(lookup(resource), 'delete', resource);
      for (const id of params.ids) await call(withId(path, id), { method: 'DELETE' });
      return { data: params.ids };
    },
  };
}
