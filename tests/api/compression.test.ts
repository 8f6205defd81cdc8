import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenOf } from './support/testApp';

/** API answers are compressed when the client accepts it; files and small answers are not. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenOf(t.app, 'admin');
});
afterAll(async () => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      platformMark: '1',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

describe('compressed API answers', () => {
  const list = '/api/v1/companies/search?page=0&size=25';

  it('a list page goes out br-compressed to a client that accepts br, and decodes to the same envelope', async () => {
    const plain = await get(list);
    const compressed = await get(list, 'br, gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const decoded = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'));
    expect(decoded).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('gzip for a client that accepts only gzip', async () => {
    const compressed = await get(list, 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8')).code).toBe(1020000);
  });

  it('small answers and files are sent as they are', async () => {
    const small = await get('/api/health', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const xlsx = await get('/api/v1/exports/adMoneyManagement?format=xlsx&platformmark=1', 'br, gzip');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    // An xlsx is a zip: it starts with PK.
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
