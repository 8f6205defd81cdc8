// What a warm navigation between two lists renders (bench/listFirstRow.ts measures it; this explains): from the
// menu click on /adMerchant to /adTheMainInformation's first cell, each React commit and the components that
// rendered in it, counted by name (and, with react-dom's profiling build, their own render time). A stand-in for React
// DevTools' hook sees every commit; a component rendered in a commit is one whose fiber React replaced and whose
// function ran. Build without minifying so the names survive, into a directory of its own:
//   npx vite build --minify false --outDir /tmp/dist-names && node scripts/compressDist.mjs /tmp/dist-names
//   WEB_ROOT=/tmp/dist-names node --import tsx bench/profileWarmNavigation.ts [runs=3]
// It first prints the cold load's commits up to /adMerchant's first cell (a commit right after the first is a
// synchronous re-render the browser waited for before painting: scripts/BUILD_PATCHES.md).
// With react-dom/profiling aliased for react-dom/client in a config of its own, SELF_TIME=1 sums the components'
// own render time (selfBaseDuration) instead of counting them.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const RUNS = Number(process.argv[2] ?? 3);
const FROM = process.env.FROM ?? '/adMerchant';
const TO = process.env.TO ?? '/adTheMainInformation';
const GRID = '.RaDatagrid-root';

interface Commit {
  at: number;
  total: number;
  byName: [string, number][];
}

/** Runs in the page before React: the hook React reports its commits to. */
function installCommitHook(selfTime: boolean): void {
  type Fiber = {
    tag: number;
    flags: number;
    type: unknown;
    child: Fiber | null;
    sibling: Fiber | null;
    selfBaseDuration?: number;
  };
  const page = window as unknown as { __commits: Commit[]; __since?: number };
  page.__commits = [];
  let previous = new Set<Fiber>();
  const nameOf = (fiber: Fiber): string | undefined => {
    const type = fiber.type as
      | {
          displayName?: string;
          name?: string;
          render?: { displayName?: string; name?: string };
          type?: { name?: string };
        }
      | undefined;
    if (!type || typeof type === 'string') return undefined;
    return type.displayName || type.name || type.render?.displayName || type.render?.name || type.type?.name || '?';
  };
  // Function, class, forwardRef, memo and simple memo components.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const current = new Set<Fiber>();
      const byName = new Map<string, number>();
      let total = 0;
      const walk = (first: Fiber | null) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          current.add(fiber);
          // A fiber still in the tree from the last commit was not rendered again; its flags are old.
          const rendered =
            !previous.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0 && COMPONENT_TAGS.has(fiber.tag);
          const name = rendered ? nameOf(fiber) : undefined;
          if (name) {
            const amount = selfTime ? (fiber.selfBaseDuration ?? 0) : 1;
            byName.set(name, (byName.get(name) ?? 0) + amount);
            total += amount;
          }
          walk(fiber.child);
        }
      };
      walk(root.current.child);
      previous = current;
      if (page.__since === undefined) return;
      page.__commits.push({
        at: performance.now() - page.__since,
        total,
        byName: [...byName].sort((a, b) => b[1] - a[1]),
      });
    },
  };
}

/** Runs in the page before React: commits count from the start (the cold load), until the first cell appears. */
function watchColdRow(): void {
  const page = window as unknown as { __since?: number; __coldRow?: number };
  page.__since = 0;
  new MutationObserver((_records, observer) => {
    if (document.querySelector('.RaDatagrid-root tbody tr td')) {
      page.__coldRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function main() {
  const selfTime = process.env.SELF_TIME === '1';
  const dataDir = await buildBenchDb({
    companies: Number(process.env.BENCH_COMPANIES ?? 1_000_000),
    contracts: Number(process.env.BENCH_CONTRACTS ?? 1_000_000),
  });
  const server = await startBenchServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  const rowsAt: number[] = [];
  try {
    const session = sessionEntries(await loginContent(server.url, 'admin'));
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ baseURL: server.url });
      try {
        await context.addInitScript((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
        }, session);
        // tsx names inner functions with a helper (__name) that the page does not have.
        await context.addInitScript({ content: 'window.__name = (f) => f;' });
        await context.addInitScript(installCommitHook, selfTime);
        await context.addInitScript(watchColdRow);
        const page = await context.newPage();
        await page.goto(FROM);
        await page.locator(`${GRID} tbody tr td`).first().waitFor({ timeout: 30_000 });
        const cold = await page.evaluate(() => {
          const shown = window as unknown as { __commits: Commit[]; __coldRow: number; __since?: number };
          const before = shown.__commits.filter((commit) => commit.total > 0 && commit.at <= shown.__coldRow);
          shown.__commits = [];
          shown.__since = undefined; // until the click
          return {
            at: shown.__coldRow,
            commits: before.map((commit) => `${Math.round(commit.at)} ms: ${commit.total}`),
          };
        });
        console.log(
          `run ${run + 1}: cold, first cell of ${FROM} at ${Math.round(cold.at)} ms after commits of ${cold.commits.join(', ')} components`,
        );
        await page.waitForLoadState('networkidle');
        const rows = await page.evaluate(
          ({ target, grid }) =>
            new Promise<number>((resolve) => {
              const shown = window as unknown as { __since?: number };
              const before = document.querySelector(grid);
              const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
                (anchor) => anchor.getAttribute('href') === target,
              );
              if (!link) throw new Error(`no menu link to ${target}`);
              const observer = new MutationObserver(() => {
                const next = document.querySelector(grid);
                if (next && next !== before && next.querySelector('tbody tr td')) {
                  observer.disconnect();
                  resolve(performance.now() - (shown.__since ?? 0));
                }
              });
              observer.observe(document, { childList: true, subtree: true });
              shown.__since = performance.now();
              link.click();
            }),
          { target: TO, grid: GRID },
        );
        rowsAt.push(rows);
        await page.waitForLoadState('networkidle');
        const commits = await page.evaluate(() => (window as unknown as { __commits: Commit[] }).__commits);
        console.log(`run ${run + 1}: first cell of ${TO} at ${Math.round(rows)} ms after the click`);
        for (const commit of commits) {
          if (commit.total === 0) continue;
          const total = selfTime ? `${commit.total.toFixed(1)} ms of render` : `${commit.total} components`;
          const names = commit.byName
            .slice(0, Number(process.env.NAMES ?? 30))
            .map(([name, amount]) => `${name}×${selfTime ? amount.toFixed(1) : amount}`)
            .join(' ');
          console.log(
            `  commit at ${Math.round(commit.at)} ms, ${total}${commit.at <= rows ? '' : ' (after)'}: ${names}`,
          );
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`first cell, median of ${RUNS}: ${Math.round(median(rowsAt))} ms (names need a build without minifying)`);
}

await main();
