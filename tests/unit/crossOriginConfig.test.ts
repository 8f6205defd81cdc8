import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiOriginOf } from '../../server/appPages';
import { loadConfig } from '../../server/config';

/** CORS_ORIGINS and BEHIND_TLS are checked at start-up (server/config.ts); config.json's API origin enters the CSP. */
const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lg-cors-config-')),
  JWT_SECRET: 'j'.repeat(40),
  ID_KEY: 'k'.repeat(40),
});

describe('CORS_ORIGINS', () => {
  it('is empty by default: no other origin is answered', () => {
    expect(loadConfig(base()).corsOrigins).toEqual([]);
  });

  it('takes a comma-separated list of origins, as the browser writes them', () => {
    const config = loadConfig({
      ...base(),
      CORS_ORIGINS: 'https://Admin.Example.com, http://localhost:5173,https://admin.example.com/',
    });
    expect(config.corsOrigins).toEqual(['https://admin.example.com', 'http://localhost:5173']);
  });

  it.each([
    '*',
    'https://*.example.com',
    'https://admin.example.com/app',
    'admin.example.com',
    'ftp://a.example.com',
    'https://a.com;x',
  ])('refuses to start on %s and says what an origin looks like', (value) => {
    expect(() => loadConfig({ ...base(), CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS 中的 .* 不是一个源/);
  });
});

describe('BEHIND_TLS', () => {
  it('is off by default, on with 1', () => {
    expect(loadConfig(base()).behindTls).toBe(false);
    expect(loadConfig({ ...base(), BEHIND_TLS: '1' }).behindTls).toBe(true);
  });

  it('refuses anything but 1 or 0', () => {
    expect(() => loadConfig({ ...base(), BEHIND_TLS: 'yes' })).toThrow('BEHIND_TLS 只能是 1 或 0（当前为 "yes"）');
  });
});

describe("config.json's apiBase in the page's connect-src", () => {
  it('is the origin of an absolute http(s) address', () => {
    expect(apiOriginOf({ apiBase: 'https://api.example.com/lg/' })).toBe('https://api.example.com');
    expect(apiOriginOf({ apiBase: 'http://127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
  });

  it('is nothing for a relative base, no config, or an address that would write into the CSP', () => {
    expect(apiOriginOf({ apiBase: '/api' })).toBeNull();
    expect(apiOriginOf(null)).toBeNull();
    expect(apiOriginOf({ apiBase: 'https://a.com;worker-src' })).toBeNull();
    expect(apiOriginOf({ apiBase: 'javascript:alert(1)' })).toBeNull();
  });
});
