// Starts a throwaway PostgreSQL server for the API tests when the machine has PostgreSQL's binaries
// (Debian: apt-get install postgresql) and DATABASE_URL is not set. Returns null when it cannot.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function binDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** initdb refuses to run as root: run the server commands as the postgres user then. */
function run(command, args) {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((part) => `'${part}'`).join(' ')], {
        encoding: 'utf8',
      })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
}

/**
 * `options.dir`: keep the server's files there (a benchmark's seeded database, reused by the next run): the
 * cluster is created only when the folder has none, and stop() leaves it. By default a fresh temp folder,
 * deleted on stop(). `options.settings`: more server settings (`name=value`, e.g. a benchmark's shared_buffers).
 */
export async function startLocalPostgres(options = {}) {
  const bin = binDir();
  if (!bin) return null;
  const kept = Boolean(options.dir);
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'lg-pg-'));
  if (kept) mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const startCluster = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        ...(options.settings ?? []).map((setting) => `-c ${setting}`),
      ].join(' '),
      'start',
    ]);
  try {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
    if (!existsSync(path.join(data, 'PG_VERSION'))) {
      run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--no-locale']);
    } else if (existsSync(path.join(data, 'postmaster.pid'))) {
      // A run that was killed left its server running (or its pid file): stop it before starting ours.
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // no server was running: pg_ctl start removes the stale pid file itself
      }
    }
    startCluster();
  } catch (error) {
    if (!kept) rmSync(dir, { recursive: true, force: true });
    console.log(`无法启动本地 PostgreSQL，跳过 PostgreSQL 接口测试：${error.message.split('\n')[0]}`);
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server as an operator would (`pg_ctl stop -m fast`: every connection gets 57P01), files kept. */
    halt() {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
    },
    /** Starts a halted server again, on the same port. */
    resume() {
      startCluster();
    },
    stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', kept ? 'fast' : 'immediate', 'stop']);
      } finally {
        if (!kept) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
