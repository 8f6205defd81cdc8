// Cold list: from opening /adMerchant (logged in as admin, new browser context each run, so nothing cached)
// to the first row shown, with 25 and with 200 rows per page, over the 1 000 000-company bench database.
// The first row is drawn by the first paint (src/boot) before the app has loaded; the figure after it is
// when the app's own list (react-admin) shows its rows and takes over, ready for input.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { ensureBuild } from './support/build';
import { figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = 5;
const CASES = [
  { rows: 25, budgetMs: 400 },
  { rows: 200, budgetMs: 600 },
];

/**
 * Runs before the page's scripts: records performance.now() when the first data cell appears, and when
 * the first cell of the app's own list (react-admin's Datagrid) appears.
 */
function watchFirstRow(): void {
  const target = window as unknown as { __firstRow?: number; __appRow?: number };
  new MutationObserver((_records, observer) => {
    if (target.__firstRow === undefined && document.querySelector('tbody tr td')) target.__firstRow = performance.now();
    if (document.querySelector('.RaDatagrid-root tbody tr td')) {
      target.__appRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function main() {
  header('listFirstRow: cold /adMerchant to first row, headless Chromium');
  ensureBuild();
  const dataDir = await buildBenchDb({
    companies: Number(process.env.BENCH_COMPANIES ?? 1_000_000),
    contracts: Number(process.env.BENCH_CONTRACTS ?? 1_000_000),
  });
  const server = await startBenchServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const session = sessionEntries(await loginContent(server.url, 'admin'));
    for (const { rows, budgetMs } of CASES) {
      const times: number[] = [];
      const appTimes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ baseURL: server.url });
        await context.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
        }, session);
        await context.addInitScript(watchFirstRow);
        const page = await context.newPage();
        await page.goto(`/adMerchant?perPage=${rows}`);
        await page.locator('.RaDatagrid-root tbody tr td').first().waitFor({ timeout: 30_000 });
        const marks = await page.evaluate(() => {
          const target = window as unknown as { __firstRow: number; __appRow: number };
          return { firstRow: target.__firstRow, appRow: target.__appRow };
        });
        times.push(marks.firstRow);
        appTimes.push(marks.appRow);
        await context.close();
      }
      figure(
        `${rows} rows per page: median of ${RUNS}`,
        `${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
        { limit: budgetMs, value: median(times), shown: `${budgetMs} ms` },
      );
      figure(
        `${rows} rows per page: the app's list takes over (median)`,
        `${Math.round(median(appTimes))} ms (min ${Math.round(Math.min(...appTimes))}, max ${Math.round(Math.max(...appTimes))})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
