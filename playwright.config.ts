import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/support/browser';

// In a worker: its own server (tests/e2e/support/globalSetup.ts starts one per worker).
const lane = process.env.TEST_PARALLEL_INDEX;
if (lane !== undefined && process.env[`E2E_BASE_URL_${lane}`]) {
  process.env.BASE_URL = process.env[`E2E_BASE_URL_${lane}`];
  process.env.E2E_DATA_DIR = process.env[`E2E_DATA_DIR_${lane}`];
}

const LOAD_FACTOR = process.env.CI ? 2 : 1;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/globalSetup.ts',
  // Each file's tests run in order in one worker; files are spread over the workers, each with a server of its own.
  // The tests wait on the browser and the server more than they compute: two workers on two cores (E2E_WORKERS).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  // npm test runs the PostgreSQL suite beside this one on the same two cores: a page that paints in one second
  // alone can take ten then, so the waits are doubled under CI rather than failing on load.
  timeout: 30_000 * LOAD_FACTOR,
  expect: { timeout: 10_000 * LOAD_FACTOR },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Playwright empties its output folder when it starts: a folder of its own, so that the Vitest reports that
  // npm test writes beside it (while the PostgreSQL suite may still run) stay.
  outputDir: 'test-results/e2e',
  use: {
    baseURL: process.env.BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
