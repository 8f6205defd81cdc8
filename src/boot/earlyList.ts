import { applyConfigJson, configJson } from '../../providers/appConfig';
import { publishEarlyResponse } from '../../providers/earlyResponse';
import { type ListParams, listRequest } from '../../providers/listRequest';
import { requestHeaders } from '../../providers/requestHeaders';
import { buildUrl } from '../../providers/requestUrl';
import { getSession } from '../../providers/sessionStore';
import { mustPickCompany } from '../domain/editions';
import { initialListParams } from './listParams';
import type { ListRecipe } from './listRecipes';

/**
 * The page the opened list will ask for first (its query string, else the stored params, else the defaults) and
 * its URL; undefined for a user who must pick a company first (the company-switch view replaces the list).
 */
export function openedListPage(recipe: ListRecipe): { params: Required<ListParams>; url: string } | undefined {
  const session = getSession();
  if (!session || mustPickCompany(session)) return undefined;
  const {
    pagination = { page: 1, perPage: 10 },
    sort = { field: '', order: 'ASC' },
    filter = {},
  } = initialListParams(recipe, window.location.search, localStorage);
  const params = { pagination, sort, filter };
  const { path, query, q } = listRequest(recipe.api, params);
  return { params, url: buildUrl(path, query, q) };
}

/**
 * Asks for the opened list's first page (exactly the request its <List> will make) and publishes the answer for
 * the app and the first paint (providers/earlyResponse.ts).
 */
export async function startEarlyList(recipe: ListRecipe): Promise<void> {
  applyConfigJson(await configJson());
  const page = openedListPage(recipe);
  if (page) publishEarlyResponse(page.url, fetch(page.url, { headers: requestHeaders() }));
}
