// `npm test`: lint, type check, unit and API tests (Vitest), production build, end-to-end tests
// (Playwright in Chromium). Every step runs; the last line sums up the tests as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { startLocalPostgres } from './localPostgres.mjs';

const node = process.execPath;
const steps = [
  { name: '代码规范（biome）', args: ['node_modules/@biomejs/biome/bin/biome', 'check', '.'] },
  { name: '类型检查（tsc）', args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  {
    name: '单元与接口测试（vitest）',
    args: [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ],
    report: 'test-results/vitest.json',
  },
  {
    name: '接口测试（PostgreSQL）',
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
  { name: '前端构建（vite build）', args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  { name: '前端预压缩', args: ['scripts/compressDist.mjs'] },
  {
    name: '端到端测试（playwright）',
    args: ['node_modules/@playwright/test/cli.js', 'test'],
    report: 'test-results/e2e.json',
  },
];

function counts(step) {
  if (!step.report || !existsSync(step.report)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(step.report, 'utf8'));
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
  };
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;
const failedSteps = [];
// PostgreSQL: DATABASE_URL when set, else a throwaway local server when PostgreSQL is installed.
const localPostgres = process.env.DATABASE_URL ? null : await startLocalPostgres();
const postgresUrl = process.env.DATABASE_URL ?? localPostgres?.url;
for (const step of steps) {
  if (step.postgres && !postgresUrl) {
    console.log(`\n=== ${step.name}：未设置 DATABASE_URL 且本机没有 PostgreSQL，跳过 ===`);
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const env = { ...process.env, FORCE_COLOR: '0' };
  if (step.postgres) env.DATABASE_URL = postgresUrl;
  else delete env.DATABASE_URL;
  const result = spawnSync(node, step.args, { stdio: 'inherit', env });
  const tally = counts(step);
  passed += tally.passed;
  failed += tally.failed;
  if (result.status !== 0) {
    failedSteps.push(step.name);
    if (!step.report) failed += 1;
  }
}
localPostgres?.stop();
console.log(`\n${failedSteps.length === 0 ? '全部通过' : `未通过的步骤：${failedSteps.join('、')}`}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
