import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_TAG } from '../../server/http/docs/domains';
import { isApiRoute } from './support/schemaCoverage';
import { authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The OpenAPI document: who may read it (docsAccess.ts), that it lists every API route with its domain's tag and a
 * summary, and that Redocly's recommended rules find nothing in it (redocly.yaml).
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenOf(t.app, 'admin');
});
afterAll(async () => t?.close());

const documentOf = async (token = adminToken) => {
  const response = await authed(t.app, token)({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('who reads the API document', () => {
  it('a holder of UI_SYSTEM_TOOL reads it; no session is 401, a merchant 403', async () => {
    expect((await documentOf()).openapi).toBe('3.1.0');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    const merchant = await authed(
      t.app,
      await tokenOf(t.app, 'merchant'),
    )({
      method: 'GET',
      url: '/api/docs/openapi.json',
    });
    expect(merchant.statusCode).toBe(403);
    expect(envelopeOf(merchant).message).toBe('无权限访问此页面！');
  });

  it("the reader page is public; its copy of the document takes the link's ticket and nothing less", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const link = envelopeOf(await authed(t.app, adminToken).get('/api/docs/link'));
    expect(link.content.url).toMatch(/^\/api\/docs\/\?ticket=/);
    const ticket = new URL(link.content.url, 'http://x').searchParams.get('ticket') as string;
    const viaTicket = await t.app.inject({ method: 'GET', url: `/api/docs/json?ticket=${encodeURIComponent(ticket)}` });
    expect(viaTicket.statusCode).toBe(200);
    expect(viaTicket.json().openapi).toBe('3.1.0');
    const forged = `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/docs/openapi.json?ticket=${forged}` })).statusCode).toBe(
      401,
    );
    const merchantLink = await authed(t.app, await tokenOf(t.app, 'merchant')).get('/api/docs/link');
    expect(merchantLink.statusCode).toBe(403);
  });

  it('API_DOCS_PUBLIC=1 opens it to anyone', async () => {
    const open = await createTestApp({ API_DOCS_PUBLIC: '1' });
    try {
      const response = await open.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      expect(response.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('what the document says', () => {
  it('lists every API route, each tagged by its domain, with a summary and an operationId', async () => {
    const document = await documentOf();
    const operations = new Map<string, any>();
    for (const [url, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        operations.set(`${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, ':$1')}`, operation);
      }
    }
    const missing = t.app.routeCatalogue
      .filter(isApiRoute)
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !operations.has(key));
    expect(missing).toEqual([]);
    const untagged = [...operations]
      .filter(([, operation]) => !operation.tags?.length || operation.tags.includes(OTHER_TAG))
      .map(([key]) => key);
    expect(untagged, 'server/http/docs/domains.ts 中没有这些路径的领域').toEqual([]);
    for (const [key, operation] of operations) {
      expect(operation.summary, key).toMatch(/\S/);
      expect(operation.operationId, key).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.platformMark).toMatchObject({ in: 'header', name: 'platformMark' });
    expect(operations.get('POST /login').security).toEqual([]);
    // The page query is described once and referenced by the lists.
    const list = operations.get('GET /api/v1/industry/search');
    expect(list.parameters).toContainEqual({ $ref: '#/components/parameters/q' });
  });

  it('lints clean with Redocly (redocly.yaml: the recommended rules)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(await documentOf()));
      const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
      const run = promisify(execFile);
      const { stdout, stderr } = await run(
        process.execPath,
        [cli, 'lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'summary', '--max-problems', '1000'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      );
      const output = `${stdout}\n${stderr}`;
      expect(output).toMatch(/valid/);
      expect(output).not.toMatch(/^(warning|error) /m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
