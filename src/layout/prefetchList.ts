import { hasEarlyResponse, publishEarlyResponse } from '../../providers/earlyResponse';
import { listRequest } from '../../providers/listRequest';
import { requestHeaders } from '../../providers/requestHeaders';
import { buildUrl } from '../../providers/requestUrl';
import { getSession } from '../../providers/sessionStore';
import { FIRST_PAINT_PAGES } from '../../resources/firstPaintPages';
import { RESOURCES } from '../../resources/index';
import { hasFirstPaint } from '../../resources/types';
import { initialListParams } from '../boot/listParams';
import { mustPickCompany } from '../domain/editions';

/** The lists whose first request is known before they mount: those the first paint draws (src/boot). */
const LISTS = new Map(
  [...RESOURCES.filter(hasFirstPaint), ...FIRST_PAINT_PAGES].map((list) => [`/${list.name}`, list]),
);

/** The list asks within a render or two of the click; an answer this old is not taken. */
const MAX_AGE_MS = 5_000;

/**
 * A menu link to a list was pressed: ask at once for the page the list will ask for (the query string, else the
 * last visit's page, sort and filters, else the defaults), while React is still rendering it. The list's request
 * takes this answer (providers/earlyResponse.ts) instead of starting only once the list has mounted.
 */
export function prefetchList(path: string): void {
  const list = LISTS.get(path);
  const session = getSession();
  if (!list || !session || window.location.pathname === path) return;
  // The company-switch view replaces the page of a user who has not picked a company yet.
  if (mustPickCompany(session)) return;
  const { path: apiPath, query, q } = listRequest(list.api, initialListParams(list, '', localStorage));
  const url = buildUrl(apiPath, query, q);
  // Pressed, then clicked: one request.
  if (hasEarlyResponse(url)) return;
  const response = fetch(url, { headers: requestHeaders() });
  // A failure is the list's to report when it takes the answer; nobody may take it.
  response.catch(() => undefined);
  publishEarlyResponse(url, response, MAX_AGE_MS);
}
