// Signed webhooks: an enterprise's events posted to the real server on loopback, each signed with
// HMAC-SHA256 over `${timestamp}.${body}` and a unique event id, so every call goes the whole way: signature
// check, the event's row and its effect in one transaction, the call log. Bounded: WEBHOOK_CALLS calls or
// WEBHOOK_SECONDS seconds, whichever comes first, 10 at a time.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { figure, header, ms } from './support/report';
import { startBenchServer } from './support/server';

const CALLS = Number(process.env.WEBHOOK_CALLS ?? 3000);
const SECONDS = Number(process.env.WEBHOOK_SECONDS ?? 60);
const CONCURRENCY = 10;
const WARMUP = 100;
const BUDGET_P99_MS = 50;

const server = await startBenchServer();
try {
  const db = new Database(path.join(server.dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
  const enterprise = db
    .prepare("select id, webhook_secret as secret from enterprises where short_name = '大熊'")
    .get() as { id: number; secret: string };
  db.close();
  const url = `${server.url}/api/v1/open/enterprises/${enterprise.id}/webhook`;
  const run = `${Date.now()}`;
  let sent = 0;

  /** One signed contract.signed event for a contract that is not 大熊's: applied (answered notFound) once. */
  async function send(n: number): Promise<number> {
    const body = JSON.stringify({
      eventId: `bench-${run}-${n}`,
      type: 'contract.signed',
      data: { contractId: 1e9 + n },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', enterprise.secret).update(`${timestamp}.${body}`).digest('hex');
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lg-timestamp': timestamp, 'x-lg-signature': signature },
      body,
    });
    const answer = (await response.json()) as { content?: { status?: string } };
    if (response.status !== 200 || answer.content?.status !== 'notFound') {
      throw new Error(`webhook ${n} answered ${response.status} ${JSON.stringify(answer)}`);
    }
    return performance.now() - started;
  }

  for (let n = 0; n < WARMUP; n += 1) await send(-1 - n);

  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < CALLS && performance.now() < deadline) {
        sent += 1;
        latencies.push(await send(sent));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  header(`signed webhooks: ${latencies.length} calls, ${CONCURRENCY} concurrent, loopback, SQLite`);
  figure('throughput', `${Math.round(latencies.length / elapsed)} signed calls/s`);
  figure('p50', ms(p(0.5)));
  figure('p99', `${p(0.99).toFixed(1)} ms`, { limit: BUDGET_P99_MS, shown: `${BUDGET_P99_MS} ms`, value: p(0.99) });
} finally {
  await server.stop();
}
