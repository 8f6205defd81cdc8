import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBase, configInPage, loadRuntimeConfig, setAppConfig } from '../../../providers/appConfig';

/** A document whose head has `<meta name="lg-config" content=…>` (or none when content is undefined). */
function pageWithMeta(content: string | undefined) {
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      selector === 'meta[name="lg-config"]' && content !== undefined ? { getAttribute: () => content } : null,
  });
}

describe("config.json from the page's head (server/appPages.ts) or, without it, from a request", () => {
  let fetched: string[];

  beforeEach(() => {
    fetched = [];
    vi.stubGlobal('window', {});
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ apiBase: 'https://static.example.cn' }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    setAppConfig({ apiBase: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setAppConfig({ apiBase: '' });
  });

  it('a page that says there is no config.json asks for nothing and keeps the build-time address', async () => {
    pageWithMeta('null');
    expect(configInPage()).toEqual({ value: null });
    await loadRuntimeConfig();
    expect(fetched).toEqual([]);
    expect(apiBase()).toBe('');
  });

  it("a page carrying config.json's content applies it without a request", async () => {
    pageWithMeta('{"apiBase":"https://api.example.cn/"}');
    await loadRuntimeConfig();
    expect(fetched).toEqual([]);
    expect(apiBase()).toBe('https://api.example.cn');
  });

  it('a page without the meta (a static deployment) asks for config.json', async () => {
    pageWithMeta(undefined);
    expect(configInPage()).toBeUndefined();
    await loadRuntimeConfig();
    expect(fetched).toEqual(['/config.json']);
    expect(apiBase()).toBe('https://static.example.cn');
  });

  it('a meta that is not JSON counts as none: config.json is asked for', async () => {
    pageWithMeta('{apiBase');
    await loadRuntimeConfig();
    expect(fetched).toEqual(['/config.json']);
  });
});
