import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export const DIST_DIR = path.resolve('dist');

/** Builds the web app with `vite build` when dist/ is missing; returns when dist/index.html was written. */
export function ensureBuild(): Date {
  const indexHtml = path.join(DIST_DIR, 'index.html');
  if (!existsSync(indexHtml)) {
    console.log('dist/ is missing: running vite build …');
    const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
    if (result.status !== 0 || !existsSync(indexHtml)) throw new Error(`vite build failed (exit ${result.status})`);
  }
  return statSync(indexHtml).mtime;
}
