import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, dismissToast } from '../../../src/shell/toast';
import { MemoryStorage } from '../providers/helpers';

/**
 * A business refusal (1040400 with the server's message) must reach the user whatever page made the
 * call. Every custom page's API helper (src/**\/*Api.ts, found on disk, not listed by hand) is called against an
 * API that refuses everything; each must show the message or hand it to its caller, never resolve or lose it.
 */
const ROOT = join(__dirname, '../../..');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

const helperModules = filesUnder(join(ROOT, 'src'), (path) => /Api\.ts$/.test(path));

/** Stands for any argument: an id, a string, an object, a declaration (every property is itself). */
function anything(): unknown {
  const target = () => undefined;
  const proxy: unknown = new Proxy(target, {
    get: (_t, key) => {
      if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'number' ? 1 : '1');
      if (key === 'then') return undefined;
      if (key === Symbol.iterator) return [][Symbol.iterator];
      if (key === 'length') return 0;
      return proxy;
    },
    apply: () => proxy,
  });
  return proxy;
}

let fetched = 0;

beforeEach(() => {
  fetched = 0;
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', { location: { origin: 'http://app.test', host: 'app.test', href: 'http://app.test/' } });
  vi.stubGlobal('fetch', async (url: string) => {
    fetched += 1;
    return new Response(
      JSON.stringify({ code: 1040400, message: `拒绝：${String(url).split('?')[0]}`, content: null }),
      {
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
});
afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
  vi.unstubAllGlobals();
});

describe('every custom page API helper passes a refusal on to the user', () => {
  it('finds the helper modules', () => {
    expect(helperModules.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of helperModules) {
    it(relative(ROOT, file), async () => {
      const module = (await import(file)) as Record<string, unknown>;
      let calling = 0;
      for (const [name, helper] of Object.entries(module)) {
        if (typeof helper !== 'function' || /^[A-Z]/.test(name)) continue;
        const before = fetched;
        let outcome: { resolved: true } | { resolved: false; error: unknown };
        try {
          const args = Array.from({ length: Math.max(helper.length, 3) }, anything);
          await (helper as (...a: unknown[]) => unknown)(...args);
          outcome = { resolved: true };
        } catch (error) {
          outcome = { resolved: false, error };
        }
        if (fetched === before) continue; // not an API call (a formatter, a date helper)
        calling += 1;
        const shown = currentToasts().find((toast) => toast.message.startsWith('拒绝：'));
        const handedOn =
          !outcome.resolved && outcome.error instanceof Error && outcome.error.message.startsWith('拒绝：');
        expect(outcome.resolved, `${name} resolved although the server refused`).toBe(false);
        expect(Boolean(shown) || handedOn, `${name} lost the server's message`).toBe(true);
        for (const toast of currentToasts()) dismissToast(toast.id);
      }
      expect(calling, 'a helper module whose helpers call nothing').toBeGreaterThan(0);
    });
  }

  it('act (the finance writes) shows the refusal itself: its callers only reset their busy state', async () => {
    const { act } = await import('../../../src/pages/finance/financeApi');
    await expect(act('/api/v1/reconciliation/run', { method: 'POST', json: { day: '2026-11-28' } })).rejects.toThrow(
      '拒绝：/api/v1/reconciliation/run',
    );
    expect(currentToasts().map((toast) => [toast.kind, toast.message])).toEqual([
      ['error', '拒绝：/api/v1/reconciliation/run'],
    ]);
  });
});

/**
 * A catch that only resets state ("shown by the request layer") is honest only when the call in its try shows the
 * refusal: no `silent` there. Found by reading every page and custom resource.
 */
describe('a page that leaves the message to the request layer does not silence it', () => {
  const pages = [
    ...filesUnder(join(ROOT, 'src/pages'), (path) => /\.tsx?$/.test(path)),
    ...filesUnder(join(ROOT, 'resources'), (path) => /\.tsx?$/.test(path)),
  ];
  const silentCatch = /try\s*\{([\s\S]*?)\}\s*catch\s*\{\s*(\/\/[^\n]*\n\s*)*\}/g;
  for (const file of pages) {
    const source = readFileSync(file, 'utf8');
    const blocks = [...source.matchAll(silentCatch)].filter((match) => /request|act\(|Api\./.test(match[1]));
    if (blocks.length === 0) continue;
    it(relative(ROOT, file), () => {
      for (const [, tried] of blocks)
        expect(tried, 'a silent call whose refusal nobody shows').not.toMatch(/silent:\s*true/);
    });
  }
});

/** The shared paths are the only way pages reach the API: a page's own fetch would read no envelope. */
describe('pages call the API only through the shared request paths', () => {
  // The worker signing page is public and answers in its own frame; pdf/list prefetch read files, not envelopes.
  const ownFetchAllowed = new Set([
    'resources/generator/downloadFile.ts',
    'resources/generator/ExportAllButton.tsx',
    'src/pages/statistics/statisticsApi.ts',
    'src/pages/public/WorkerSignPage.tsx',
  ]);
  const files = [
    ...filesUnder(join(ROOT, 'src/pages'), (path) => /\.tsx?$/.test(path)),
    ...filesUnder(join(ROOT, 'resources'), (path) => /\.tsx?$/.test(path)),
  ];
  it('no page or resource calls fetch itself', () => {
    const direct = files
      .filter((file) => /(^|[^\w.])fetch\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file))
      .filter((file) => !ownFetchAllowed.has(file));
    expect(direct).toEqual([]);
  });
});
