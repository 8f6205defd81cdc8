// Cold custom lists: from opening each hand-built list page (new browser context per run,
// nothing cached, logged in) to its first row, beside generated lists measured in the same run as anchors
// (/adMerchant for staff, /allRechargeRecord for the merchant). Demo database.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { ensureBuild } from './support/build';
import { figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = [
  { path: '/adMerchant', user: 'admin', anchor: true },
  { path: '/adTransferLot', user: 'admin' },
  { path: '/adInvoice', user: 'admin' },
  { path: '/allRechargeRecord', user: 'merchant', anchor: true },
  { path: '/errorMoney', user: 'merchant' },
  { path: '/paymentRecord', user: 'merchant' },
  { path: '/applyInvoice', user: 'merchant' },
  { path: '/invoiceRecord', user: 'merchant' },
  { path: '/systemNotice', user: 'merchant' },
] as const;

/** Runs before the page's scripts: performance.now() when the first data cell appears. */
function watchFirstRow(): void {
  const target = window as unknown as { __firstRow?: number };
  new MutationObserver((_records, observer) => {
    if (document.querySelector('tbody tr td')) {
      target.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function main() {
  header('customListFirstRow: cold hand-built lists to first row, beside generated lists, headless Chromium');
  ensureBuild();
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const sessions = {
      admin: sessionEntries(await loginContent(server.url, 'admin')),
      merchant: sessionEntries(await loginContent(server.url, 'merchant')),
    };
    for (const { path, user, ...rest } of PAGES) {
      const times: number[] = [];
      const requests: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ baseURL: server.url });
        await context.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
        }, sessions[user]);
        await context.addInitScript(watchFirstRow);
        const page = await context.newPage();
        let before = 0;
        page.on('request', (request) => {
          if (request.url().includes('/api/')) before += 1;
        });
        await page.goto(path);
        await page.locator('tbody tr td').first().waitFor({ timeout: 30_000 });
        times.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
        requests.push(before);
        await context.close();
      }
      figure(
        `${path} (${user}${'anchor' in rest ? ', generated anchor' : ''}): median of ${RUNS}`,
        `${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}); API requests by the first row: ${median(requests)}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
