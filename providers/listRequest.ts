import type { ResourceApi } from './dataProvider';
import type { Query } from './requestUrl';

export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

/**
 * One page of a list as the contract asks for it (DESIGN §2): 0-based page, size, sort=field,asc|desc,
 * the filters as q= pairs plus the resource's fixed ones. The data provider and the first paint
 * (src/boot/firstPaint.ts) both use it, so the early request is exactly the one the list makes.
 */
export function listRequest(
  api: ResourceApi,
  params: ListParams,
): { path: string; query: Query; q: Record<string, unknown> } {
  const { page = 1, perPage = 10 } = params.pagination ?? {};
  const sort = params.sort?.field ? `${params.sort.field},${params.sort.order === 'DESC' ? 'desc' : 'asc'}` : undefined;
  const { q: _fullText, ...filters } = params.filter ?? {};
  return {
    path: api.list,
    query: { page: page - 1, size: perPage, sort, ...api.listQuery },
    q: { ...filters, ...api.fixedFilters },
  };
}
