import { existsSync } from 'node:fs';

/**
 * Chromium for Playwright: CHROMIUM_PATH when set, Debian's /usr/bin/chromium when present, otherwise
 * Playwright's own browser (a laptop with `npx playwright install`).
 */
export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
