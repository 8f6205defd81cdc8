import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, formRequest, sha256Hex, type TestApp } from './support/testApp';

/**
 * A web app on another origin (config.json's apiBase pointing at this server) works: the browser's preflight OPTIONS
 * is answered for the origins in CORS_ORIGINS (it was a 404), and only for them; with none configured nothing
 * changes. Behind TLS (BEHIND_TLS=1) every answer carries HSTS. A page whose config.json names an API elsewhere may
 * connect there (its CSP's connect-src).
 */
const ADMIN_ORIGIN = 'https://admin.example.com';
const OTHER_ORIGIN = 'https://evil.example.net';

let plain: TestApp;
let crossOrigin: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  const webRoot = fs.mkdtempSync(path.join(plain.config.dataDir, 'web-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>灵工结算平台</title></head></html>',
  );
  fs.writeFileSync(path.join(webRoot, 'config.json'), JSON.stringify({ apiBase: 'https://api.example.com/lg' }));
  crossOrigin = await createTestApp({
    CORS_ORIGINS: `${ADMIN_ORIGIN},http://localhost:5173`,
    BEHIND_TLS: '1',
    WEB_ROOT: webRoot,
  });
});
afterAll(async () => {
  await crossOrigin?.close();
  await plain?.close();
});

const preflight = (t: TestApp, origin: string, method = 'PATCH', url = '/api/v1/accounts/password') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type,platformmark',
    },
  });

describe('CORS for the configured origins', () => {
  it('answers the preflight of a configured origin with what the web app sends', async () => {
    const response = await preflight(crossOrigin, ADMIN_ORIGIN);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'platformmark']));
    expect(response.headers['access-control-max-age']).toBe('600');
    // Tokens travel in a header, never in cookies: no credentials.
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers.vary)).toMatch(/origin/i);
  });

  it('a cross-origin login and a call with its token get the origin allowed, downloads their file name', async () => {
    const login = await crossOrigin.app.inject(
      formRequest(
        '/login',
        { username: 'merchant', password: sha256Hex('Demo1234'), type: 1, platformMark: 1 },
        { origin: ADMIN_ORIGIN, platformMark: '1' },
      ),
    );
    expect(login.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    const token = envelopeOf(login).content.token as string;
    const call = await crossOrigin.app.inject({
      method: 'GET',
      url: '/api/v1/servicecharge',
      headers: { origin: ADMIN_ORIGIN, authorization: `Bearer ${token}`, platformmark: '1' },
    });
    expect(envelopeOf(call).code).toBe(1020000);
    expect(call.headers['access-control-allow-origin']).toBe(ADMIN_ORIGIN);
    expect(String(call.headers['access-control-expose-headers']).toLowerCase()).toContain('content-disposition');
  });

  it('allows no origin that is not configured', async () => {
    const response = await preflight(crossOrigin, OTHER_ORIGIN);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const call = await crossOrigin.app.inject({ method: 'GET', url: '/api/health', headers: { origin: OTHER_ORIGIN } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with no CORS_ORIGINS (the default) no origin is allowed', async () => {
    const response = await preflight(plain, ADMIN_ORIGIN);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const call = await plain.app.inject({ method: 'GET', url: '/api/health', headers: { origin: ADMIN_ORIGIN } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('HSTS behind TLS', () => {
  it('every answer carries Strict-Transport-Security: API, refusals, not found, pages', async () => {
    for (const url of ['/api/health', '/api/v1/servicecharge', '/api/v1/nothing-here', '/adMerchant']) {
      const response = await crossOrigin.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('is not sent unless BEHIND_TLS says so', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('a page whose config.json names an API elsewhere', () => {
  it("may connect to that API's origin, and to nothing else", async () => {
    const response = await crossOrigin.app.inject({ method: 'GET', url: '/login' });
    const connect = String(response.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    expect(connect).toEqual(['connect-src', "'self'", 'https://api.example.com']);
  });
});
