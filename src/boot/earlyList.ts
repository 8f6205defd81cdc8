import { applyConfigJson, configJson } from '../../providers/appConfig';
import { publishEarlyResponse } from '../../providers/earlyResponse';
import { listRequest } from '../../providers/listRequest';
import { requestHeaders } from '../../providers/requestHeaders';
import { buildUrl } from '../../providers/requestUrl';
import { getSession } from '../../providers/sessionStore';
import { canSwitchCompany } from '../domain/editions';
import { initialListParams } from './listParams';
import type { ListRecipe } from './listRecipes';

/** The URL of the page the opened list will ask for first (its query string, else the stored params, else defaults). */
export function earlyListUrl(recipe: ListRecipe): string {
  const params = initialListParams(recipe, window.location.search, localStorage);
  const { path, query, q } = listRequest(recipe.api, params);
  return buildUrl(path, query, q);
}

/**
 * Asks for the opened list's first page (exactly the request its <List> will make) and publishes the answer for
 * the app and the first paint (providers/earlyResponse.ts). Nothing for a user who has not picked a company yet:
 * the company-switch view replaces the list.
 */
export async function startEarlyList(recipe: ListRecipe): Promise<void> {
  const session = getSession();
  if (!session || (!session.switchCompany && canSwitchCompany(session))) return;
  applyConfigJson(await configJson());
  const url = earlyListUrl(recipe);
  publishEarlyResponse(url, fetch(url, { headers: requestHeaders() }));
}
