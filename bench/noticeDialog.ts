// Notice list dialog with 10 000 notices: from the click on the merchant's bell to the first notice row
// (the list is interactive then: rows are buttons), in a fresh data directory, headless Chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { seedDemo } from '../server/db/seed/demo';
import { chinaTime } from '../server/db/time';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { ensureBuild } from './support/build';
import { conditions, figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = 5;
const NOTICES = 10_000;
const BUDGET_MS = 300;

/** A fresh data directory: the demo seed plus NOTICES published standard-edition notices. */
async function buildNoticeDb(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lg-bench-notices-'));
  const db = openDatabase(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }));
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const now = Date.now();
    for (let start = 0; start < NOTICES; start += 500) {
      const rows = [];
      for (let index = start; index < Math.min(NOTICES, start + 500); index += 1) {
        const time = chinaTime(now - index * 60_000);
        rows.push({
          title: `压测公告第${index + 1}号：平台运营通知`,
          body: '压测用公告正文。',
          image_url: null,
          annex_url: null,
          annex_name: null,
          platform_mark: 1,
          publisher: '运营部',
          status: 1,
          release_time: time,
          create_time: time,
        });
      }
      await db.insertInto('notices').values(rows).execute();
    }
  } finally {
    await db.destroy();
  }
  return dir;
}

/** Runs before the page's scripts: the time of the bell click and of the first notice row. */
function watchDialog(): void {
  const target = window as unknown as { __clicked?: number; __firstRow?: number; __allRows?: number };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('button[aria-label^="系统公告"]')) target.__clicked = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (target.__clicked !== undefined && target.__firstRow === undefined) {
      if (document.querySelector('[role="dialog"] [role="listitem"] button')) target.__firstRow = performance.now();
    }
    // The virtual list's inner height is rows × 48 px: it reaches 10 000 rows once the whole list arrived.
    const list = document.querySelector('[role="dialog"] [role="list"]');
    if (target.__allRows === undefined && list && list.scrollHeight >= 10_000 * 48)
      target.__allRows = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function main() {
  header(`noticeDialog: bell click to the first of ${NOTICES.toLocaleString('en')} notices, headless Chromium`);
  const built = ensureBuild();
  const dataDir = await buildNoticeDb();
  const server = await startBenchServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const session = sessionEntries(await loginContent(server.url, 'merchant'));
    const times: number[] = [];
    const wholeList: number[] = [];
    let rendered = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ baseURL: server.url });
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
      }, session);
      await context.addInitScript(watchDialog);
      const page = await context.newPage();
      await page.goto('/manage');
      const bell = page.getByRole('button', { name: /^系统公告，未读 \d+ 条$/ });
      await bell.waitFor();
      await page.waitForLoadState('networkidle');
      await bell.click();
      await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, null, {
        timeout: 30_000,
      });
      times.push(
        await page.evaluate(() => {
          const target = window as unknown as { __clicked: number; __firstRow: number };
          return target.__firstRow - target.__clicked;
        }),
      );
      await page.waitForFunction(() => (window as unknown as { __allRows?: number }).__allRows !== undefined, null, {
        timeout: 30_000,
      });
      wholeList.push(
        await page.evaluate(() => {
          const target = window as unknown as { __clicked: number; __allRows: number };
          return target.__allRows - target.__clicked;
        }),
      );
      rendered = await page.locator('[role="dialog"] [role="listitem"]').count();
      await context.close();
    }
    figure(
      `bell click to first row: median of ${RUNS}`,
      `${Math.round(median(times))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
      { limit: BUDGET_MS, value: median(times), shown: `${BUDGET_MS} ms` },
    );
    figure(
      `bell click to all ${NOTICES.toLocaleString('en')} rows scrollable: median of ${RUNS}`,
      `${Math.round(median(wholeList))} ms (min ${Math.round(Math.min(...wholeList))}, max ${Math.round(Math.max(...wholeList))})`,
    );
    figure('rows in the DOM (virtual list)', `${rendered} of ${NOTICES.toLocaleString('en')}`);
    conditions({ chromium: browser.version(), dataDir, distBuilt: built });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
