import { describe, expect, it } from 'vitest';
import { listRequest } from '../../../providers/listRequest';
import { buildUrl } from '../../../providers/requestUrl';
import { FIRST_PAINT_PAGES } from '../../../resources/firstPaintPages';
import { RESOURCES } from '../../../resources/index';
import { hasFirstPaint, type ResourceDeclaration } from '../../../resources/types';
import { initialListParams } from '../../../src/boot/listParams';
import { listRecipes } from '../../../src/boot/listRecipes';

function storageWith(entries: Record<string, string>): Storage {
  return {
    getItem: (key) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
    key: () => null,
    length: Object.keys(entries).length,
  };
}

function urlOf(
  declaration: Pick<ResourceDeclaration, 'name' | 'api' | 'defaultSort' | 'pageSizes'>,
  search: string,
  storage: Storage,
) {
  const { path, query, q } = listRequest(declaration.api, initialListParams(declaration, search, storage));
  return buildUrl(path, query, q);
}

describe('listRecipes (what boot.js knows to ask for a list’s first page)', () => {
  const declarations = [...RESOURCES.filter(hasFirstPaint), ...FIRST_PAINT_PAGES];
  const recipes = listRecipes(declarations);

  it('has every list with a first paint, by its path, and nothing else', () => {
    expect(Object.keys(recipes).sort()).toEqual(declarations.map((declaration) => `/${declaration.name}`).sort());
    expect(recipes['/adMerchant']).toBeDefined();
    expect(recipes['/adRoleSettings']).toBeUndefined();
  });

  it.each(declarations.map((declaration) => [declaration.name, declaration] as const))(
    '/%s: the recipe asks for the same URL as the whole declaration',
    (name, declaration) => {
      const recipe = recipes[`/${name}`];
      const stored = storageWith({
        [`RaStore.${name}.listParams`]: JSON.stringify({
          page: 3,
          perPage: 50,
          sort: 'id',
          order: 'ASC',
          filter: { q: 'x' },
        }),
      });
      for (const [search, storage] of [
        ['', storageWith({})],
        ['?page=2&perPage=200&filter=%7B%22status%22%3A1%7D', storageWith({})],
        ['', stored],
      ] as const) {
        expect(urlOf(recipe, search, storage)).toBe(urlOf(declaration, search, storage));
      }
    },
  );
});
