// What each build patch (scripts/BUILD_PATCHES.md) saves, measured now: the app built with every patch, and once
// without each, served side by side over one database; cold /adMerchant (25 rows) to its first row on screen and
// the warm menu navigation to /adTheMainInformation, alternating all builds and the anchor (bench/anchorApp) in
// one run, so a swing of the shared machine's load falls on all alike. A build is made (BUILD_WITHOUT=<patch>,
// vite.config.ts) into .tmp/builds/<name> when missing; delete that folder after changing the source.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { anchorRows, ensureAnchorBuild, startAnchorServer } from './support/anchorApp';
import { coldRun } from './support/coldList';
import { conditions, figure, header } from './support/report';
import { type BenchServer, startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = 25;
const PATCHES = (process.env.BENCH_PATCHES ?? 'filterForm,formSubscription,deferredTooltip,shellChunks,boot').split(
  ',',
);
const BUILDS_DIR = path.resolve(process.env.BENCH_BUILDS_DIR ?? '.tmp/builds');

function ensureVariant(name: string): string {
  const dir = path.join(BUILDS_DIR, name);
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  console.log(`  building ${name} into ${dir}`);
  // `a+b`: one build without both.
  const env = { ...process.env, BUILD_WITHOUT: name === 'all' ? '' : name.replaceAll('+', ',') };
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dir, '--emptyOutDir'], {
    env,
    stdio: 'inherit',
  });
  execFileSync(process.execPath, ['scripts/compressDist.mjs', dir], { stdio: 'inherit' });
  return dir;
}

type Marks = { appShown: number[]; firstShown: number[]; warm: number[] };

function spread(values: number[]): string {
  return `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
}

/** Pair by pair (same round), without the patch minus with all: median, range, and rounds in which it was slower. */
function paired(without: number[], all: number[]): string {
  const diffs = without.map((value, index) => value - all[index]);
  const slower = diffs.filter((diff) => diff > 0).length;
  return `${Math.round(median(diffs))} ms (min ${Math.round(Math.min(...diffs))}, max ${Math.round(Math.max(...diffs))}), slower in ${slower}/${diffs.length} rounds`;
}

async function main() {
  header('buildPatches: cold /adMerchant and warm navigation, with every build patch and without each one');
  const names = ['all', ...PATCHES];
  const roots = Object.fromEntries(names.map((name) => [name, ensureVariant(name)]));
  const anchorRoot = await ensureAnchorBuild();
  const dataDir = await buildBenchDb({
    companies: Number(process.env.BENCH_COMPANIES ?? 100_000),
    contracts: Number(process.env.BENCH_CONTRACTS ?? 100_000),
  });
  const servers: Record<string, BenchServer> = {};
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  let anchor: Awaited<ReturnType<typeof startAnchorServer>> | undefined;
  try {
    for (const name of names) servers[name] = await startBenchServer(dataDir, { WEB_ROOT: roots[name] });
    conditions({ chromium: browser.version(), dataDir, distBuilt: new Date() });
    const sessions: Record<string, Record<string, string>> = {};
    for (const name of names) sessions[name] = sessionEntries(await loginContent(servers[name].url, 'admin'));
    const token = sessions.all.token;
    anchor = await startAnchorServer(anchorRoot, {
      companies: await anchorRows(servers.all.url, token, 'adMerchant', ROWS),
      contracts: await anchorRows(servers.all.url, token, 'adTheMainInformation', ROWS),
    });
    const marks: Record<string, Marks> = Object.fromEntries(
      [...names, 'anchor'].map((name) => [name, { appShown: [], firstShown: [], warm: [] }]),
    );
    const runOne = async (name: string) => {
      const result =
        name === 'anchor'
          ? await coldRun(browser, anchor?.url ?? '', `/#/companies?perPage=${ROWS}`, undefined, {
              from: '#/companies',
              to: '#/contracts',
            })
          : await coldRun(browser, servers[name].url, `/adMerchant?perPage=${ROWS}`, sessions[name], {
              from: '/adMerchant',
              to: '/adTheMainInformation',
            });
      marks[name].appShown.push(result.appShown);
      marks[name].firstShown.push(result.firstShown);
      marks[name].warm.push(result.warm?.[0] ?? Number.NaN);
    };
    const order = [...names, 'anchor'];
    for (let run = 0; run < RUNS; run += 1) {
      // Each round starts with another build, so none always comes first or after the same one.
      for (let step = 0; step < order.length; step += 1) await runOne(order[(run + step) % order.length]);
    }
    const anchorMedian = median(marks.anchor.appShown);
    figure(`anchor (minimal react-admin) cold first row on screen, ${RUNS} runs`, spread(marks.anchor.appShown));
    figure('anchor warm companies → contracts', spread(marks.anchor.warm));
    for (const name of names) {
      const label = name === 'all' ? 'every patch' : `without ${name}`;
      const ratio = (median(marks[name].appShown) / anchorMedian).toFixed(2);
      figure(`${label}: cold app rows on screen`, `${spread(marks[name].appShown)}, ${ratio}× anchor`);
      figure(`${label}: cold first row drawn (first paint or app)`, spread(marks[name].firstShown));
      figure(`${label}: warm /adMerchant → /adTheMainInformation`, spread(marks[name].warm));
      if (name === 'all') continue;
      figure(`${label} minus every patch, cold app rows`, paired(marks[name].appShown, marks.all.appShown));
      figure(`${label} minus every patch, first row drawn`, paired(marks[name].firstShown, marks.all.firstShown));
      figure(`${label} minus every patch, warm`, paired(marks[name].warm, marks.all.warm));
    }
  } finally {
    await browser.close();
    await anchor?.stop();
    for (const server of Object.values(servers)) await server.stop();
  }
}

await main();
