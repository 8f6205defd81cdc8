import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';

/**
 * Prometheus metrics from real server processes: served on METRICS_PORT only, never on the public
 * port; per route, not per URL; in a cluster the primary answers for every worker.
 */
let server: RunningServer | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
});

function metricsUrlOf(output: string): string {
  const match = /METRICS (http:\/\/[^\s"]+)/.exec(output);
  if (!match) throw new Error(`no METRICS line in:\n${output}`);
  return match[1];
}

/** The value of one series, e.g. `http_requests_total{method="GET",route="/api/health",status_code="200"}`. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...body.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.split(' ').pop());
  }
  return null;
}

describe('Prometheus metrics', () => {
  it('are served on their own port, by route, with the database, the payout queue and the event loop', async () => {
    server = await startServer({ env: { METRICS_PORT: '0' } });
    for (let index = 0; index < 3; index += 1) await fetch(`${server.url}/api/health`);
    await fetch(`${server.url}/api/v1/contract/123456`);
    await fetch(`${server.url}/api/v1/contract/654321`);

    const scrape = await fetch(metricsUrlOf(server.output()));
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scrape.text();
    expect(seriesValue(text, 'http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(
      3,
    );
    // Two ids, one series: the route's pattern, not the URL (401: no token).
    expect(seriesValue(text, 'http_requests_total', { route: '/api/v1/contract/:id', status_code: '401' })).toBe(2);
    expect(text).not.toContain('123456');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/health"\} \d+/);
    expect(text).toMatch(/^db_up 1$/m);
    expect(text).toMatch(/^payout_queue_depth \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);

    // Not on the public port.
    const publicMetrics = await fetch(`${server.url}/metrics`);
    expect(await publicMetrics.text()).not.toContain('http_requests_total');
  });

  it('in a cluster the primary sums every worker', async () => {
    server = await startServer({ env: { METRICS_PORT: '0', WORKERS: '2' } });
    // Separate connections: Node's round robin gives them to both workers.
    for (let index = 0; index < 8; index += 1)
      await fetch(`${server.url}/api/health`, { headers: { connection: 'close' } });
    const text = await (await fetch(metricsUrlOf(server.output()))).text();
    expect(seriesValue(text, 'http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(
      8,
    );
    expect(text).toMatch(/^db_up 1$/m);
  });

  it('are not served when METRICS_PORT is not set', async () => {
    server = await startServer();
    expect(server.output()).not.toContain('METRICS ');
  });
});
