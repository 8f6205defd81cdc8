// The supervisor `npm start` runs: the server runs as a child process; when it dies — a crash, an
// out-of-memory abort, a SIGKILL — the supervisor logs why and starts it again, waiting 1 s, 2 s, 4 s … up to
// 30 s between attempts (back to 1 s once a server has run for a minute). SIGINT / SIGTERM sent to the
// supervisor are passed to the server, which closes cleanly; the supervisor then exits with the server's code.
// A server that exits with 0 (it was asked to stop) or with EXIT_CONFIG (its configuration is wrong: restarting
// cannot help) is not restarted. The server's output passes through the supervisor, which makes any line that is
// not JSON (a V8 out-of-memory dump) one JSON record (jsonLineRelay.mjs).
import { spawn } from 'node:child_process';
import { logLine } from '../server/operations/logLine.mjs';
import { shutdownGraceMsOf } from '../server/operations/shutdownGrace.mjs';
import { relayAsJsonLines } from './jsonLineRelay.mjs';

/** server/server.ts exits with this when its configuration is invalid (EX_CONFIG of sysexits.h). */
export const EXIT_CONFIG = 78;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
/** A server that ran this long counts as healthy: the next restart waits the shortest time again. */
const STABLE_MS = 60_000;
/**
 * A stopping server may take its SHUTDOWN_GRACE_MS (requests in progress finish) and this much more
 * (closing the database, exiting) before it is killed: a fixed 10 s cut a 30 s grace short, and the exports with it.
 */
const STOP_MARGIN_MS = 5_000;

/** The supervisor's lines are JSON like the server's (`name: 守护进程` tells them apart). */
function log(message, level = 'warn') {
  logLine(level, message, { name: '守护进程' });
}

function describeExit(code, signal) {
  return signal ? `被信号 ${signal} 终止` : `以退出码 ${code} 退出`;
}

/**
 * Runs `process.execPath args…` and keeps it running. Answers a promise of the exit code the supervisor should
 * end with (the process is not exited here, so a caller may clean up first).
 */
export function supervise({ args, env = process.env }) {
  return new Promise((resolveExit) => {
    let child = null;
    let stopping = null;
    let attempt = 0;
    let restartTimer = null;
    const stopTimeoutMs = shutdownGraceMsOf(env) + STOP_MARGIN_MS;

    const start = () => {
      restartTimer = null;
      const startedAt = Date.now();
      // An IPC channel: the server notices when the supervisor is gone (even after a SIGKILL) and stops too.
      child = spawn(process.execPath, args, { env, stdio: ['inherit', 'pipe', 'pipe', 'ipc'] });
      const relays = [
        relayAsJsonLines(child.stdout, { level: 'info', name: '服务器进程' }),
        relayAsJsonLines(child.stderr, { level: 'error', name: '服务器进程' }),
      ];
      log(`服务器进程已启动（pid ${child.pid}）`);
      child.once('error', (error) => log(`无法启动服务器进程：${error.message}`));
      child.once('exit', (code, signal) => {
        child = null;
        // What a crashing server wrote last comes before the line that says it exited.
        for (const relay of relays) relay.flush();
        if (stopping) {
          log(`服务器进程已停止（${describeExit(code, signal)}）`);
          resolveExit(code ?? (stopping === 'SIGINT' ? 130 : 143));
          return;
        }
        if (code === 0) {
          log('服务器进程已正常退出，守护进程随之退出');
          resolveExit(0);
          return;
        }
        if (code === EXIT_CONFIG) {
          log('服务器配置有误（见上方提示），修正后请重新启动；不再自动重启');
          resolveExit(EXIT_CONFIG);
          return;
        }
        if (Date.now() - startedAt >= STABLE_MS) attempt = 0;
        const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
        attempt += 1;
        log(`服务器进程意外${describeExit(code, signal)}，${delay / 1000} 秒后第 ${attempt} 次重启`);
        restartTimer = setTimeout(start, delay);
      });
    };

    const onSignal = (signal) => {
      if (stopping) return;
      stopping = signal;
      log(`收到 ${signal}，正在停止服务器`);
      if (restartTimer) {
        clearTimeout(restartTimer);
        resolveExit(signal === 'SIGINT' ? 130 : 143);
        return;
      }
      child?.kill(signal);
      // A server that has not closed within this time is ended.
      setTimeout(() => {
        if (!child) return;
        log(`服务器进程 ${stopTimeoutMs / 1000} 秒内未关闭，强制结束`);
        child.kill('SIGKILL');
      }, stopTimeoutMs).unref();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    start();
  });
}
