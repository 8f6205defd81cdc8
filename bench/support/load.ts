import http from 'node:http';

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

/**
 * One GET over a keep-alive agent. `node:http` rather than fetch: at 10 000+ requests per second fetch's own
 * cost in this process (streams, promises, header objects) was a visible part of every latency measured.
 */
function get(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function runLoad(options: {
  url: string | (() => string);
  headers: Record<string, string>;
  connections: number;
  requests: number;
  warmup?: number;
  /** The answer a 200 must carry; the API's envelope code 1020000 by default, null for any JSON (anchors). */
  expectCode?: number | null;
}): Promise<LoadResult> {
  const target = typeof options.url === 'string' ? () => options.url as string : options.url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const expectCode = options.expectCode === undefined ? 1020000 : options.expectCode;
  const call = async () => {
    const started = performance.now();
    const response = await get(agent, target(), options.headers);
    const elapsed = performance.now() - started;
    const body = JSON.parse(response.text) as { code?: number };
    if (response.status !== 200 || (expectCode !== null && body.code !== expectCode)) {
      throw new Error(`unexpected answer ${response.status}: ${response.text.slice(0, 300)}`);
    }
    return { elapsed, body };
  };
  try {
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
  } finally {
    agent.destroy();
  }
}
