import type { ResourceDeclaration } from '../../resources/types';

/** What it takes to ask for a list's first page the way react-admin's <List> will (listParams.ts, listRequest). */
export type ListRecipe = Pick<ResourceDeclaration, 'name' | 'api' | 'defaultSort' | 'pageSizes'>;

/**
 * The first-paint lists' requests by path, for boot.js (scripts/bootPlugin.ts): boot.js asks for the opened list's
 * first page as soon as config.json has come, instead of once firstPaint.js (every declaration, 20 KB gzip) has
 * downloaded behind the app's chunks and run (that request was what the app's first render waited for).
 */
export function listRecipes(declarations: readonly ResourceDeclaration[]): Record<string, ListRecipe> {
  return Object.fromEntries(
    declarations.map(({ name, api, defaultSort, pageSizes }) => [
      `/${name}`,
      {
        name,
        api: { list: api.list, listQuery: api.listQuery, fixedFilters: api.fixedFilters },
        defaultSort,
        pageSizes,
      },
    ]),
  );
}
