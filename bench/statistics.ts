import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPORTS, reportEditions, reportPath } from '../src/domain/statistics/reports';
import { buildStatisticsBenchDb } from './seed/statisticsRollups';
import { runLoad } from './support/load';
import { figure, header } from './support/report';
import { startBenchServer } from './support/server';
import { loginContent } from './support/session';

/**
 * Statistics at scale (issue 15): the rollups of 10 000 000 ledger entries across 100 000 companies (one year),
 * every statistics page's first screen (the current month, page 0, 10 rows, its default sort, totals and chart
 * in the same answer) as finance and as a department-scoped partner, 4 concurrent connections on loopback,
 * SQLite. Each answer is checked against the rollup rows. Budget: p99 ≤ 100 ms.
 */
const COMPANIES = Number(process.env.BENCH_STAT_COMPANIES ?? 100_000);
const ENTRIES = Number(process.env.BENCH_STAT_ENTRIES ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONNECTIONS = 4;
const BUDGET_P99_MS = 100;

async function main() {
  header('statistics: first screen of every statistics page, SQLite');
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const dataDir = await buildStatisticsBenchDb({ companies: COMPANIES, entries: ENTRIES, today });
  const file = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
  const one = (query: string, ...params: unknown[]) => file.prepare(query).get(...params) as Record<string, number>;
  const entries = one('SELECT SUM(entry_count) AS n FROM stat_company_day').n;
  const dayRows = one('SELECT COUNT(*) AS n FROM stat_company_day').n;
  const monthRows = one('SELECT COUNT(*) AS n FROM stat_company_month').n;
  const companies = one('SELECT COUNT(DISTINCT company_id) AS n FROM stat_company_day').n;
  const monthPayout = (mark: number) =>
    one('SELECT SUM(payout_amount) AS n FROM stat_company_month WHERE platform_mark = ? AND month = ?', mark, month).n;
  const expected = { 1: monthPayout(1), 3: monthPayout(3) } as Record<number, number>;
  file.close();
  console.log(
    `  conditions: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  rows: ${entries} ledger entries summed into ${dayRows} company-day and ${monthRows} company-month rows over ${companies} companies; ${REQUESTS} requests per page after 50 warm-up requests, ${CONNECTIONS} connections`,
  );

  const server = await startBenchServer(dataDir);
  try {
    for (const username of ['caiwu', 'hehuoren']) {
      const token = String((await loginContent(server.url, username)).token);
      const headers = { authorization: `Bearer ${token}`, platformMark: '1' };
      for (const report of REPORTS) {
        for (const mark of reportEditions(report)) {
          const url = `${server.url}${reportPath(report)}?platformmark=${mark}&period=month&month=${month}&page=0&size=10&sort=${report.defaultSort},desc`;
          const probe = await fetch(url, { headers });
          if (probe.status === 403) continue;
          const result = await runLoad({ url, headers, connections: CONNECTIONS, requests: REQUESTS, warmup: 50 });
          const body = result.lastBody as { content: { totals: Record<string, number>; totalElements: number } };
          if (username === 'caiwu' && body.content.totals.payoutAmount !== expected[mark]) {
            throw new Error(`${report.route}: payout total ${body.content.totals.payoutAmount} ≠ ${expected[mark]}`);
          }
          figure(
            `${username} ${report.title}${reportEditions(report).length > 1 ? (mark === 3 ? '（小规模）' : '（标准）') : ''} first screen p50 / p99`,
            `${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} ms (${body.content.totalElements} rows, ${result.rps.toFixed(0)} req/s)`,
            { limit: BUDGET_P99_MS, shown: `${BUDGET_P99_MS} ms`, value: result.p99 },
          );
        }
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
