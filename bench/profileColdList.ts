// Where a cold /adMerchant spends its time, beside the anchor (bench/listFirstRow.ts measures; this explains):
// a Chromium trace of one cold load each, cut at react-admin's first row, summed into network (each request's
// start and end), main-thread time by kind (compile, module evaluation, script, style, layout) and JavaScript
// self time by package (through the chunks' source maps when the build has them: `npx vite build --sourcemap
// hidden`). Usage: node --import tsx bench/profileColdList.ts [rows] [runs]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../tests/e2e/support/browser';
import { buildBenchDb } from './seed/buildBenchDb';
import { anchorRows, ensureAnchorBuild, startAnchorServer } from './support/anchorApp';
import { ensureBuild } from './support/build';
import { startBenchServer } from './support/server';
import { loginContent, median, sessionEntries } from './support/session';

const ROWS = Number(process.argv[2] ?? 25);
const RUNS = Number(process.argv[3] ?? 3);
const GRID_CELL = ':is(.RaDatagrid-root, .RaDataTable-root) tbody tr td';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
  id?: string;
}

function watchAppRow(): void {
  const target = window as unknown as { __appRow?: number };
  new MutationObserver((_records, observer) => {
    if (document.querySelector(':is(.RaDatagrid-root, .RaDataTable-root) tbody tr td')) {
      target.__appRow = performance.now();
      performance.mark('app-row');
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function trace(browser: Browser, baseURL: string, url: string, session?: Record<string, string>) {
  const context = await browser.newContext({ baseURL });
  try {
    if (session) {
      await context.addInitScript((values) => {
        for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, String(value));
      }, session);
    }
    if (process.env.PROFILE_FIRST_PAINT) {
      // 'off': the app without the first paint's picture (src/boot/handoff.ts).
      await context.addInitScript(
        (value) => localStorage.setItem('lg.firstPaint', value),
        process.env.PROFILE_FIRST_PAINT,
      );
    }
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await context.addInitScript(watchAppRow);
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url);
    await page.locator(GRID_CELL).first().waitFor({ timeout: 30_000 });
    const appRow = await page.evaluate(() => (window as unknown as { __appRow: number }).__appRow);
    await page.waitForTimeout(200);
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    return { appRow, events };
  } finally {
    await context.close();
  }
}

/** The renderer main thread of the page's document, and the trace time of its navigation start. */
function mainThread(events: TraceEvent[], host: string) {
  const start = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      String((event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? '').includes(host),
  );
  if (!start) throw new Error('no navigationStart in the trace');
  const mark = events.find((event) => event.name === 'app-row' && event.pid === start.pid);
  return { pid: start.pid, tid: start.tid, t0: start.ts, appRowTs: mark?.ts };
}

/** Self time (ms) per event name on one thread, within [from, to], complete events nested by time. */
function selfTimes(events: TraceEvent[], pid: number, tid: number, from: number, to: number): Map<string, number> {
  const own = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined)
    .filter((event) => event.ts + (event.dur ?? 0) >= from && event.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals = new Map<string, number>();
  const stack: { event: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= until) {
      const done = stack.pop() as (typeof stack)[number];
      const dur = Math.min(done.end, to) - Math.max(done.event.ts, from);
      const self = Math.max(0, dur - done.children);
      totals.set(done.event.name, (totals.get(done.event.name) ?? 0) + self / 1000);
      if (stack.length > 0) stack[stack.length - 1].children += Math.max(0, dur);
    }
  };
  for (const event of own) {
    close(event.ts);
    stack.push({ event, end: event.ts + (event.dur ?? 0), children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

/** Each request of the page: start and end (ms after navigation start), size. */
function requests(events: TraceEvent[], t0: number, until: number) {
  const byId = new Map<string, { url: string; start: number; response?: number; end?: number; bytes?: number }>();
  for (const event of events) {
    const data = event.args?.data as Record<string, unknown> | undefined;
    if (!data?.requestId) continue;
    const id = String(data.requestId);
    if (event.name === 'ResourceSendRequest') {
      byId.set(id, { url: String(data.url), start: (event.ts - t0) / 1000 });
    } else if (event.name === 'ResourceReceiveResponse') {
      const item = byId.get(id);
      if (item) item.response = (event.ts - t0) / 1000;
    } else if (event.name === 'ResourceFinish') {
      const item = byId.get(id);
      if (item) {
        item.end = (event.ts - t0) / 1000;
        item.bytes = Number(data.encodedDataLength ?? 0);
      }
    }
  }
  return [...byId.values()]
    .filter((item) => !item.url.startsWith('chrome') && item.start <= (until - t0) / 1000)
    .sort((a, b) => a.start - b.start);
}

interface Frame {
  url: string;
  line: number;
  column: number;
  name: string;
  parent?: number;
}

/** The trace's CPU profile samples of the page's process within [from, to]: time (µs), duration (µs), frame. */
function cpuSamples(events: TraceEvent[], pid: number, from: number, to: number) {
  const nodes = new Map<number, Frame>();
  const samples: { t: number; dt: number; id: number }[] = [];
  let time = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile') {
      time = Number((event.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
      nodes.clear();
    }
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args?.data as {
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) {
      nodes.set(node.id, {
        url: node.callFrame.url,
        line: node.callFrame.lineNumber,
        column: node.callFrame.columnNumber,
        name: node.callFrame.functionName,
        parent: node.parent,
      });
    }
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let index = 0; index < ids.length; index += 1) {
      time += deltas[index] ?? 0;
      if (time >= from && time <= to)
        samples.push({ t: time, dt: Math.max(0, deltas[index + 1] ?? 0), id: ids[index] });
    }
  }
  return { nodes, samples };
}

/** Names a frame by its package (node_modules/<name>) or source folder, through the chunk's source map. */
function labeller(webRoot: string, detail: 'package' | 'file') {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string) => {
    if (maps.has(url)) return maps.get(url) ?? null;
    const file = path.join(webRoot, new URL(url).pathname);
    const mapFile = `${file}.map`;
    const map = existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null;
    maps.set(url, map);
    return map;
  };
  return (node: Frame | undefined) => {
    if (!node) return '?';
    if (!node.url) return node.name ? `(${node.name})` : '(program)';
    const map = mapFor(node.url);
    if (!map) return new URL(node.url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
    const original = originalPositionFor(map, { line: node.line + 1, column: node.column });
    const source = original.source ?? '?';
    if (detail === 'file') {
      return `${source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')} ${original.name ?? node.name}`;
    }
    const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
    if (packaged) return packaged[1];
    const local = /(?:^|\/)(src|providers|resources)\/(.*)$/.exec(source);
    return local ? `${local[1]}/${local[2].split('/').slice(0, -1).join('/') || '.'}` : source;
  };
}

function jsBy(profile: ReturnType<typeof cpuSamples>, label: (node: Frame | undefined) => string): Map<string, number> {
  const totals = new Map<string, number>();
  const cache = new Map<number, string>();
  for (const sample of profile.samples) {
    let name = cache.get(sample.id);
    if (name === undefined) {
      name = label(profile.nodes.get(sample.id));
      cache.set(sample.id, name);
    }
    totals.set(name, (totals.get(name) ?? 0) + sample.dt / 1000);
  }
  return totals;
}

/** Per 100 ms after navigation start: the busiest packages. */
function timeline(profile: ReturnType<typeof cpuSamples>, label: (node: Frame | undefined) => string, t0: number) {
  const buckets = new Map<number, Map<string, number>>();
  for (const sample of profile.samples) {
    const bucket = Math.floor((sample.t - t0) / 100_000);
    const map = buckets.get(bucket) ?? new Map<string, number>();
    const name = label(profile.nodes.get(sample.id));
    map.set(name, (map.get(name) ?? 0) + sample.dt / 1000);
    buckets.set(bucket, map);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(
      ([bucket, map]) =>
        `${String(bucket * 100).padStart(5)} ms: ${[...map.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', ')}`,
    );
}

/** The main thread's tasks of 30 ms or more, each with its busiest packages or functions. */
function longTasks(
  events: TraceEvent[],
  thread: { pid: number; tid: number; t0: number },
  until: number,
  profile: ReturnType<typeof cpuSamples>,
  label: (node: Frame | undefined) => string,
) {
  const tasks = events
    .filter(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.ph === 'X' &&
        (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
        (event.dur ?? 0) >= 30_000 &&
        event.ts <= until,
    )
    .sort((a, b) => a.ts - b.ts);
  const cache = new Map<number, string>();
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inner = events.find(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.ts >= task.ts &&
        event.ts < end &&
        [
          'TimerFire',
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'RunMicrotasks',
          'UpdateLayoutTree',
          'EventDispatch',
        ].includes(event.name),
    );
    const sums = new Map<string, number>();
    for (const sample of profile.samples) {
      if (sample.t < task.ts || sample.t > end) continue;
      let name = cache.get(sample.id);
      if (name === undefined) {
        name = label(profile.nodes.get(sample.id));
        cache.set(sample.id, name);
      }
      sums.set(name, (sums.get(name) ?? 0) + sample.dt / 1000);
    }
    const busiest = [...sums.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ');
    return `task at ${((task.ts - thread.t0) / 1000).toFixed(0).padStart(5)} ms, ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms (${inner?.name ?? '?'}): ${busiest}`;
  });
}

const KINDS: Record<string, string[]> = {
  'compile (parse/compile scripts and modules)': [
    'v8.compile',
    'v8.compileModule',
    'V8.CompileCode',
    'V8.CompileLazy',
    'v8.produceModuleCache',
    'V8.ScriptCompiler',
    'CompileScript',
    'CompileModule',
  ],
  'script (evaluation, calls, tasks)': [
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'V8.Execute',
    'v8.run',
    'v8.callFunction',
    'TimerFire',
    'RunMicrotasks',
    'EventDispatch',
    'FireAnimationFrame',
    'XHRReadyStateChange',
    'v8.callModuleMethod',
  ],
  GC: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase', 'V8.GCFinalizeMC', 'V8.GCScavenger'],
  'style (recalc, parse stylesheets)': ['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'RecalculateStyles'],
  layout: ['Layout', 'UpdateLayerTree', 'PrePaint', 'Layerize'],
  paint: ['Paint', 'PaintImage', 'Commit', 'CompositeLayers'],
  html: ['ParseHTML'],
};

function kindOf(name: string): string {
  for (const [kind, names] of Object.entries(KINDS)) if (names.includes(name)) return kind;
  return 'other (task overhead, loading)';
}

function top(map: Map<string, number>, count: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
}

async function profile(
  browser: Browser,
  name: string,
  baseURL: string,
  url: string,
  webRoot: string,
  session?: Record<string, string>,
) {
  const runs: {
    appRow: number;
    kinds: Map<string, number>;
    js: Map<string, number>;
    files: Map<string, number>;
    lines: string[];
  }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { appRow, events } = await trace(browser, baseURL, url, session);
    if (process.env.PROFILE_SAVE) {
      writeFileSync(path.join(process.env.PROFILE_SAVE, `${name}-${run}.json`), JSON.stringify({ appRow, events }));
    }
    const { pid, tid, t0, appRowTs } = mainThread(events, new URL(baseURL).host);
    const until = appRowTs ?? t0 + appRow * 1000;
    const selfs = selfTimes(events, pid, tid, t0, until);
    const kinds = new Map<string, number>();
    for (const [event, ms] of selfs) kinds.set(kindOf(event), (kinds.get(kindOf(event)) ?? 0) + ms);
    const samples = cpuSamples(events, pid, t0, until);
    const js = jsBy(samples, labeller(webRoot, 'package'));
    const files = jsBy(samples, labeller(webRoot, 'file'));
    const buckets = timeline(samples, labeller(webRoot, 'package'), t0);
    const lines = requests(events, t0, until).map(
      (item) =>
        `${item.start.toFixed(0).padStart(6)} → ${(item.response ?? Number.NaN).toFixed(0).padStart(5)} → ${(item.end ?? Number.NaN).toFixed(0).padStart(5)} ms  ${((item.bytes ?? 0) / 1024).toFixed(1).padStart(7)} KB  ${item.url.replace(baseURL, '').slice(0, 90)}`,
    );
    const busy = [...selfs.values()].reduce((sum, ms) => sum + ms, 0);
    lines.unshift(
      `app row ${appRow.toFixed(0)} ms; main thread busy ${busy.toFixed(0)} ms; top events: ${top(selfs, 8)
        .map((line) => line.trim().replace(/\s+/g, ' '))
        .join(', ')}`,
    );
    const tasks = longTasks(events, { pid, tid, t0 }, until, samples, labeller(webRoot, 'package'));
    runs.push({ appRow, kinds, js, files, lines: [...lines, ...tasks, ...buckets] });
  }
  const middle = runs.map((item) => item.appRow);
  const chosen = runs.find((item) => item.appRow === median(middle)) ?? runs[0];
  console.log(
    `\n=== ${name}: ${url}, app row median ${median(middle).toFixed(0)} ms of ${middle.map((v) => v.toFixed(0)).join(', ')}`,
  );
  console.log('  main thread by kind, mean over runs:');
  const mean = (pick: (item: (typeof runs)[number]) => Map<string, number>) => {
    const sum = new Map<string, number>();
    for (const item of runs) for (const [key, ms] of pick(item)) sum.set(key, (sum.get(key) ?? 0) + ms / runs.length);
    return sum;
  };
  for (const line of top(
    mean((item) => item.kinds),
    20,
  ))
    console.log(`    ${line}`);
  console.log('  JavaScript self time by package/folder, mean over runs:');
  for (const line of top(
    mean((item) => item.js),
    25,
  ))
    console.log(`    ${line}`);
  console.log('  JavaScript self time by function, mean over runs:');
  for (const line of top(
    mean((item) => item.files),
    40,
  ))
    console.log(`    ${line}`);
  console.log('  median run, requests (sent → response → finished):');
  for (const line of chosen.lines) console.log(`    ${line}`);
}

async function main() {
  ensureBuild();
  // PROFILE_ANCHOR_ROOT: the anchor built with hidden source maps, for its breakdown by package.
  const anchorRoot = process.env.PROFILE_ANCHOR_ROOT ?? (await ensureAnchorBuild());
  const dataDir = await buildBenchDb({ companies: 1_000_000, contracts: 1_000_000 });
  const server = await startBenchServer(dataDir);
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  let anchor: Awaited<ReturnType<typeof startAnchorServer>> | undefined;
  try {
    const login = await loginContent(server.url, 'admin');
    const session = sessionEntries(login);
    anchor = await startAnchorServer(anchorRoot, {
      companies: await anchorRows(server.url, String(login.token), 'adMerchant', ROWS),
      contracts: [],
    });
    const which = process.env.PROFILE_ONLY;
    if (which !== 'ours') {
      await profile(browser, 'anchor', anchor.url, `/#/companies?perPage=${ROWS}`, anchorRoot);
    }
    if (which !== 'anchor') {
      await profile(
        browser,
        'ours',
        server.url,
        `/adMerchant?perPage=${ROWS}`,
        path.resolve(process.env.WEB_ROOT ?? 'dist'),
        session,
      );
    }
  } finally {
    await browser.close();
    await anchor?.stop();
    await server.stop();
  }
}

/**
 * PROFILE_READ=<trace saved with PROFILE_SAVE> PROFILE_WINDOWS=from-to,…(ms after navigation start): the
 * busiest functions of each window, with WEB_ROOT's source maps.
 */
function readSaved(file: string, windows: string) {
  const { events } = JSON.parse(readFileSync(file, 'utf8')) as { events: TraceEvent[] };
  const start = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL);
  if (!start) throw new Error('no navigationStart');
  const label = labeller(path.resolve(process.env.WEB_ROOT ?? 'dist'), 'file');
  const stackLabel = labeller(path.resolve(process.env.WEB_ROOT ?? 'dist'), 'file');
  for (const window of windows.split(',')) {
    const [from, to] = window.split('-').map(Number);
    const profile = cpuSamples(events, start.pid, start.ts + from * 1000, start.ts + to * 1000);
    console.log(`\n${from}-${to} ms, self:`);
    for (const line of top(jsBy(profile, label), 15)) console.log(`  ${line}`);
    // Inclusive: each frame of the sample's stack once.
    const inclusive = new Map<string, number>();
    for (const sample of profile.samples) {
      const seen = new Set<string>();
      for (let id: number | undefined = sample.id; id !== undefined; id = profile.nodes.get(id)?.parent) {
        const name = stackLabel(profile.nodes.get(id));
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + sample.dt / 1000);
      }
    }
    console.log('  inclusive:');
    for (const line of top(inclusive, 40)) console.log(`  ${line}`);
  }
}

if (process.env.PROFILE_READ) readSaved(process.env.PROFILE_READ, process.env.PROFILE_WINDOWS ?? '0-100000');
else await main();
