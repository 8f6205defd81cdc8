// A cold load of a list page to its first row on screen (bench/listFirstRow.ts, bench/buildPatches.ts).
import type { Browser, Page } from '@playwright/test';

/** The page's marks: when the first data cell is in the DOM, and when the frame that draws it has been rendered. */
type RowMarks = { __firstRow?: number; __appRow?: number; __firstShown?: number; __appShown?: number };

/**
 * Runs before the page's scripts: records performance.now() when the first data cell appears (ours: the first
 * paint's or the app's), and when the first cell of react-admin's own Datagrid appears; and for each, the end of
 * the frame that draws it (style, layout and paint done: the row is on screen and can be hit by a click). A
 * requestAnimationFrame callback runs before that frame's rendering, a message posted from it after.
 */
function watchFirstRow(): void {
  const target = window as unknown as RowMarks;
  const afterNextFrame = (done: (time: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  new MutationObserver((_records, observer) => {
    if (target.__firstRow === undefined && document.querySelector('tbody tr td')) {
      target.__firstRow = performance.now();
      afterNextFrame((time) => {
        target.__firstShown = time;
      });
    }
    // Ours renders Datagrid, ListGuesser (react-admin ≥ 5.8) DataTable.
    if (document.querySelector(':is(.RaDatagrid-root, .RaDataTable-root) tbody tr td')) {
      target.__appRow = performance.now();
      afterNextFrame((time) => {
        target.__appShown = time;
      });
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

export async function coldRun(
  browser: Browser,
  baseURL: string,
  url: string,
  session?: Record<string, string>,
  warmTo?: { from: string; to: string },
  local?: Record<string, string>,
): Promise<{ firstRow: number; appRow: number; firstShown: number; appShown: number; warm?: number[] }> {
  const context = await browser.newContext({ baseURL });
  try {
    if (session) {
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
      }, session);
    }
    if (local) {
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, String(value));
      }, local);
    }
    // tsx names inner functions with a helper (__name) that the page does not have.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await context.addInitScript(watchFirstRow);
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(':is(.RaDatagrid-root, .RaDataTable-root) tbody tr td').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => (window as unknown as RowMarks).__appShown !== undefined);
    const marks = await page.evaluate(() => {
      const target = window as unknown as Required<RowMarks>;
      return {
        firstRow: target.__firstRow,
        appRow: target.__appRow,
        firstShown: target.__firstShown,
        appShown: target.__appShown,
      };
    });
    if (!warmTo) return marks;
    await page.waitForLoadState('networkidle');
    const warm = [await navigate(page, warmTo.to), await navigate(page, warmTo.from)];
    return { ...marks, warm };
  } finally {
    await context.close();
  }
}

/**
 * Clicks the menu link to `href` (in the page, as a person's click: the menu group may be folded) and returns
 * the time from that click to the first cell of another Datagrid than the one shown before.
 */
async function navigate(page: Page, href: string): Promise<number> {
  const time = await page.evaluate(
    (target) =>
      new Promise<number>((resolve, reject) => {
        const grids = ':is(.RaDatagrid-root, .RaDataTable-root)';
        const before = document.querySelector(grids);
        const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
          (anchor) => anchor.getAttribute('href') === target,
        );
        if (!link) {
          reject(new Error(`no menu link to ${target}`));
          return;
        }
        const started = performance.now();
        const check = () => {
          const grid = document.querySelector(grids);
          if (grid && grid !== before && grid.querySelector('tbody tr td')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true });
        link.click();
      }),
    href,
  );
  await page.waitForLoadState('networkidle');
  return time;
}
