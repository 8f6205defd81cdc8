// Cold list: from opening /adMerchant (logged in as admin, new browser context each run, so nothing cached)
// to the first row shown, with 25 and with 200 rows per page, over the 1 000 000-company bench database.
import { createHash } from 'node:crypto';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { ensureBuild } from './support/build';
import { figure, header } from './support/report';
import { startBenchServer } from './support/server';

const RUNS = 5;
const CASES = [
  { rows: 25, budgetMs: 400 },
  { rows: 200, budgetMs: 600 },
];

/** Runs before the page's scripts: records performance.now() when the first data cell appears. */
function watchFirstRow(): void {
  const target = window as unknown as { __firstRow?: number };
  new MutationObserver((_records, observer) => {
    if (document.querySelector('tbody tr td')) {
      target.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function loginContent(base: string): Promise<Record<string, unknown>> {
  const password = createHash('sha256').update('Demo1234').digest('hex');
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password, type: '1', platformMark: '1' }),
  });
  return ((await response.json()) as { content: Record<string, unknown> }).content;
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
    const content = await loginContent(server.url);
    const session = {
      token: content.token,
      user: JSON.stringify(content.user),
      platformMark: JSON.stringify(content.platform_mark),
      noticeNum: JSON.stringify(content.noticeNum),
      switchCompany: JSON.stringify(content.switchCompany),
      deptIds: JSON.stringify(content.deptIds),
    };
    for (const { rows, budgetMs } of CASES) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext({ baseURL: server.url });
        await context.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
        }, session);
        await context.addInitScript(watchFirstRow);
        const page = await context.newPage();
        await page.goto(`/adMerchant?perPage=${rows}`);
        await page.waitForFunction(
          () => (window as unknown as { __firstRow?: number }).__firstRow !== undefined,
          null,
          { timeout: 30_000 },
        );
        times.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
        await context.close();
      }
      figure(
        `${rows} rows per page: median of ${RUNS}`,
        `${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
        { limit: budgetMs, value: median(times), shown: `${budgetMs} ms` },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
