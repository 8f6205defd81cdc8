import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startServer } from '../scripts/serverProcess';
import { loadConfig } from '../server/config';
import { type Db, openDatabase } from '../server/db/database';
import { chinaToday } from '../src/domain/chinaTime';
import { LEDGER } from '../src/domain/moneyEnums';
import { REPORTS, reportEditions, reportPath } from '../src/domain/statistics/reports';
import { buildStatisticsBenchDb, startStatisticsBenchPostgres } from './seed/statisticsRollups';
import { type LoadResult, runLoad } from './support/load';
import { figure, header } from './support/report';
import { loginContent } from './support/session';

/**
 * Statistics and finance at scale: the rollups of 10 000 000 ledger entries across 100 000 companies
 * (one year) and the finance rows of those companies (bench/seed/statisticsRollups.ts), on SQLite and on
 * PostgreSQL (a local server as the API tests start it, its files kept for the next run). Every statistics
 * page's first screen (the current month, page 0, 10 rows, its default sort, totals and chart in the same
 * answer) as finance and as a department-scoped partner, and every finance page's first request (10 rows in
 * its default order, or the page's one call), 4 concurrent connections on loopback, after 30 requests of every
 * page to warm the fresh server. Answers are checked against
 * the database. Budget: p99 ≤ 100 ms on each database.
 */
const COMPANIES = Number(process.env.BENCH_STAT_COMPANIES ?? 100_000);
const ENTRIES = Number(process.env.BENCH_STAT_ENTRIES ?? 10_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WITH_POSTGRES = process.env.BENCH_POSTGRES !== '0';
const CONNECTIONS = 4;
const BUDGET_P99_MS = 100;

interface Scenario {
  name: string;
  username: string;
  path: string;
  /** Checks the last answer against the database; throws when it is wrong. */
  check?: (content: Record<string, unknown>) => void;
}

type Expected = Awaited<ReturnType<typeof expectedOf>>;

async function expectedOf(db: Db, month: string) {
  const one = async (query: ReturnType<typeof sql>) =>
    Number(((await query.execute(db)).rows[0] as { n: number | string | null }).n ?? 0);
  // The month's payouts summed from the ledger itself (not the rollups the pages read): everyone's, and those of
  // the companies the partner hehuoren sees (its department and its own companies, server/auth/scope.ts).
  const inMonth = sql`e.kind = ${LEDGER.payout} AND e.create_time >= ${month} AND e.create_time < ${`${month}~`}`;
  const monthPayout = (mark: number) =>
    one(sql`SELECT -SUM(e.amount) AS n FROM ledger_entries e WHERE e.platform_mark = ${mark} AND ${inMonth}`);
  const partnerPayout = (mark: number) =>
    one(sql`SELECT -SUM(e.amount) AS n FROM ledger_entries e JOIN companies c ON c.id = e.company_id
      JOIN users u ON u.id = c.sale_partner_id AND u.username = 'hehuoren'
      JOIN user_departments d ON d.user_id = u.id AND d.department_id = c.department_id
      WHERE e.platform_mark = ${mark} AND ${inMonth}`);
  return {
    payout: { 1: await monthPayout(1), 3: await monthPayout(3) } as Record<number, number>,
    partnerPayout: { 1: await partnerPayout(1), 3: await partnerPayout(3) } as Record<number, number>,
    entries: await one(sql`SELECT COUNT(*) AS n FROM ledger_entries`),
    dayRows: await one(sql`SELECT COUNT(*) AS n FROM stat_company_day`),
    monthRows: await one(sql`SELECT COUNT(*) AS n FROM stat_company_month`),
    companies: await one(sql`SELECT COUNT(DISTINCT company_id) AS n FROM stat_company_day`),
    accounts: await one(sql`SELECT COUNT(*) AS n FROM accounts`),
    subAccounts: await one(sql`SELECT COUNT(*) AS n FROM bank_sub_accounts`),
    standardSubAccounts: await one(sql`SELECT COUNT(*) AS n FROM bank_sub_accounts WHERE platform_mark = 1`),
    sheets: await one(sql`SELECT COUNT(*) AS n FROM settlement_sheets`),
    runs: await one(sql`SELECT COUNT(*) AS n FROM reconciliation_runs`),
    funds: await one(sql`SELECT COUNT(*) AS n FROM unattributed_funds`),
    maxBalance: await one(sql`SELECT MAX(balance) AS n FROM accounts`),
  };
}

const totalIs = (label: string, expected: number) => (content: Record<string, unknown>) => {
  if (Number(content.totalElements) !== expected) {
    throw new Error(`${label}: totalElements ${content.totalElements} ≠ ${expected}`);
  }
};

function scenarios(month: string, yesterday: string, expected: Expected): Scenario[] {
  const list: Scenario[] = [];
  for (const username of ['caiwu', 'hehuoren']) {
    for (const report of REPORTS) {
      for (const mark of reportEditions(report)) {
        list.push({
          name: `${username} ${report.title}${reportEditions(report).length > 1 ? (mark === 3 ? '（小规模）' : '（标准）') : ''}`,
          username,
          path: `${reportPath(report)}?platformmark=${mark}&period=month&month=${month}&page=0&size=10&sort=${report.defaultSort},desc`,
          check: (content) => {
            const totals = content.totals as Record<string, number>;
            const payout = (username === 'caiwu' ? expected.payout : expected.partnerPayout)[mark];
            if (!payout || totals.payoutAmount !== payout) {
              throw new Error(`${username} ${report.route}: payout total ${totals.payoutAmount} ≠ ledger ${payout}`);
            }
          },
        });
      }
    }
  }
  const finance = (name: string, path: string, check?: Scenario['check']) =>
    list.push({ name: `caiwu ${name}`, username: 'caiwu', path, check });
  finance(
    '结算单管理',
    '/api/v1/settlementsheets/search?page=0&size=10&sort=id,desc',
    totalIs('结算单管理', expected.sheets),
  );
  finance(
    '资金对账',
    '/api/v1/reconciliation/runs/search?page=0&size=10&sort=id,desc',
    totalIs('资金对账', expected.runs),
  );
  finance('资金对账 明细', `/api/v1/reconciliation/items?day=${yesterday}&page=0&size=10`);
  finance(
    '子账户查询',
    '/api/v1/bankaccounts/subaccounts/search?page=0&size=10&sort=id,asc',
    totalIs('子账户查询', expected.subAccounts),
  );
  finance(
    '无法归属资金',
    '/api/v1/unattributedfunds/search?page=0&size=10&sort=arriveTime,desc',
    totalIs('无法归属资金', expected.funds),
  );
  finance('银行信息', '/api/v1/bank/information', (content) => {
    const standard = (content.editions as { platformMark: number; subAccountCount: number }[])[0];
    if (standard.subAccountCount !== expected.standardSubAccounts) {
      throw new Error(`银行信息: ${standard.subAccountCount} sub-accounts ≠ ${expected.standardSubAccounts}`);
    }
  });
  finance('余额明细表', '/api/v1/bankaccounts/balancesheet/search?page=0&size=10&sort=balance,desc', (content) => {
    totalIs('余额明细表', expected.accounts)(content);
    const first = (content.content as { balance: number }[])[0];
    if (Number(first?.balance) !== expected.maxBalance) {
      throw new Error(`余额明细表: first balance ${first?.balance} ≠ ${expected.maxBalance}`);
    }
  });
  return list;
}

/** Requests of every scenario sent before measuring any (a fresh server is still tiering up its hot paths). */
const SERVER_WARMUP = 30;

async function measure(base: string, list: Scenario[], label: string): Promise<Map<string, LoadResult>> {
  const results = new Map<string, LoadResult>();
  const tokens = new Map<string, string>();
  const allowed: Scenario[] = [];
  for (const scenario of list) {
    if (!tokens.has(scenario.username)) {
      tokens.set(scenario.username, String((await loginContent(base, scenario.username)).token));
    }
    const probe = await fetch(`${base}${scenario.path}`, { headers: headersOf(tokens, scenario) });
    if (probe.status !== 403) allowed.push(scenario);
  }
  for (const scenario of allowed) {
    const url = `${base}${scenario.path}`;
    await runLoad({
      url,
      headers: headersOf(tokens, scenario),
      connections: CONNECTIONS,
      requests: SERVER_WARMUP,
      warmup: 0,
    });
  }
  for (const scenario of allowed) {
    const headers = headersOf(tokens, scenario);
    const url = `${base}${scenario.path}`;
    const result = await runLoad({ url, headers, connections: CONNECTIONS, requests: REQUESTS, warmup: 50 });
    const content = (result.lastBody as { content: Record<string, unknown> }).content;
    scenario.check?.(content);
    const rows = content.totalElements !== undefined ? `${content.totalElements} rows, ` : '';
    figure(
      `${label} ${scenario.name} p50 / p99`,
      `${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} ms (${rows}${result.rps.toFixed(0)} req/s)`,
      { limit: BUDGET_P99_MS, shown: `${BUDGET_P99_MS} ms`, value: result.p99 },
    );
    results.set(scenario.name, result);
  }
  return results;
}

function headersOf(tokens: Map<string, string>, scenario: Scenario): Record<string, string> {
  return { authorization: `Bearer ${tokens.get(scenario.username)}`, platformMark: '1' };
}

function rowsLine(expected: Expected): string {
  return `${expected.entries} ledger entries, rolled up into ${expected.dayRows} company-day and ${expected.monthRows} company-month rows over ${expected.companies} companies; ${expected.accounts} accounts and sub-accounts, ${expected.sheets} settlement sheets, ${expected.runs} reconciliation runs, ${expected.funds} unattributed deposits`;
}

function loadLine(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function main() {
  header('statistics: first screen of every statistics and finance page, SQLite and PostgreSQL');
  const today = chinaToday();
  const yesterday = chinaToday(Date.now() - 86_400_000);
  const month = today.slice(0, 7);
  const options = { companies: COMPANIES, entries: ENTRIES, today };
  const dataDir = await buildStatisticsBenchDb(options);
  const sqlite = openDatabase(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }));
  const expected = await expectedOf(sqlite, month).finally(() => sqlite.destroy());
  console.log(
    `  conditions: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, load ${loadLine()}`,
  );
  console.log(
    `  SQLite rows: ${rowsLine(expected)}; ${REQUESTS} requests per page after 50 warm-up requests, ${CONNECTIONS} connections`,
  );
  const list = scenarios(month, yesterday, expected);

  const onSqlite = await startServer({ dataDir });
  let bySqlite: Map<string, LoadResult>;
  try {
    bySqlite = await measure(onSqlite.url, list, 'SQLite');
  } finally {
    await onSqlite.stop();
  }

  if (!WITH_POSTGRES) {
    console.log('  PostgreSQL: skipped (BENCH_POSTGRES=0)');
    return;
  }
  const postgres = await startStatisticsBenchPostgres(options);
  if (!postgres) {
    console.log('  PostgreSQL: skipped, no PostgreSQL binaries on this machine (apt-get install postgresql)');
    return;
  }
  try {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'lg-bench-pg-'));
    const pg = openDatabase({ databaseUrl: postgres.url, dataDir: scratch });
    const pgExpected = await expectedOf(pg, month).finally(async () => {
      await pg.destroy();
      rmSync(scratch, { recursive: true, force: true });
    });
    // The same generator; company ids (and so the posting days) may differ from SQLite's by the demo seed's.
    console.log(`  PostgreSQL rows: ${rowsLine(pgExpected)}`);
    const onPostgres = await startServer({ env: { DATABASE_URL: postgres.url } });
    let byPostgres: Map<string, LoadResult>;
    try {
      byPostgres = await measure(onPostgres.url, scenarios(month, yesterday, pgExpected), 'PostgreSQL');
    } finally {
      await onPostgres.stop();
    }
    console.log(`  side by side, p50 / p99 ms (load at the end ${loadLine()}):`);
    for (const [name, a] of bySqlite) {
      const b = byPostgres.get(name);
      const shown = (r?: LoadResult) => (r ? `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}` : '—');
      console.log(`    ${name.padEnd(28)} SQLite ${shown(a).padEnd(14)} PostgreSQL ${shown(b)}`);
    }
  } finally {
    postgres.stop();
  }
}

await main();
