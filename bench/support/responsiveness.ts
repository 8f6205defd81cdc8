import { Agent, request } from 'node:http';

/**
 * Polls a running server while long work goes on: every `everyMs` one GET of each path, on loopback keep-alive
 * connections, timed from the moment it was due, so a request the server cannot read (its event loop held)
 * counts the whole wait. Used by bench/answersThroughout.ts.
 */
export interface PollFigures {
  path: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

function get(agent: Agent, base: URL, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request({ agent, host: base.hostname, port: base.port, path, method: 'GET', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });
}

/** Starts polling; `stop()` ends it and answers the figures of each path (ms). */
export function pollWhileBusy(
  baseUrl: string,
  paths: readonly string[],
  options: { everyMs?: number; headers?: Record<string, string> } = {},
): { stop: () => Promise<PollFigures[]> } {
  const everyMs = options.everyMs ?? 50;
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: paths.length * 4 });
  const times = paths.map(() => [] as number[]);
  const failures = paths.map(() => 0);
  const inFlight = new Set<Promise<void>>();
  let due = performance.now();
  let timer: NodeJS.Timeout | null = null;
  const send = (dueAt: number) => {
    paths.forEach((path, index) => {
      const call = get(agent, base, path, options.headers ?? {})
        .then((status) => {
          if (status !== 200) failures[index] += 1;
          times[index].push(performance.now() - dueAt);
        })
        .catch(() => {
          failures[index] += 1;
        })
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    });
  };
  // Every poll that fell due while the process was held goes out at once, each timed from its own due moment:
  // a held loop shows as the whole wait of each poll it delayed, not as a backlog of the poller's own.
  const tick = () => {
    const now = performance.now();
    while (due <= now) {
      send(due);
      due += everyMs;
    }
    timer = setTimeout(tick, Math.max(0, due - performance.now()));
  };
  tick();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return paths.map((path, index) => {
        const sorted = [...times[index]].sort((a, b) => a - b);
        return {
          path,
          samples: sorted.length,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          max: sorted[sorted.length - 1] ?? Number.NaN,
          failures: failures[index],
        };
      });
    },
  };
}
