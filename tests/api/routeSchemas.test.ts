import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_SCHEMA_ROUTES } from './support/pendingSchemaRoutes';
import { isApiRoute, missingSchemaParts, routeKey } from './support/schemaCoverage';
import { type AuthedClient, authed, createTestApp, type TestApp, tokenOf } from './support/testApp';

/**
 * Every route declares what it accepts and answers (server/README.md, "Route schemas"), read from the routes the app
 * registered (an onRoute hook), so next month's route is covered without anyone remembering. The routes not yet
 * converted are listed once (support/pendingSchemaRoutes.ts); a listed route that now has its schemas fails until it
 * leaves the list, so the list only shrinks. Then the attack: a NUL character, a bidirectional override and
 * "Infinity" sent to every route never reach a handler where no schema describes them, and never answer 500.
 */
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => t?.close());

const apiRoutes = () => t.app.routeCatalogue.filter(isApiRoute);

describe('every route declares its schemas', () => {
  it('reads the routes the app registered', () => {
    const keys = apiRoutes().map(routeKey);
    expect(keys.length).toBeGreaterThan(450);
    for (const known of ['POST /login', 'GET /api/v1/industry/search', 'GET /api/docs/openapi.json']) {
      expect(keys).toContain(known);
    }
  });

  it('a route off the pending list declares params, query, body, answer and a Chinese summary', () => {
    const pending = new Set(PENDING_SCHEMA_ROUTES);
    const lacking = apiRoutes()
      .filter((route) => !pending.has(routeKey(route)))
      .map((route) => [routeKey(route), missingSchemaParts(route)] as const)
      .filter(([, missing]) => missing.length > 0)
      .map(([key, missing]) => `${key}: ${missing.join(', ')}`);
    expect(lacking, '这些路由缺少 schema（见 server/README.md「Route schemas」）').toEqual([]);
  });

  it('a route on the pending list still lacks a schema: the list only shrinks', () => {
    const routes = new Map(apiRoutes().map((route) => [routeKey(route), route]));
    const done = PENDING_SCHEMA_ROUTES.filter((key) => {
      const route = routes.get(key);
      return route && missingSchemaParts(route).length === 0;
    });
    expect(done, '这些路由已声明 schema，请从 tests/api/support/pendingSchemaRoutes.ts 中删去').toEqual([]);
    const unknown = PENDING_SCHEMA_ROUTES.filter((key) => !routes.has(key));
    expect(unknown, '这些路由已不存在，请从列表中删去').toEqual([]);
    expect(new Set(PENDING_SCHEMA_ROUTES).size).toBe(PENDING_SCHEMA_ROUTES.length);
  });
});

/** Routes whose effect would end the walk's own session whatever it sends. */
const NOT_WALKED = new Set(['POST /api/v1/accounts/logout']);
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);
const concrete = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value).replace(/\*/g, 'x');

function declaredTextFields(schema: unknown): string[] {
  const body = schema as { properties?: Record<string, { 'x-text'?: unknown }>; anyOf?: unknown[] } | undefined;
  const object = body?.properties ? body : (body?.anyOf?.[0] as typeof body);
  return Object.entries(object?.properties ?? {})
    .filter(([, field]) => field && 'x-text' in field)
    .map(([name]) => name);
}

describe('what no schema describes cannot reach a handler', () => {
  it('a NUL or a direction override in any body field is refused with 1040400, never 500', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of apiRoutes()) {
      if (BODYLESS.has(route.method) || NOT_WALKED.has(routeKey(route))) continue;
      const schema = route.schema as { body?: unknown } | undefined;
      const names = new Set(['name', 'nm', 'remark', 'reason', ...declaredTextFields(schema?.body)]);
      for (const poison of ['物\u0000流', '\u202E物流']) {
        const payload = Object.fromEntries([...names].map((name) => [name, poison]));
        const response = await admin({
          method: route.method as InjectOptions['method'],
          url: concrete(route.url, '1'),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
          remoteAddress: '10.42.0.1',
        });
        const where = `${routeKey(route)} ${JSON.stringify(poison)}`;
        if (response.statusCode >= 500) failures.push(`${where}: HTTP ${response.statusCode}`);
        const refusedHere = !schema?.body || declaredTextFields(schema.body).length > 0;
        if (refusedHere) {
          const body = response.json();
          if (body.code !== BUSINESS || !/[\u4e00-\u9fff]/u.test(body.message)) {
            failures.push(`${where}: ${response.statusCode} ${body.code} ${body.message}`);
          }
          refused++;
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk reached text fields (every route now describes its body; the guard's own rule: tests/unit/inputGuard).
    expect(refused).toBeGreaterThan(0);
  });

  // Three requests to each of the 450-odd routes: seconds alone, more on a machine shared with other runs.
  it('"Infinity", "NaN" and "1e3" as a path parameter or query value never answer 500', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      if (NOT_WALKED.has(routeKey(route))) continue;
      for (const value of ['Infinity', 'NaN', '1e3']) {
        const hasParams = /:[A-Za-z_]/.test(route.url);
        const url = `${concrete(route.url, value)}?id=${value}&page=${value}&size=${value}`;
        const response = await admin({
          method: route.method as InjectOptions['method'],
          url,
          ...(BODYLESS.has(route.method) ? {} : { payload: { id: value } }),
          remoteAddress: '10.42.0.2',
        });
        if (response.statusCode >= 500) failures.push(`${routeKey(route)} ${value}: HTTP ${response.statusCode}`);
        const schema = route.schema as { params?: unknown; querystring?: unknown } | undefined;
        if (((hasParams && !schema?.params) || !schema?.querystring) && value !== '1e3') {
          // The guard walked the schema-less part and refused it.
          const json = /^application\/json/.test(String(response.headers['content-type']));
          const code = json ? response.json().code : response.headers['content-type'];
          if (code !== BUSINESS) failures.push(`${routeKey(route)} ${value}: ${code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
