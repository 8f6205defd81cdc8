// `npm start`: builds the web app when dist/ is missing or older than its sources, then starts the
// server (which migrates and seeds the database on first start) under a supervisor that restarts it
// when it crashes (scripts/supervisor.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { logLine } from '../server/operations/logLine.mjs';
import { supervise } from './supervisor.mjs';

const SOURCES = ['src', 'providers', 'resources', 'i18n', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

const built = 'dist/index.html';
const stale = !existsSync(built) || SOURCES.some((entry) => newestMtime(entry) > statSync(built).mtimeMs);
if (stale && process.env.SKIP_BUILD !== '1') {
  logLine('info', '正在构建前端（vite build）…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  spawnSync(process.execPath, ['scripts/compressDist.mjs'], { stdio: 'inherit' });
}
process.exit(await supervise({ args: ['--no-warnings', '--import', 'tsx', 'server/server.ts'] }));
