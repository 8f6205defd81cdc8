import fc from 'fast-check';
import queryString from 'query-string';
import { getQuery, parseQueryFromLocation } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { companies } from '../../../resources/companies';
import type { ResourceDeclaration } from '../../../resources/types';
import { initialListParams, mergeListQuery, parseListQuery, visibleColumns } from '../../../src/boot/listParams';

function memoryStorage(values: Record<string, unknown> = {}): Storage {
  const map = new Map(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)]));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    key: (index) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

// What react-admin writes into the URL: stringify({ ...query, filter: JSON.stringify(filter) }).
const listQuery = fc.record(
  {
    filter: fc.dictionary(fc.constantFrom('coname', 'stime', 'etime', 'platformmark', 'a b', '名'), fc.string()),
    page: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('x', '')),
    perPage: fc.constantFrom(10, 25, 50, 200, 'abc'),
    sort: fc.constantFrom('createTime', 'id', 'name'),
    order: fc.constantFrom('ASC', 'DESC'),
    displayedFilters: fc.dictionary(fc.constantFrom('coname', 'stime'), fc.boolean()),
  },
  { requiredKeys: [] },
);

function toSearch(query: Record<string, unknown>): string {
  const { filter, displayedFilters, ...rest } = query;
  return `?${queryString.stringify({
    ...rest,
    ...(filter !== undefined ? { filter: JSON.stringify(filter) } : {}),
    ...(displayedFilters !== undefined ? { displayedFilters: JSON.stringify(displayedFilters) } : {}),
  })}`;
}

describe('parseListQuery (the first paint’s copy of react-admin’s parseQueryFromLocation)', () => {
  it('reads every list URL react-admin writes the same way react-admin does', () => {
    fc.assert(
      fc.property(listQuery, (query) => {
        const search = toSearch(query);
        expect(plain(parseListQuery(search))).toEqual(plain(parseQueryFromLocation({ search })));
      }),
      { numRuns: 500 },
    );
  });

  it('drops a filter that is not JSON, as react-admin does', () => {
    const search = '?filter=%7Bbroken&perPage=25';
    expect(plain(parseListQuery(search))).toEqual(plain(parseQueryFromLocation({ search })));
    expect(parseListQuery(search)).toEqual({ perPage: '25' });
  });
});

describe('mergeListQuery (the first paint’s copy of react-admin’s getQuery)', () => {
  it('merges URL, stored params and defaults exactly like react-admin', () => {
    const stored = fc.oneof(
      fc.constant({}),
      fc.record({
        filter: fc.dictionary(fc.constantFrom('coname', 'x'), fc.string()),
        order: fc.constantFrom(null, 'ASC', 'DESC'),
        page: fc.constantFrom(1, 2, 7),
        perPage: fc.constantFrom(null, 10, 50),
        sort: fc.constantFrom(null, 'id', 'name'),
      }),
    );
    fc.assert(
      fc.property(
        fc.option(listQuery, { nil: undefined }),
        stored,
        fc.constantFrom(10, 50),
        (query, params, perPage) => {
          const queryFromLocation = query ? parseQueryFromLocation({ search: toSearch(query) }) : {};
          const sort = { field: 'createTime', order: 'DESC' };
          const ours = mergeListQuery({
            queryFromLocation: { ...queryFromLocation },
            params: { ...params },
            sort,
            perPage,
          });
          const theirs = getQuery({
            queryFromLocation: { ...queryFromLocation },
            params: { ...params },
            filterDefaultValues: undefined,
            sort,
            perPage,
          });
          expect(plain(ours)).toEqual(plain(theirs));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('initialListParams', () => {
  it('takes page, size, sort and filters from the URL', () => {
    const search = toSearch({ filter: { coname: '上海' }, page: 3, perPage: 50, sort: 'id', order: 'ASC' });
    expect(initialListParams(companies, search, memoryStorage())).toEqual({
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { coname: '上海' },
    });
  });

  it('falls back to the params kept from the last visit, then to the declaration', () => {
    const storage = memoryStorage({
      'RaStore.adMerchant.listParams': { filter: { coname: 'x' }, page: 2, perPage: 100, sort: null, order: null },
    });
    expect(initialListParams(companies, '', storage)).toEqual({
      pagination: { page: 2, perPage: 100 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: { coname: 'x' },
    });
    expect(initialListParams(companies, '', memoryStorage())).toEqual({
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createTime', order: 'DESC' },
      filter: {},
    });
  });
});

describe('visibleColumns', () => {
  const declaration: ResourceDeclaration = {
    ...companies,
    fields: [
      { source: 'id', label: '编号', type: 'number' },
      { source: 'secret', label: '不在列表', type: 'text', list: false },
      { source: 'name', label: '名称', type: 'text' },
      { source: 'note', label: '备注', type: 'text', hidden: true },
    ],
    actions: [{ name: 'x', label: '删除', method: 'DELETE', path: '/x/:id' }],
  };
  const sources = (columns: ReturnType<typeof visibleColumns>) =>
    columns.map((column) => (column === 'actions' || column === 'select' ? column : column.source));

  it('shows the list fields but the hidden ones, then the action column', () => {
    expect(sources(visibleColumns(declaration, memoryStorage()))).toEqual(['id', 'name', 'actions']);
  });

  it('follows the column chooser: the chosen column indexes, or the stored omissions', () => {
    const chosen = memoryStorage({ 'RaStore.preferences.adMerchant.datagrid.columns': ['2', '0'] });
    expect(sources(visibleColumns(declaration, chosen))).toEqual(['note', 'id']);
    const omitted = memoryStorage({ 'RaStore.preferences.adMerchant.datagrid.omit': ['id'] });
    expect(sources(visibleColumns(declaration, omitted))).toEqual(['name', 'note', 'actions']);
  });
});
