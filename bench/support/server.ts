import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (dist/ as web root, fresh SQLite database with the demo seed) on a free port of
 * 127.0.0.1 and resolves once it prints LISTENING. The data directory is a new temp folder, deleted by stop()
 * and, should the benchmark crash or be interrupted, on exit.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lg-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopped = false;
  const cleanUpNow = () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
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
      const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /LISTENING (http:\/\/[^\s]+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}):\n${output}`));
      });
    });
  } catch (error) {
    cleanUpNow();
    throw error;
  }
  // Keep draining the pipes so a chatty server never blocks on a full buffer.
  child.stdout?.resume();
  child.stderr?.resume();

  return {
    url,
    dataDir,
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
