import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` survives the unexpected: scripts/start.mjs runs the real server under a supervisor
 * on a free loopback port; the test kills the server with SIGKILL (what the kernel's OOM killer or a V8 heap
 * abort amount to), and the supervisor logs why and starts it again on the same port. SIGTERM to the supervisor
 * stops both cleanly, and a server whose supervisor is killed stops too instead of lingering.
 */

let dataDir: string;
const running: ChildProcess[] = [];

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lg-supervisor-'));
});
afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error())));
    });
  });
}

interface Supervised {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of the pattern in the output from `from` on (waits up to `ms`). */
  waitFor: (pattern: RegExp, from?: number, ms?: number) => Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startSupervised(port: number, extraEnv: Record<string, string> = {}): Supervised {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PAYOUT_AUTO: '0',
      LOG_LEVEL: 'warn',
      WEB_ROOT: path.join(dataDir, 'no-web-app'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp, from = 0, ms = 90_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output.slice(from));
        if (!match) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(match);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`等待 ${pattern} 超时，输出：\n${output}`));
      }, ms);
      listeners.add(check);
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

const STARTED = /服务器进程已启动（pid (\d+)）/;

interface LogRecord {
  level: number;
  time: number;
  pid: number;
  msg: string;
  worker?: string;
  err?: { message: string; stack?: string };
  /** Text the process wrote that was not JSON, gathered into this record by the supervisor. */
  text?: string;
}

/** Every line written, each parsed as JSON (a line that is not JSON fails the parse with the line shown). */
function records(output: string): LogRecord[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let record: LogRecord;
      try {
        record = JSON.parse(line);
      } catch {
        throw new Error(`不是 JSON 的日志行：${line}`);
      }
      expect(record, line).toMatchObject({
        level: expect.any(Number),
        time: expect.any(Number),
        pid: expect.any(Number),
        msg: expect.any(String),
      });
      return record;
    });
}

/** The pid of the cluster worker `index` that logged its scheduled jobs last. */
function workerPid(output: string, index: string): number | undefined {
  return records(output)
    .filter((record) => record.msg.startsWith('SCHEDULED_JOBS ') && record.worker === index)
    .at(-1)?.pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/remittances/template`);
  const body = (await response.json()) as { code: number };
  return body.code;
}

async function waitUntilGone(pid: number, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

describe('npm start supervises the server', () => {
  it('restarts a server killed with SIGKILL, logs why, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const supervised = startSupervised(port);
    const first = Number((await supervised.waitFor(STARTED))[1]);
    await supervised.waitFor(/LISTENING http:/);
    // Without a token the API answers its envelope (not logged in): the server is up.
    expect(await answers(url)).not.toBe(1020000);

    const before = supervised.output().length;
    process.kill(first, 'SIGKILL');
    await supervised.waitFor(/服务器进程意外被信号 SIGKILL 终止，1 秒后第 1 次重启/, before);
    const second = Number((await supervised.waitFor(STARTED, before))[1]);
    expect(second).not.toBe(first);
    expect(alive(first)).toBe(false);
    await supervised.waitFor(/LISTENING http:/, before);
    expect(await answers(url)).not.toBe(1020000);

    supervised.child.kill('SIGTERM');
    expect(await supervised.exited).toEqual({ code: 0, signal: null });
    expect(supervised.output()).toContain('服务器进程已停止');
    expect(await waitUntilGone(second)).toBe(true);
  }, 240_000);

  it('a server whose supervisor is killed stops too (it does not keep the port)', async () => {
    const port = await freePort();
    const supervised = startSupervised(port);
    const pid = Number((await supervised.waitFor(STARTED))[1]);
    await supervised.waitFor(/LISTENING http:/);
    supervised.child.kill('SIGKILL');
    await supervised.exited;
    expect(await waitUntilGone(pid)).toBe(true);
  }, 180_000);

  it('writes every line as one JSON object, crashes and restarts included (WORKERS=2)', async () => {
    const port = await freePort();
    const supervised = startSupervised(port, {
      WORKERS: '2',
      LOG_LEVEL: 'info',
      // A small heap: SIGURG runs it out in a moment.
      NODE_OPTIONS: `--max-old-space-size=256 --import=${pathToFileURL(path.resolve('tests/api/support/crashOnSignal.mjs')).href}`,
    });
    await supervised.waitFor(/LISTENING http:/);
    const scheduled = () => supervised.output().match(/"msg":"SCHEDULED_JOBS 2:/g)?.length ?? 0;
    expect(scheduled()).toBe(1);
    const restarted = async (count: number) => {
      await supervised.waitFor(new RegExp(`(?:[^]*"msg":"SCHEDULED_JOBS 2:){${count}}`));
    };

    // A worker killed outright, then one throwing, then one leaving a rejection unhandled: each is restarted.
    process.kill(workerPid(supervised.output(), '2') as number, 'SIGKILL');
    await supervised.waitFor(/工作进程 2 意外退出（SIGKILL）/);
    await restarted(2);
    process.kill(workerPid(supervised.output(), '2') as number, 'SIGUSR2');
    await supervised.waitFor(/工作进程 2 意外退出（1）/);
    await restarted(3);
    process.kill(workerPid(supervised.output(), '2') as number, 'SIGWINCH');
    await restarted(4);
    // Out of memory: V8 itself writes a dump of some thirty lines and aborts the process.
    process.kill(workerPid(supervised.output(), '2') as number, 'SIGURG');
    await supervised.waitFor(/工作进程 2 意外退出（SIGABRT）/);
    await restarted(5);
    expect(await answers(`http://127.0.0.1:${port}`)).not.toBe(1020000);

    supervised.child.kill('SIGTERM');
    expect(await supervised.exited).toEqual({ code: 0, signal: null });
    const all = records(supervised.output());
    const crashes = all.filter((record) => record.level === 60);
    expect(crashes.map((record) => [record.msg, record.err?.message])).toEqual([
      ['未捕获的异常，进程退出', '测试触发的未捕获异常\n第二行'],
      ['未处理的 Promise 拒绝，进程退出', '测试触发的未处理拒绝'],
    ]);
    // The stack of the crash is inside its one line.
    expect(crashes[0].err?.stack).toMatch(/测试触发的未捕获异常\n第二行\n\s+at /);
    // The out-of-memory dump is one record with V8's text inside, written before the line about the restart.
    const dumps = all.filter((record) => record.text?.includes('JavaScript heap out of memory'));
    expect(dumps).toHaveLength(1);
    expect(dumps[0].text).toMatch(/FATAL ERROR: Reached heap limit[\s\S]*Native stack trace/);
    const oomExit = all.findIndex((record) => record.msg.includes('工作进程 2 意外退出（SIGABRT）'));
    expect(all.indexOf(dumps[0])).toBeLessThan(oomExit);
    expect(all.some((record) => record.msg === '服务器进程已停止（以退出码 0 退出）')).toBe(true);
    expect(all.some((record) => record.msg.startsWith('LISTENING http://'))).toBe(true);
  }, 240_000);
});
