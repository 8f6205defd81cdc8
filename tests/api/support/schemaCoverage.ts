import type { CataloguedRoute } from '../../../server/http/routeCatalogue';

/**
 * What a route must declare (server/README.md, "Route schemas"): path parameters when its path has any, a query
 * string when it is a GET (lists, filters, `?download=1`), a body when its method carries one, an answer, and a
 * Chinese summary for the API document. The reader's own files (`schema.hide`) and the web app's pages are not
 * API routes.
 */
export type SchemaPart = 'params' | 'querystring' | 'body' | 'response' | 'summary';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const CHINESE = /[\u4e00-\u9fff]/u;

export function isApiRoute(route: CataloguedRoute): boolean {
  if ((route.schema as { hide?: boolean } | undefined)?.hide) return false;
  return /^\/(?:api\/|api-v1\/|open\/v1\/|login$|code\/login$|refresh_token$)/.test(route.url);
}

export function missingSchemaParts(route: CataloguedRoute): SchemaPart[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const missing: SchemaPart[] = [];
  if (/[:*]/.test(route.url) && !schema.params) missing.push('params');
  if (route.method === 'GET' && !schema.querystring) missing.push('querystring');
  if (WITH_BODY.has(route.method) && !schema.body) missing.push('body');
  const response = schema.response as Record<string, unknown> | undefined;
  if (!response || !Object.keys(response).some((status) => /^2/.test(status))) missing.push('response');
  if (typeof schema.summary !== 'string' || !CHINESE.test(schema.summary)) missing.push('summary');
  return missing;
}

export const routeKey = (route: Pick<CataloguedRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
