import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The supervisor of `npm start` waits for a stopping server as long as the server lets its requests finish
 * (SHUTDOWN_GRACE_MS) plus a margin, and only then kills it. It used to kill after a fixed 10 s, which
 * cut the default 30 s grace short and a long export with it. The server is a stand-in (support/slowStop.mjs)
 * that takes a set time to stop: the supervisor's part is what is tested, without a real server's start-up.
 */
const supervisorUrl = pathToFileURL(path.resolve('scripts/supervisor.mjs')).href;
const standIn = path.resolve('tests/ops/support/slowStop.mjs');

interface Stopped {
  code: number | null;
  seconds: number;
  output: string;
}

/** Runs the supervisor over the stand-in, sends it SIGTERM once the stand-in is ready, and times the stop. */
function superviseAndStop(env: Record<string, string>): Promise<Stopped> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { supervise } from '${supervisorUrl}'; process.exit(await supervise({ args: ['${standIn}'] }));`,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let signalledAt = 0;
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!signalledAt && output.includes('"msg":"READY"')) {
        signalledAt = performance.now();
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, seconds: (performance.now() - signalledAt) / 1000, output }));
  });
}

describe('the supervisor stopping a server', () => {
  it('waits out the shutdown grace, and kills a server that outlives it by the margin', async () => {
    const [patient, stuck] = await Promise.all([
      // Finishing its requests for 11 s of a 12 s grace: a clean stop, not a kill at 10 s.
      superviseAndStop({ SHUTDOWN_GRACE_MS: '12000', STOP_AFTER_MS: '11000' }),
      // Never done: killed 5 s after a 1 s grace, not after 10 s.
      superviseAndStop({ SHUTDOWN_GRACE_MS: '1000', STOP_AFTER_MS: 'never' }),
    ]);
    expect(patient.output).not.toContain('强制结束');
    expect(patient.output).toContain('服务器进程已停止（以退出码 0 退出）');
    expect(patient.code).toBe(0);
    expect(patient.seconds).toBeGreaterThan(10.5);

    expect(stuck.output).toContain('服务器进程 6 秒内未关闭，强制结束');
    expect(stuck.output).toContain('服务器进程已停止（被信号 SIGKILL 终止）');
    expect(stuck.seconds).toBeGreaterThan(5.5);
    expect(stuck.seconds).toBeLessThan(9);
  }, 60_000);
});
