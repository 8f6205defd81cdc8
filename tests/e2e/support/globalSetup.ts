import { writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { startServer } from '../../../scripts/serverProcess';

/**
 * One server per Playwright worker, each with its own data directory and database, so that workers never see
 * each other's changes to the demo data. Worker N (its parallel index) finds its server in E2E_BASE_URL_N and
 * E2E_DATA_DIR_N; playwright.config.ts turns them into BASE_URL and E2E_DATA_DIR in that worker.
 */
export default async function globalSetup(config: FullConfig) {
  const servers = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startServer()));
  servers.forEach((server, index) => {
    process.env[`E2E_BASE_URL_${index}`] = server.url;
    process.env[`E2E_DATA_DIR_${index}`] = server.dataDir;
  });
  process.env.BASE_URL = servers[0].url;
  process.env.E2E_DATA_DIR = servers[0].dataDir;
  writeFileSync('.tmp-e2e-url', servers[0].url);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
