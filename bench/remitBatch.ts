// Batch payout of 10 000 rows on /remit, in headless Chromium against the real server: choosing the CSV file to
// the preview on screen (validate + preview), and 确认打款 to the accepted batch (submit); plus the server-side
// validation of the same rows as .xlsx and .csv, timed from Node.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../scripts/serverProcess';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { DEMO_PAYMENT_PASSWORD } from '../server/db/seed/blacklist';
import { seedDemo } from '../server/db/seed/demo';
import { chinaTime } from '../server/db/time';
import { balanceOf, postEntries } from '../server/money/ledger/ledger';
import { addSignedWorkers } from '../server/workers/workers.service';
import { LEDGER } from '../src/domain/moneyEnums';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { bankCard, csvFile, HEADERS, idCard, payee, xlsxFile } from '../tests/support/batchFiles';
import { ensureBuild } from './support/build';
import { conditions, figure, header } from './support/report';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = 3;
const ROWS = 10_000;
const PREVIEW_BUDGET_MS = 2_000;
const SUBMIT_BUDGET_MS = 3_000;
/** Company 1 (the demo merchant) gets enough for every run: 10 000 rows of 1.00 yuan cost 10,600.00 yuan. */
const ACCOUNT = { companyId: 1, platformMark: 1 };
const CREDIT = 100 * ROWS * 10_600;

/** The demo seed, the file's payees signed up as company 1's workers (a payout goes only to them), and a balance that covers every submission. */
async function buildRemitDb(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lg-bench-remit-'));
  const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await addSignedWorkers(
      db,
      ACCOUNT,
      Array.from({ length: ROWS }, (_, serial) => ({
        name: payee(serial)[0],
        idCard: idCard(serial),
        mobile: `139${String(serial).padStart(8, '0')}`,
        bankCard: bankCard(serial),
        bankName: '中国工商银行',
      })),
      config.idKey,
    );
    await db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          ACCOUNT,
          [{ kind: LEDGER.recharge, amount: CREDIT, refType: 'recharge', refId: 0, operatorId: null }],
          chinaTime(),
        ),
      );
    console.log(`  balance of company 1 before the runs: ${(await balanceOf(db, ACCOUNT)) / 10_000} yuan`);
  } finally {
    await db.destroy();
  }
  return dir;
}

/** Runs before the page's scripts: when a file was chosen / 确认打款 clicked, and when their results showed. */
function watchRemit(): void {
  const target = window as unknown as Record<string, number | undefined>;
  document.addEventListener(
    'change',
    (event) => {
      if ((event.target as Element).matches('input[type="file"]')) target.__chosen = performance.now();
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest('button');
      if (button?.textContent?.includes('确认打款')) target.__confirmed = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (target.__chosen !== undefined && target.__preview === undefined) {
      const heading = [...document.querySelectorAll('h2')].find((node) => node.textContent?.startsWith('校验通过'));
      if (heading && document.querySelector('table[aria-label="打款明细预览"] tbody tr')) {
        target.__preview = performance.now();
      }
    }
    if (target.__confirmed !== undefined && target.__accepted === undefined) {
      const alert = [...document.querySelectorAll('[role="alert"]')].find((node) =>
        node.textContent?.includes('提交成功'),
      );
      if (alert) target.__accepted = performance.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

function spread(values: number[]): string {
  return `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
}

/** POST /api/v1/remittances/batch/validate from Node: the server's part alone. */
async function timeValidate(base: string, token: string, file: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/remittances/batch/validate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, platformmark: '1' },
    body: form,
  });
  const body = (await response.json()) as { code: number; message: string };
  if (body.code !== 1020000) throw new Error(`validate failed: ${body.message}`);
  return performance.now() - started;
}

async function main() {
  header(`remitBatch: ${ROWS.toLocaleString('en')}-row batch payout on /remit, headless Chromium`);
  // WEB_ROOT (a build of one's own, as the e2e tests use) is passed on to the server; otherwise dist/.
  const built = process.env.WEB_ROOT ? statSync(path.join(process.env.WEB_ROOT, 'index.html')).mtime : ensureBuild();
  const rows = Array.from({ length: ROWS }, (_, index) => payee(index, { '金额（元）': '1.00' }));
  const csv = csvFile(rows);
  const xlsx = await xlsxFile([[...HEADERS], ...rows]);
  const dataDir = await buildRemitDb();
  // Payouts are not sent in the background, so one run's bank processing does not slow the next.
  const server = await startServer({ dataDir, env: { PAYOUT_AUTO: '0' } });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const content = await loginContent(server.url, 'merchant');
    const session = sessionEntries(content);
    const previews: number[] = [];
    const submits: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ baseURL: server.url });
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
      }, session);
      await context.addInitScript(watchRemit);
      const page = await context.newPage();
      await page.goto('/remit');
      await page.getByRole('heading', { name: '上传打款文件' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page
        .getByLabel('上传打款文件')
        .setInputFiles({ name: `bench-${run}.csv`, mimeType: 'text/csv', buffer: csv });
      await page.waitForFunction(() => (window as unknown as { __preview?: number }).__preview !== undefined, null, {
        timeout: 60_000,
      });
      previews.push(
        await page.evaluate(() => {
          const target = window as unknown as { __chosen: number; __preview: number };
          return target.__preview - target.__chosen;
        }),
      );
      await page.getByRole('button', { name: '提交打款' }).click();
      const dialog = page.getByRole('dialog', { name: '输入支付密码' });
      await dialog.getByLabel('支付密码').fill(DEMO_PAYMENT_PASSWORD);
      await dialog.getByRole('button', { name: '确认打款' }).click();
      await page.waitForFunction(() => (window as unknown as { __accepted?: number }).__accepted !== undefined, null, {
        timeout: 60_000,
      });
      submits.push(
        await page.evaluate(() => {
          const target = window as unknown as { __confirmed: number; __accepted: number };
          return target.__accepted - target.__confirmed;
        }),
      );
      await context.close();
    }
    figure(`choose the CSV file to the preview on screen: median of ${RUNS}`, spread(previews), {
      limit: PREVIEW_BUDGET_MS,
      value: median(previews),
      shown: `${PREVIEW_BUDGET_MS} ms`,
    });
    figure(`确认打款 to the accepted batch: median of ${RUNS}`, spread(submits), {
      limit: SUBMIT_BUDGET_MS,
      value: median(submits),
      shown: `${SUBMIT_BUDGET_MS} ms`,
    });

    const token = String(content.token);
    const xlsxTimes: number[] = [];
    const csvTimes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      xlsxTimes.push(await timeValidate(server.url, token, xlsx, 'bench.xlsx'));
      csvTimes.push(await timeValidate(server.url, token, csv, 'bench.csv'));
    }
    figure(
      `server-side validate, ${ROWS.toLocaleString('en')} rows .xlsx (${Math.round(xlsx.length / 1024)} KB): median of ${RUNS}`,
      spread(xlsxTimes),
    );
    figure(
      `server-side validate, ${ROWS.toLocaleString('en')} rows .csv (${Math.round(csv.length / 1024)} KB): median of ${RUNS}`,
      spread(csvTimes),
    );
    conditions({ chromium: browser.version(), dataDir, distBuilt: built });
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
