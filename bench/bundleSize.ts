// Gzip size of the JavaScript a browser downloads to show /login (budget ≤ 200 KB) and of all JavaScript
// in dist/assets. /login's set is measured in headless Chromium against the real server.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { DIST_DIR, ensureBuild } from './support/build';
import { conditions, figure, header, KB, kb } from './support/report';
import { startBenchServer } from './support/server';

const LOGIN_BUDGET = 200 * KB;

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

function measure(file: string): Chunk {
  const bytes = readFileSync(file);
  return { file: path.relative(DIST_DIR, file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function sum(chunks: Chunk[], key: 'raw' | 'gzip'): number {
  return chunks.reduce((total, chunk) => total + chunk[key], 0);
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(full);
    return /\.m?js$/.test(entry.name) ? [full] : [];
  });
}

/** The dist/ file a script URL of the server stands for; throws when there is none (nothing to measure). */
function distFileOf(url: string): string {
  const file = path.join(DIST_DIR, decodeURIComponent(new URL(url).pathname));
  if (!file.startsWith(DIST_DIR + path.sep) || !existsSync(file)) {
    throw new Error(`script ${url} has no file in dist/ — is dist/ out of date?`);
  }
  return file;
}

/** URLs of the scripts Chromium loads for /login: before the form shows, and after, until the network idles. */
async function loginScripts(baseURL: string): Promise<{ atForm: string[]; afterIdle: string[]; chromium: string }> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (new URL(url).pathname.endsWith('.js') && !loaded.includes(url)) loaded.push(url);
    });
    await page.goto('/login');
    await page.getByLabel('账号').waitFor({ state: 'visible' });
    const atForm = [...loaded];
    // Anything fetched after the form shows (prefetches, lazy chunks) is listed but not part of the budget.
    await page.waitForLoadState('networkidle');
    const afterIdle = loaded.filter((url) => !atForm.includes(url));
    await context.close();
    return { atForm, afterIdle, chromium: browser.version() };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  header('bundleSize: gzip (zlib level 9) of JavaScript in dist/');
  const distBuilt = ensureBuild();
  const server = await startBenchServer();
  try {
    const { atForm, afterIdle, chromium: version } = await loginScripts(server.url);
    const login = atForm.map((url) => measure(distFileOf(url)));
    const all = jsFiles(path.join(DIST_DIR, 'assets')).map(measure);
    const loginGzip = sum(login, 'gzip');

    conditions({ chromium: version, dataDir: server.dataDir, distBuilt });
    figure(
      `/login JavaScript (${login.length} files loaded before the form showed)`,
      `${kb(loginGzip)} gzip (${loginGzip} B; ${kb(sum(login, 'raw'))} raw)`,
      { value: loginGzip, limit: LOGIN_BUDGET, shown: `200 KB gzip (${LOGIN_BUDGET} B)` },
    );
    const allGzip = sum(all, 'gzip');
    figure(
      `all JavaScript in dist/assets (${all.length} files, gzip per file, summed)`,
      `${kb(allGzip)} gzip (${allGzip} B; ${kb(sum(all, 'raw'))} raw)`,
    );
    console.log('  5 largest /login chunks (gzip):');
    for (const chunk of [...login].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BENCH_TOP ?? 5))) {
      console.log(`    ${kb(chunk.gzip).padStart(9)}  (${kb(chunk.raw).padStart(9)} raw)  ${chunk.file}`);
    }
    if (afterIdle.length > 0) {
      const later = afterIdle.map((url) => measure(distFileOf(url)));
      console.log(`  also fetched after the form showed (not in the budget): ${kb(sum(later, 'gzip'))} gzip`);
      for (const chunk of later) console.log(`    ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
