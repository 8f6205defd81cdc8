import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { ITEM } from '../../src/domain/moneyEnums';
import type { Db } from '../db/database';
import { poolOf } from '../db/database';
import { probeDatabase } from './health.routes';

/**
 * Prometheus metrics (prom-client): requests by route and status, their latency, server errors, the database
 * pool, the payout queue and Node's own (event-loop lag, heap, GC). Each app has its own registry (tests build
 * several apps in one process). They are served on a port of their own (METRICS_PORT, on METRICS_HOST,
 * 127.0.0.1 by default), never on the public one: by this process, or by a cluster's primary for all workers
 * (`serveClusterMetrics`), each metric summed over the workers unless it says otherwise (`aggregator`).
 */
export interface AppMetrics {
  registry: client.Registry;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance, db: Db): AppMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: '已处理的 HTTP 请求数，按方法、路由和状态码',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP 请求耗时（秒），按方法和路由',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const serverErrors = new client.Counter({
    name: 'http_server_errors_total',
    help: '状态码 5xx 的应答数，按路由',
    labelNames: ['route', 'status_code'],
    registers: [registry],
  });
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL 连接池的连接数（total、idle、waiting 为排队等待连接的请求）',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolOf(db);
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'db_up',
    help: '数据库可达为 1，否则为 0',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await probeDatabase(db)).reachable ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'payout_queue_depth',
    help: '等待银行处理的打款明细数',
    registers: [registry],
    // The queue is the database's, the same whichever worker reads it.
    aggregator: 'max',
    async collect() {
      const row = await db
        .selectFrom('payout_items')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', ITEM.waiting)
        .executeTakeFirst()
        .catch(() => null);
      if (row) this.set(Number(row.count));
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the raw URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requests.inc({ method: request.method, route, status_code: status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) serverErrors.inc({ route, status_code: status });
    done();
  });
  return { registry };
}

/** GET /metrics on host:port, answered by `read`; anything else 404. Resolves with the listening server. */
export function serveMetrics(host: string, port: number, read: () => Promise<{ text: string; contentType: string }>) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    read().then(
      ({ text, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
  return new Promise<http.Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export const registryReader = (registry: client.Registry) => async () => ({
  text: await registry.metrics(),
  contentType: registry.contentType,
});

/** In a cluster's primary: every worker's registry (set with `shareWithPrimary`), aggregated. */
export function clusterReader() {
  const aggregator = new client.AggregatorRegistry();
  return async () => ({ text: await aggregator.clusterMetrics(), contentType: aggregator.contentType });
}

/** In a cluster worker: let the primary's AggregatorRegistry read this registry. */
export function shareWithPrimary(registry: client.Registry): void {
  client.AggregatorRegistry.setRegistries([registry]);
  // prom-client answers the primary's requests only once an AggregatorRegistry exists in the worker too.
  new client.AggregatorRegistry();
}
