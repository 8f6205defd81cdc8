/** A bounded closed-loop load on loopback: `connections` workers send requests until `requests` are done. */
export interface LoadResult {
  count: number;
  p50: number;
  p99: number;
  max: number;
  rps: number;
  lastBody: unknown;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runLoad(options: {
  url: string | (() => string);
  headers: Record<string, string>;
  connections: number;
  requests: number;
  warmup?: number;
}): Promise<LoadResult> {
  const target = typeof options.url === 'string' ? () => options.url as string : options.url;
  const call = async () => {
    const started = performance.now();
    const response = await fetch(target(), { headers: options.headers });
    const body = await response.json();
    if (response.status !== 200 || (body as { code?: number }).code !== 1020000) {
      throw new Error(`unexpected answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    return { elapsed: performance.now() - started, body };
  };
  // Warm up the way the measurement runs (same concurrency), so the first scenario after a start does not
  // also pay for the JIT and the database's cold pages.
  let warmed = 0;
  const warm = async () => {
    while (warmed < (options.warmup ?? 100)) {
      warmed += 1;
      await call();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, warm));

  const latencies: number[] = [];
  let lastBody: unknown = null;
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      issued += 1;
      const { elapsed, body } = await call();
      latencies.push(elapsed);
      lastBody = body;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    rps: latencies.length / seconds,
    lastBody,
  };
}
