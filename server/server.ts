import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import { loadConfig } from './config';
import { whenDatabaseAvailable } from './db/availability';
import { type Db, migrateToLatest, openDatabase } from './db/database';
import { seedDemoIfEmpty } from './db/seed/demo';
import { EXIT_CONFIG } from './exitCodes';
import { errorFields, logLine } from './operations/logLine.mjs';
import { clusterReader, registryReader, serveMetrics, shareWithPrimary } from './operations/metrics';

/**
 * A crash is one JSON line with the stack inside, then exit 1: the supervisor (or the cluster primary) starts the
 * process again. Warnings are JSON too (npm start runs the server with --no-warnings, so Node prints none itself).
 */
process.on('uncaughtException', (error) => {
  logLine('fatal', '未捕获的异常，进程退出', { err: errorFields(error) });
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  logLine('fatal', '未处理的 Promise 拒绝，进程退出', { err: errorFields(reason) });
  process.exit(1);
});
process.on('warning', (warning) => logLine('warn', warning.message, { err: errorFields(warning) }));

/** WORKERS=N runs N server processes on one port (Node cluster); 1 (the default) runs this process alone. */
const WORKERS = Number(process.env.WORKERS ?? 1);
/** A worker that died unexpectedly is started again after this long. */
const WORKER_RESTART_MS = 1000;

function configOrExit(): ReturnType<typeof loadConfig> {
  try {
    if (!Number.isSafeInteger(WORKERS) || WORKERS < 1 || WORKERS > 64) {
      throw new Error(`配置错误：WORKERS 必须是 1 到 64 之间的整数（当前为 ${process.env.WORKERS}）`);
    }
    return loadConfig();
  } catch (error) {
    logLine('error', (error as Error).message);
    // The supervisor (npm start) does not restart a server whose configuration is wrong.
    process.exit(EXIT_CONFIG);
  }
}

function openLoggedDatabase(config: ReturnType<typeof loadConfig>): Db {
  return openDatabase({
    ...config,
    onConnectionLost: (error) =>
      logLine('warn', '数据库连接已断开，恢复后自动重连', {
        err: { message: error.message, code: (error as { code?: string }).code },
      }),
  });
}

/** Migrates (and seeds an empty database), waiting for a database that is not there yet instead of exiting. */
async function prepareDatabase(db: Db, seedDemo: boolean): Promise<void> {
  await whenDatabaseAvailable(
    async () => {
      await migrateToLatest(db);
      if (seedDemo) await seedDemoIfEmpty(db);
    },
    (error, retryInMs, attempt) =>
      logLine('warn', `数据库暂时无法连接，${Math.round(retryInMs / 100) / 10} 秒后重试（第 ${attempt} 次）`, {
        err: { message: error.message, code: (error as { code?: string }).code },
      }),
  );
}

function metricsUrl(server: import('node:http').Server): string {
  const address = server.address() as import('node:net').AddressInfo;
  return `http://${address.address}:${address.port}/metrics`;
}

/** Starts the product: config, database (migrated and seeded on first start), API and web app. */
async function serve(): Promise<void> {
  const config = configOrExit();
  const db = openLoggedDatabase(config);
  // In a cluster the primary migrated and seeded the database before it started the workers.
  if (cluster.isPrimary) await prepareDatabase(db, config.seedDemo);
  const app = await buildApp({ config, db });
  // Which process answered, in a cluster (the multi-process test and the bench read it; nothing else does).
  if (cluster.isWorker) {
    const worker = process.env.WORKER_INDEX ?? String(cluster.worker?.id);
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('x-server-worker', worker);
      done(null, payload);
    });
  }

  let closing = false;
  const close = async (reason: string) => {
    // Ctrl+C reaches both the supervisor and the server, and the supervisor passes it on: close once.
    if (closing) return;
    closing = true;
    app.log.info(`${reason}，不再接受新请求，等待进行中的请求完成（最长 ${config.shutdownGraceMs / 1000} 秒）`);
    const { unfinished } = await app.drain(config.shutdownGraceMs);
    if (unfinished > 0) app.log.warn(`${unfinished} 个请求未在限期内完成，强制关闭`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('收到 SIGINT'));
  process.on('SIGTERM', () => void close('收到 SIGTERM'));
  // Started by the supervisor (scripts/supervisor.mjs) or a cluster primary with an IPC channel: if that parent
  // dies, stop too.
  if (process.send) process.on('disconnect', () => void close(cluster.isWorker ? '主进程已退出' : '守护进程已退出'));

  if (cluster.isWorker) shareWithPrimary(app.metrics.registry);
  else if (config.metricsPort !== null) {
    const metrics = await serveMetrics(config.metricsHost, config.metricsPort, registryReader(app.metrics.registry));
    app.addHook('onClose', (_instance, done) => metrics.close(() => done()));
    logLine('info', `METRICS ${metricsUrl(metrics)}`, { url: metricsUrl(metrics) });
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`灵工结算平台已启动：${address}`);
  // Which scheduled jobs this process schedules: on SQLite in a cluster only worker 1 has any (tests read it).
  const worker = process.env.WORKER_INDEX ?? 'single';
  logLine('info', `SCHEDULED_JOBS ${worker}: ${app.scheduledJobs.join(',') || 'none'}`, {
    worker,
    jobs: app.scheduledJobs,
  });
  if (cluster.isWorker) {
    process.send?.({ listening: address });
    return;
  }
  // A line for scripts and tests that start the server on port 0 (scripts/serverProcess.ts reads `url`).
  logLine('info', `LISTENING ${address}`, { url: address });
}

/**
 * The cluster primary: migrates and seeds once, starts WORKERS workers that share the port (Node's round-robin
 * accept), prints LISTENING once every one of them listens, starts a worker that died again after a second, and
 * passes SIGINT / SIGTERM to the workers and exits with 0 once they closed. The supervisor of `npm start` runs
 * this process like a single server: its restart and signal handling are unchanged. Scheduled work runs once per
 * instant across workers and hosts (system/scheduledJobs.ts: every worker on PostgreSQL, worker 1 on SQLite).
 */
async function primary(): Promise<void> {
  const config = configOrExit();
  const db = openLoggedDatabase(config);
  await prepareDatabase(db, config.seedDemo);
  await db.destroy();
  if (config.metricsPort !== null) {
    const metrics = await serveMetrics(config.metricsHost, config.metricsPort, clusterReader());
    metrics.unref();
    logLine('info', `METRICS ${metricsUrl(metrics)}`, { url: metricsUrl(metrics) });
  }

  let stopping = false;
  const listening = new Set<number>();
  const fork = (index: number): Worker => {
    // Every worker knows its index: on SQLite only worker 1 runs scheduled jobs (system/scheduledJobs.ts).
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    worker.on('message', (message: { listening?: string }) => {
      if (!message?.listening || listening.has(index)) return;
      listening.add(index);
      if (listening.size === WORKERS) logLine('info', `LISTENING ${message.listening}`, { url: message.listening });
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      if (code === EXIT_CONFIG) process.exit(EXIT_CONFIG);
      logLine('warn', `工作进程 ${index} 意外退出（${signal ?? code}），${WORKER_RESTART_MS / 1000} 秒后重启`, {
        name: '集群',
        worker: index,
      });
      setTimeout(() => {
        if (!stopping) fork(index);
      }, WORKER_RESTART_MS).unref();
    });
    return worker;
  };
  for (let index = 1; index <= WORKERS; index += 1) fork(index);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (process.send) process.on('disconnect', () => stop('SIGTERM'));
}

(WORKERS > 1 && cluster.isPrimary ? primary() : serve()).catch((error) => {
  logLine('fatal', '服务器启动失败', { err: errorFields(error) });
  process.exit(1);
});
