// `npm test`: lint, type check, unit and API tests (Vitest), production build, end-to-end tests
// (Playwright in Chromium). Every step runs; the last line sums up the tests as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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
  { name: '前端构建（vite build）', args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
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
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const result = spawnSync(node, step.args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const tally = counts(step);
  passed += tally.passed;
  failed += tally.failed;
  if (result.status !== 0) {
    failedSteps.push(step.name);
    if (!step.report) failed += 1;
  }
}
console.log(`\n${failedSteps.length === 0 ? '全部通过' : `未通过的步骤：${failedSteps.join('、')}`}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);
