// `npm test`: lint, type check, unit and API tests (Vitest), production build, end-to-end tests
// (Playwright in Chromium). Every step runs; the last lines give each step's time and sum up the tests as
// "N passed, N failed".
//
// Steps start as soon as what they need is done, so that both cores of a small machine stay busy: (1) biome,
// Vitest on SQLite; (2) the build, its compression, Vitest on PostgreSQL; (3) the ops tests, which mostly wait on
// real server processes and a PostgreSQL being stopped and started, then tsc; (4) the end-to-end tests once the
// build and the SQLite lane are done, beside the end of the PostgreSQL lane.
// Each step's output is kept and printed whole, in the order of `steps`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { buildServer, SERVER_BUNDLE } from './buildServer.mjs';
import { startLocalPostgres } from './localPostgres.mjs';

const node = process.execPath;
const steps = [
  { name: '代码规范（biome）', lane: 1, args: ['node_modules/@biomejs/biome/bin/biome', 'check', '.'] },
  { name: '类型检查（tsc）', lane: 3, args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: '单元与接口测试（vitest）',
    lane: 1,
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'unit',
      '--project',
      'api',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ],
    report: 'test-results/vitest.json',
  },
  {
    name: '接口测试（PostgreSQL）',
    lane: 2,
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'api',
      '--reporter=dot',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-pg.json',
    ],
    report: 'test-results/vitest-pg.json',
    postgres: true,
  },
  {
    name: '运维测试（真实进程）',
    lane: 3,
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      'ops',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest-ops.json',
    ],
    report: 'test-results/vitest-ops.json',
  },
  { name: '前端构建（vite build）', lane: 2, args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  { name: '前端预压缩', lane: 2, args: ['scripts/compressDist.mjs'] },
  {
    name: '端到端测试（playwright）',
    lane: 4,
    after: ['前端预压缩', '单元与接口测试（vitest）'],
    args: ['node_modules/@playwright/test/cli.js', 'test'],
    report: 'test-results/e2e.json',
  },
];
// Lane 2 runs the build first, so that the end-to-end tests can start while the PostgreSQL suite still runs; lane 3
// type-checks once the ops tests are under way (tsc computes, they wait).
const laneOrder = {
  2: ['前端构建（vite build）', '前端预压缩', '接口测试（PostgreSQL）'],
  3: ['运维测试（真实进程）', '类型检查（tsc）'],
};

function counts(step) {
  if (!step.report || !existsSync(step.report)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(step.report, 'utf8'));
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
  };
}

/** Runs one step with its output kept; resolves to { status, output, seconds }. */
function runStep(step, env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(node, step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) =>
      resolve({
        status,
        output: Buffer.concat(chunks).toString('utf8'),
        seconds: (performance.now() - started) / 1000,
      }),
    );
  });
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const runStarted = performance.now();
// PostgreSQL: DATABASE_URL when set, else a throwaway local server when PostgreSQL is installed.
const localPostgres = process.env.DATABASE_URL ? null : await startLocalPostgres();
// The servers the tests start run this run's sources from one bundle (scripts/serverProcess.ts).
await buildServer();
process.env.SERVER_BUNDLE = SERVER_BUNDLE;
const postgresUrl = process.env.DATABASE_URL ?? localPostgres?.url;

const results = new Map();
let printed = 0;
/** Prints the finished steps whose predecessors (in `steps` order) are printed. */
function printInOrder() {
  while (printed < steps.length && results.has(steps[printed].name)) {
    const step = steps[printed];
    const result = results.get(step.name);
    if (result.skipped) console.log(`\n=== ${step.name}：未设置 DATABASE_URL 且本机没有 PostgreSQL，跳过 ===`);
    else {
      console.log(`\n=== ${step.name}（${result.seconds.toFixed(1)} s）===`);
      process.stdout.write(result.output);
    }
    printed += 1;
  }
}

/** Resolves when the named step has finished (each step's promise is made once, when its lane reaches it). */
const finished = new Map();
function whenFinished(name) {
  if (!finished.has(name)) {
    let resolve;
    const promise = new Promise((done) => {
      resolve = done;
    });
    finished.set(name, { promise, resolve });
  }
  return finished.get(name);
}

async function runLane(lane) {
  const names = laneOrder[lane] ?? steps.filter((step) => step.lane === lane).map((step) => step.name);
  for (const name of names) {
    const step = steps.find((candidate) => candidate.name === name);
    await Promise.all((step.after ?? []).map((before) => whenFinished(before).promise));
    if (step.postgres && !postgresUrl) results.set(step.name, { skipped: true });
    else {
      const env = { ...process.env, FORCE_COLOR: '0', ...step.env };
      if (step.postgres) env.DATABASE_URL = postgresUrl;
      else delete env.DATABASE_URL;
      const result = await runStep(step, env);
      results.set(step.name, { ...result, tally: counts(step) });
    }
    whenFinished(step.name).resolve();
    printInOrder();
  }
}

await Promise.all([...new Set(steps.map((step) => step.lane))].map(runLane));
localPostgres?.stop();

let passed = 0;
let failed = 0;
const failedSteps = [];
console.log('\n=== 各步骤用时 ===');
for (const step of steps) {
  const result = results.get(step.name);
  if (result.skipped) {
    console.log(`${step.name}：跳过`);
    continue;
  }
  const { tally } = result;
  passed += tally.passed;
  failed += tally.failed;
  if (result.status !== 0) {
    failedSteps.push(step.name);
    if (!step.report) failed += 1;
  }
  const tests = step.report ? `，${tally.passed} 通过，${tally.failed} 未通过` : '';
  console.log(`${step.name}：${result.seconds.toFixed(1)} s${result.status === 0 ? '' : '（未通过）'}${tests}`);
}
console.log(`合计：${((performance.now() - runStarted) / 1000).toFixed(1)} s（各列并行，各步骤用时之和更大）`);
console.log(`\n${failedSteps.length === 0 ? '全部通过' : `未通过的步骤：${failedSteps.join('、')}`}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
