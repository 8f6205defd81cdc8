// Cold list: from opening /adMerchant (logged in as admin, new browser context each run, so nothing cached)
// to the app's own list (react-admin's rows, ready for input), with 25 and with 200 rows per page, over the
// 1 000 000-company bench database; beside it, in the same run and alternating with it, the anchor: the
// plainest react-admin app (bench/anchorApp: two ListGuesser resources over a small JSON server holding the
// same company rows, one bundle). Then warm navigation: from that list to another one through the menu.
import { chromium } from '@playwright/test';
import { FIRST_PAINT_SWITCH } from '../src/boot/handoff';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { anchorRows, ensureAnchorBuild, startAnchorServer } from './support/anchorApp';
import { ensureBuild } from './support/build';
import { coldRun } from './support/coldList';
import { conditions, figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CASES = [
  { rows: 25, firstPaintBudgetMs: 400 },
  { rows: 200, firstPaintBudgetMs: 600 },
].filter((item) => !process.env.BENCH_ROWS || process.env.BENCH_ROWS.split(',').includes(String(item.rows)));
/** The app's interactive list against the anchor's: at most this ratio. */
const RATIO_BUDGET = 0.8;
const WARM_BUDGET_MS = 150;
/** Warm navigation: from /adMerchant through the menu to this list and back. */
const OTHER_LIST = '/adTheMainInformation';

type Samples = { firstRow: number[]; appRow: number[]; firstShown: number[]; appShown: number[] };

function samples(): Samples {
  return { firstRow: [], appRow: [], firstShown: [], appShown: [] };
}

function record(into: Samples, marks: Awaited<ReturnType<typeof coldRun>>): void {
  into.firstRow.push(marks.firstRow);
  into.appRow.push(marks.appRow);
  into.firstShown.push(marks.firstShown);
  into.appShown.push(marks.appShown);
}

function ratioText(ours: number[], anchor: number[]): string {
  return `${(median(ours) / median(anchor)).toFixed(2)}×`;
}

function judgeRatio(label: string, ratio: number): void {
  figure(label, ratio.toFixed(2), { limit: RATIO_BUDGET, value: ratio, shown: `${RATIO_BUDGET}` });
}

function spread(values: number[]): string {
  return `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;
}

async function main() {
  header('listFirstRow: cold /adMerchant to first row, beside a minimal react-admin app, headless Chromium');
  const distBuilt = ensureBuild();
  const anchorRoot = await ensureAnchorBuild();
  const dataDir = await buildBenchDb({
    companies: Number(process.env.BENCH_COMPANIES ?? 1_000_000),
    contracts: Number(process.env.BENCH_CONTRACTS ?? 1_000_000),
  });
  const server = await startBenchServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  let anchor: Awaited<ReturnType<typeof startAnchorServer>> | undefined;
  try {
    conditions({ chromium: browser.version(), dataDir, distBuilt });
    const login = await loginContent(server.url, 'admin');
    const session = sessionEntries(login);
    const maxRows = Math.max(...CASES.map((item) => item.rows));
    anchor = await startAnchorServer(anchorRoot, {
      companies: await anchorRows(server.url, String(login.token), 'adMerchant', maxRows),
      contracts: await anchorRows(server.url, String(login.token), 'adTheMainInformation', maxRows),
    });
    console.log(`  anchor: react-admin ListGuesser over ${maxRows} of the same company rows (${anchorRoot})`);
    const anchorUrl = anchor.url;
    const warmOurs: number[][] = [[], []];
    const warmAnchor: number[][] = [[], []];
    for (const { rows, firstPaintBudgetMs } of CASES) {
      const ours = samples();
      /** The same app without the first paint's picture (src/boot/handoff.ts, FIRST_PAINT_SWITCH). */
      const bare = samples();
      const theirs = samples();
      // Alternating, so a swing of the shared machine's load falls on both alike.
      for (let run = 0; run < RUNS; run += 1) {
        const warm = rows === CASES[0].rows;
        const ourRun = async () => {
          const mine = await coldRun(
            browser,
            server.url,
            `/adMerchant?perPage=${rows}`,
            session,
            warm ? { from: '/adMerchant', to: OTHER_LIST } : undefined,
          );
          record(ours, mine);
          for (const [index, value] of (mine.warm ?? []).entries()) warmOurs[index].push(value);
        };
        const anchorRun = async () => {
          const other = await coldRun(
            browser,
            anchorUrl,
            `/#/companies?perPage=${rows}`,
            undefined,
            warm ? { from: '#/companies', to: '#/contracts' } : undefined,
          );
          record(theirs, other);
          for (const [index, value] of (other.warm ?? []).entries()) warmAnchor[index].push(value);
        };
        const bareRun = async () => {
          const plain = await coldRun(browser, server.url, `/adMerchant?perPage=${rows}`, session, undefined, {
            [FIRST_PAINT_SWITCH]: process.env.BENCH_BARE ?? 'off',
          });
          record(bare, plain);
        };
        // Each run in another order, so that none of the three always comes first or after the same one.
        const order = [ourRun, anchorRun, bareRun];
        for (let step = 0; step < order.length; step += 1) await order[(run + step) % order.length]();
      }
      figure(
        `${rows} rows: anchor (minimal react-admin) first row on screen, median of ${RUNS}`,
        spread(theirs.appShown),
      );
      figure(`${rows} rows: our app's own list on screen (react-admin rows, clickable)`, spread(ours.appShown));
      judgeRatio(`${rows} rows: ours / anchor, on screen`, median(ours.appShown) / median(theirs.appShown));
      figure(`${rows} rows: first row drawn (first paint or app), on screen`, spread(ours.firstShown), {
        limit: firstPaintBudgetMs,
        value: median(ours.firstShown),
        shown: `${firstPaintBudgetMs} ms`,
      });
      figure(`${rows} rows: without the first paint, our app's own list on screen`, spread(bare.appShown));
      // The measure is the app alone; the first paint is then judged by what it buys and costs.
      judgeRatio(
        `${rows} rows: the app alone (no first paint) / anchor, on screen`,
        median(bare.appShown) / median(theirs.appShown),
      );
      // The rows in the DOM, before the browser has laid them out and drawn them (what this bench judged before
      // 2026-11-27): the first paint's layout (fonts, the table) comes before the app's rows, while without it the
      // same work comes after them.
      figure(
        `${rows} rows: the rows in the DOM, before layout`,
        `anchor ${spread(theirs.appRow)}; ours ${spread(ours.appRow)} (${ratioText(ours.appRow, theirs.appRow)}); ` +
          `the app alone ${spread(bare.appRow)} (${ratioText(bare.appRow, theirs.appRow)}); ` +
          `first row drawn ${spread(ours.firstRow)}`,
      );
    }
    figure(`warm: anchor companies → contracts, and back`, `${spread(warmAnchor[0])}; ${spread(warmAnchor[1])}`);
    for (const [index, label] of [`/adMerchant → ${OTHER_LIST}`, `${OTHER_LIST} → /adMerchant`].entries()) {
      figure(`warm: ${label} (menu click to first row)`, spread(warmOurs[index]), {
        limit: WARM_BUDGET_MS,
        value: median(warmOurs[index]),
        shown: `${WARM_BUDGET_MS} ms`,
      });
    }
  } finally {
    await browser.close();
    await anchor?.stop();
    await server.stop();
  }
}

await main();
