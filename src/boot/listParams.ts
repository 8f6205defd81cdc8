import queryString from 'query-string';
import type { ListParams } from '../../providers/listRequest';
import { type FieldDeclaration, listFields, listPageSizes, type ResourceDeclaration } from '../../resources/types';

/** react-admin's default store (localStorageStore) keeps every key under this prefix. */
const STORE_PREFIX = 'RaStore.';

function readStore(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(`${STORE_PREFIX}${key}`);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

type ListQuery = Record<string, unknown>;

/**
 * react-admin's parseQueryFromLocation, on the same query-string parser, without ra-core (through it React and
 * lodash: 60 KB for two small functions). tests/unit/listParams.test.ts checks both copies agree.
 */
export function parseListQuery(search: string): ListQuery {
  const query: ListQuery = { ...queryString.parse(search) };
  for (const key of ['filter', 'displayedFilters']) {
    if (typeof query[key] !== 'string') continue;
    try {
      query[key] = JSON.parse(query[key] as string);
    } catch {
      delete query[key];
    }
  }
  return query;
}

function hasCustomParams(params: ListQuery): boolean {
  return (
    !!params.filter &&
    (Object.keys(params.filter as object).length > 0 ||
      params.order != null ||
      params.page !== 1 ||
      params.perPage != null ||
      params.sort != null)
  );
}

function numberOr(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = typeof value === 'string' ? Number.parseInt(value, 10) : (value as number);
  return Number.isNaN(parsed) ? fallback : parsed;
}

/** react-admin's getQuery (ra-core useListParams): the query string wins, then the store, then the defaults. */
export function mergeListQuery(options: {
  queryFromLocation: ListQuery;
  params: ListQuery;
  sort: { field: string; order: string };
  perPage: number;
}): ListQuery & { page: number; perPage: number } {
  const { queryFromLocation, params, sort, perPage } = options;
  const query: ListQuery =
    Object.keys(queryFromLocation).length > 0
      ? queryFromLocation
      : hasCustomParams(params)
        ? { ...params }
        : { filter: {} };
  if (!query.sort) {
    query.sort = sort.field;
    query.order = sort.order;
  }
  if (query.perPage == null) query.perPage = perPage;
  if (query.page == null) query.page = 1;
  return { ...query, page: numberOr(query.page, 1), perPage: numberOr(query.perPage, 10) };
}

/**
 * The page, sort and filters react-admin's <List> will ask for on this URL: the query string's, else those
 * kept from the last visit, else the declaration's defaults, with the props GeneratedList passes.
 */
export function initialListParams(
  declaration: Pick<ResourceDeclaration, 'name' | 'defaultSort' | 'pageSizes'>,
  search: string,
  storage: Storage,
): ListParams {
  const stored = readStore(storage, `${declaration.name}.listParams`);
  const query = mergeListQuery({
    queryFromLocation: parseListQuery(search),
    params: stored && typeof stored === 'object' ? (stored as ListQuery) : {},
    sort: declaration.defaultSort,
    perPage: listPageSizes(declaration)[0],
  });
  return {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: String(query.sort), order: String(query.order) },
    filter: (query.filter as Record<string, unknown> | undefined) ?? {},
  };
}

/** 'select': the row checkbox of lists whose rows can be picked (declarations with documents, 打包下载). */
export type Column = FieldDeclaration | 'actions' | 'select';

/**
 * The columns the list shows: the column chooser's choice when the user made one (react-admin keeps it in
 * the store by column index), else every list field but the hidden ones, then the action column.
 */
export function visibleColumns(declaration: ResourceDeclaration, storage: Storage): Column[] {
  const hasActions =
    (declaration.actions?.length ?? 0) > 0 ||
    declaration.customRowActions === true ||
    declaration.documents !== undefined;
  // In the app's column order (GeneratedList): the stored column choice counts the selection column too.
  const all: Column[] = [
    ...(declaration.documents ? (['select'] as const) : []),
    ...listFields(declaration),
    ...(hasActions ? (['actions'] as const) : []),
  ];
  const key = `preferences.${declaration.name}.datagrid`;
  const chosen = readStore(storage, `${key}.columns`);
  if (Array.isArray(chosen)) {
    return chosen.map((index) => all[Number(index)]).filter((column) => column !== undefined);
  }
  const stored = readStore(storage, `${key}.omit`);
  const omit = Array.isArray(stored) ? stored : declaration.fields.filter((f) => f.hidden).map((f) => f.source);
  return all.filter((column) => column === 'actions' || column === 'select' || !omit.includes(column.source));
}
