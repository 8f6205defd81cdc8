import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash would: no shutdown, the data directory stays (for crash tests). */
  kill: () => Promise<void>;
  /** What the server printed so far (stdout and stderr; the last 1 MB). */
  output: () => string;
  /** Sends a signal without waiting (a graceful-shutdown test watches what happens next through `exited`). */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves when the process has exited, with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Use this data directory and keep it (benchmarks); by default a fresh temp one, deleted on stop. */
  dataDir?: string;
  /** Sees what the server prints while it starts (before startServer resolves), e.g. to wait for a log line. */
  onOutput?: (text: string) => void;
}

/**
 * The server from the bundle npm test builds first (scripts/buildServer.mjs; SERVER_BUNDLE names it), else from
 * its TypeScript sources through tsx, as a single test run by hand does.
 */
function serverArgs(): string[] {
  // Node's own flags for the server alone (SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it
  // under a benchmark; node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const bundle = process.env.SERVER_BUNDLE;
  if (bundle) {
    if (!existsSync(bundle)) throw new Error(`SERVER_BUNDLE=${bundle} 不存在：先运行 node scripts/buildServer.mjs`);
    return [...nodeArgs, bundle];
  }
  return [...nodeArgs, '--import', 'tsx', 'server/server.ts'];
}

/**
 * Starts the real server (production build in dist/, SQLite database with the demo seed) on a free
 * loopback port and resolves once it listens. If the calling process exits or is interrupted first,
 * the server is killed and a temp data directory removed.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lg-server-'));
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: process.cwd(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopped = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUpNow = () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUpNow();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', cleanUpNow);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let output = '';
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`服务器 120 秒内未启动：\n${output}`)), 120_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-1_000_000);
        options.onOutput?.(output);
        const match = /LISTENING (http:\/\/[^\s"]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-1_000_000);
        options.onOutput?.(output);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`服务器退出（${code}）：\n${output}`));
      });
    });
  } catch (error) {
    cleanUpNow();
    throw error;
  }
  // Keep draining the pipes so a chatty server never blocks on a full buffer (the listeners above keep
  // collecting `output`, the last megabyte of it).
  child.stdout?.resume();
  child.stderr?.resume();

  return {
    url,
    dataDir,
    output: () => output,
    signal: (signal) => {
      child.kill(signal);
    },
    exited,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (stopped) return;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
      cleanUpNow();
      process.removeListener('exit', cleanUpNow);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
    },
  };
}
