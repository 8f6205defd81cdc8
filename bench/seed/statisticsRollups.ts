import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RawBuilder, sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { type Db, migrateToLatest, openDatabase } from '../../server/db/database';
import { isPostgres } from '../../server/db/migrations/columns';
import { seedBenchCompanies } from '../../server/db/seed/bench';
import { seedDemo } from '../../server/db/seed/demo';
import { DEV_PLATFORM_ACCOUNT } from '../../server/finance/bank/devBank';
import { rebuildStatistics } from '../../server/statistics/rollups';
import { SUB_ACCOUNT } from '../../src/domain/finance';

/**
 * The statistics bench database: the demo data, COMPANIES bench companies and ENTRIES real ledger entries
 * (seedLedger: every bench company posts every ~2 weeks of the last year up to today, each posting a top-up, a
 * payout, a service charge and a refund), bulk inserted with the ledger's indexes built after. The rollups the
 * pages read are derived from those entries by the server's own rebuild (rebuildStatistics, 系统工具 › 重建统计汇总),
 * so the reports of the bench answer for the ledger exactly as in production. The demo partner hehuoren owns
 * half of its department's companies. For the finance pages every bench company's account (its balance is its
 * ledger's sum), its sub-account at the development bank with an opening credit and a synced balance, a
 * settlement sheet for last month from its rollup, a year of daily reconciliation runs and 2 000 pending
 * deposits nobody could attribute.
 *
 * SQLite: a data directory under .tmp; PostgreSQL: a kept local server's files under the system temp folder.
 * Both are built once per size and day and reused by the next run.
 */
export interface StatisticsBenchOptions {
  companies: number;
  entries: number;
  today: string;
}

const key = (options: StatisticsBenchOptions) => `${options.companies}-${options.entries}-${options.today}`;

export async function buildStatisticsBenchDb(options: StatisticsBenchOptions): Promise<string> {
  const dir = path.resolve('.tmp', `bench-stats-v3-${key(options)}`);
  const marker = path.join(dir, 'ready');
  if (existsSync(marker)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const db = openDatabase(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }));
  try {
    await seedStatisticsBench(db, options);
  } finally {
    await db.destroy();
  }
  writeFileSync(marker, new Date().toISOString());
  console.log(`  SQLite statistics bench database built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  return dir;
}

export interface BenchPostgres {
  url: string;
  stop: () => void;
}

/** A local PostgreSQL whose files stay under the temp folder (one per size and day), seeded on first use. */
export async function startStatisticsBenchPostgres(options: StatisticsBenchOptions): Promise<BenchPostgres | null> {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: (options?: { dir?: string }) => Promise<BenchPostgres | null>;
  };
  const dir = path.join(os.tmpdir(), `lg-bench-stats-pg-v3-${key(options)}`);
  const marker = path.join(dir, 'ready');
  const seeded = existsSync(marker);
  if (!seeded) rmSync(dir, { recursive: true, force: true });
  const server = await startLocalPostgres({ dir });
  if (!server || seeded) return server;
  const started = Date.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lg-bench-pg-'));
  const db = openDatabase({ databaseUrl: server.url, dataDir: scratch });
  try {
    await seedStatisticsBench(db, options);
  } catch (error) {
    server.stop();
    throw error;
  } finally {
    await db.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }
  writeFileSync(marker, new Date().toISOString());
  console.log(
    `  PostgreSQL statistics bench database built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`,
  );
  return server;
}

async function seedStatisticsBench(db: Db, options: StatisticsBenchOptions): Promise<void> {
  await migrateToLatest(db);
  await seedDemo(db);
  const first = Number(
    (
      await db
        .selectFrom('companies')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id,
  );
  await seedBenchCompanies(db, options.companies);
  await givePartnerCompanies(db, first);
  await withoutIndexes(db, ['ledger_entries'], () => seedLedger(db, first, options));
  // The rollups the pages read, derived from those entries by the server's own rebuild (系统工具 › 重建统计汇总).
  await withoutIndexes(db, ['stat_company_day', 'stat_company_month'], () => rebuildStatistics(db));
  await seedFinance(db, first, options.today);
  // PostgreSQL: VACUUM too, as autovacuum would soon after a bulk load: the visibility map lets counts and
  // covering reads use index-only scans instead of visiting every heap page.
  await (isPostgres(db) ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
}

/**
 * The demo partner hehuoren (合伙人老李, department 2) sees only the companies it is the sale partner of: half of
 * department 2's bench companies (about 12 500 of 100 000), so its pages measure a partner with real business.
 */
async function givePartnerCompanies(db: Db, lastDemoCompany: number) {
  await sql`UPDATE companies SET sale_partner_id = (SELECT id FROM users WHERE username = 'hehuoren')
    WHERE id > ${lastDemoCompany} AND department_id = 2 AND (id / 4) % 2 = 0`.execute(db);
}

/**
 * Drops the tables' plain indexes (not their keys) for the bulk insert and builds them after, which is several
 * times faster than keeping them up to date row by row.
 */
export async function withoutIndexes(db: Db, tables: string[], fill: () => Promise<void>): Promise<void> {
  const indexes = (
    isPostgres(db)
      ? await sql<{ name: string; definition: string }>`SELECT i.indexname AS name, i.indexdef AS definition
          FROM pg_indexes i WHERE i.tablename IN (${sql.join(tables)})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db)
      : await sql<{ name: string; definition: string }>`SELECT name, sql AS definition FROM sqlite_master
          WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${sql.join(tables)})`.execute(db)
  ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
  await fill();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
}

/** 0 … count - 1 as rows of n. */
function series(db: Db, count: number): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`(SELECT n::bigint AS n FROM generate_series(0, ${count - 1}) AS n)`
    : sql`(WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count - 1}) SELECT n FROM seq)`;
}

/** today minus `days` (an SQL integer expression) as YYYY-MM-DD. */
function daysBefore(db: Db, today: string, days: RawBuilder<unknown>): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`to_char(${today}::date - (${days})::int, 'YYYY-MM-DD')`
    : sql`date(${today}, '-' || (${days}) || ' days')`;
}

function padded(db: Db, value: RawBuilder<unknown>, width: number): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`lpad((${value})::text, ${width}, '0')`
    : sql`substr(${'0'.repeat(width)} || (${value}), ${-width})`;
}

/**
 * ENTRIES ledger entries: posting n (0 … companies × days - 1) is company i = n % companies on its k-th posting
 * day (k = n / companies, oldest first), `(days - 1 - k) × step + id % step` days before today, so every
 * company posts every `step` days up to today and the current month is full. A posting is a top-up at 09:00
 * covering a payout and its 6 % service charge at 10:00 plus C, then at 11:00 the refund R of a failed payout
 * item. C and R are the company's own, so the day's net is C + R, the balance after posting k is (k + 1)(C + R)
 * and every entry's balance_after is exact (never negative) without a window over ten million rows. Amounts in
 * 1/10000 yuan, varied but deterministic. Integer literals (not bound numbers, which SQLite divides as reals)
 * keep the day arithmetic integral on both databases.
 */
async function seedLedger(db: Db, lastDemoCompany: number, options: StatisticsBenchOptions) {
  const days = daysPerCompany(options);
  const step = Math.floor(365 / days);
  const companies = sql.lit(options.companies);
  const k = sql`(s.n / ${companies})`;
  const daysAgo = sql`(${sql.lit(days - 1)} - ${k}) * ${sql.lit(step)} + c.id % ${sql.lit(step)}`;
  const payout = sql`(((s.n * 7919) % 900000 + 10000) * 100)`;
  const charge = sql`(${payout} * 6 / 100)`;
  const kept = sql`((c.id % 1000 + 1) * 10000)`;
  const refund = sql`((c.id % 100 + 1) * 10000)`;
  const topup = sql`(${payout} + ${charge} + ${kept})`;
  const before = sql`(${k} * (${kept} + ${refund}))`;
  const kinds = sql`(SELECT 1 AS kind UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)`;
  await sql`
    INSERT INTO ledger_entries (company_id, platform_mark, kind, amount, balance_after, ref_type, ref_id, create_time)
    SELECT c.id, c.platform_mark, e.kind,
      CASE e.kind WHEN 1 THEN ${topup} WHEN 2 THEN -${payout} WHEN 3 THEN -${charge} ELSE ${refund} END,
      ${before} + CASE e.kind WHEN 1 THEN ${topup} WHEN 2 THEN ${charge} + ${kept} WHEN 3 THEN ${kept}
        ELSE ${kept} + ${refund} END,
      CASE e.kind WHEN 1 THEN 'recharge' WHEN 3 THEN 'batch' ELSE 'item' END, s.n + 1,
      ${daysBefore(db, options.today, daysAgo)} || CASE e.kind WHEN 1 THEN ' 09:00:00' WHEN 4 THEN ' 11:00:00' ELSE ' 10:00:00' END
    FROM ${series(db, options.companies * days)} s JOIN companies c ON c.id = ${lastDemoCompany} + 1 + s.n % ${companies}
    CROSS JOIN ${kinds} e`.execute(db);
  // Each bench company's balance: its last posting's balance_after, days × (C + R).
  await sql`INSERT INTO accounts (company_id, platform_mark, balance, update_time)
    SELECT c.id, c.platform_mark, ${sql.lit(days)} * (${kept} + ${refund}), ${`${options.today} 11:00:00`}
    FROM companies c WHERE c.id > ${lastDemoCompany}`.execute(db);
}

function daysPerCompany(options: StatisticsBenchOptions): number {
  return Math.floor(options.entries / options.companies / 4);
}

/** The finance pages' rows for the bench companies (see the file's comment). */
async function seedFinance(db: Db, lastDemoCompany: number, today: string) {
  const now = `${today} 09:00:00`;
  const bench = sql`c.id > ${lastDemoCompany}`;
  const accountNumber = sql`'6228' || a.platform_mark || ${padded(db, sql`a.company_id`, 9)}`;
  await sql`INSERT INTO bank_sub_accounts (account_number, company_id, platform_mark, account_name, status, open_time)
    SELECT ${accountNumber}, a.company_id, a.platform_mark, c.name, 1, c.create_time
    FROM accounts a JOIN companies c ON c.id = a.company_id WHERE ${bench}`.execute(db);
  await sql`INSERT INTO bank_transactions (serial, account_number, direction, amount, counterparty_name,
      counterparty_account, reference, memo, value_day, value_time)
    SELECT 'BENCH' || s.id, s.account_number, 1, a.balance, c.name, '622200000000' || ${padded(db, sql`c.id`, 7)},
      'BENCH' || s.id, '期初余额', ${today}, ${now}
    FROM bank_sub_accounts s JOIN accounts a ON a.company_id = s.company_id AND a.platform_mark = s.platform_mark
    JOIN companies c ON c.id = s.company_id WHERE ${bench}`.execute(db);
  await sql`INSERT INTO bank_account_syncs (account_number, bank_balance, ledger_balance, sync_time)
    SELECT s.account_number, a.balance, a.balance, ${now}
    FROM bank_sub_accounts s JOIN accounts a ON a.company_id = s.company_id AND a.platform_mark = s.platform_mark
    JOIN companies c ON c.id = s.company_id WHERE ${bench}`.execute(db);
  // What a balance sync of these accounts leaves for 银行信息 (server/finance/bank.routes.ts syncBalances).
  const values = sql.raw(
    ['sub_account_count', 'closing_count', 'bank_balance', 'ledger_balance', 'sync_time']
      .map((column) => `${column} = excluded.${column}`)
      .join(', '),
  );
  await sql`INSERT INTO bank_sync_totals (platform_mark, sub_account_count, closing_count, bank_balance, ledger_balance,
      sync_time)
    SELECT s.platform_mark, COUNT(*), SUM(CASE WHEN s.status = ${SUB_ACCOUNT.closing} THEN 1 ELSE 0 END),
      SUM(y.bank_balance), SUM(y.ledger_balance), ${now}
    FROM bank_sub_accounts s JOIN bank_account_syncs y ON y.account_number = s.account_number
    GROUP BY s.platform_mark
    ON CONFLICT (platform_mark) DO UPDATE SET ${values}`.execute(db);
  const month = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 7);
  const lastDay = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const opening = 1_000_000_000;
  await sql`INSERT INTO settlement_sheets (sheet_no, company_id, platform_mark, period_month, period_from, period_to,
      revision, opening_balance, topup_amount, topup_count, payout_amount, payout_count, charge_amount, charge_count,
      refund_amount, refund_count, closing_balance, entry_count, status, generated_by, generate_time)
    SELECT 'JS' || ${month.replace('-', '')} || m.platform_mark || ${padded(db, sql`m.company_id`, 9)}, m.company_id,
      m.platform_mark, m.month, ${`${month}-01`}, ${lastDay}, 0, ${opening}, m.topup_amount, m.topup_count,
      m.payout_amount, m.payout_count, m.charge_amount, m.charge_count, m.refund_amount, m.refund_count,
      ${opening} + m.net_amount, m.entry_count, 0, 1, ${now}
    FROM stat_company_month m WHERE m.month = ${month} AND m.company_id > ${lastDemoCompany}`.execute(db);
  const runDay = daysBefore(db, today, sql`s.n + 1`);
  await sql`INSERT INTO reconciliation_runs (day, trigger, status, matched_count, bank_only_count, ledger_only_count,
      bank_credit, bank_debit, ledger_credit, ledger_debit, message, start_time, finish_time)
    SELECT ${runDay}, 1, 1, 1000 + s.n, 0, 0, 100000000 + s.n, 90000000 + s.n, 100000000 + s.n, 90000000 + s.n,
      '账实相符', ${runDay} || ' 01:30:00', ${runDay} || ' 01:30:05'
    FROM ${series(db, 365)} s`.execute(db);
  await sql`INSERT INTO unattributed_funds (bank_serial, account_number, amount, payer_name, payer_account, memo,
      arrive_time, status, create_time)
    SELECT 'BENCHUF' || s.n, ${DEV_PLATFORM_ACCOUNT.accountNumber}, (s.n * 7919 % 100000 + 100) * 10000, '付款单位' || (s.n % 300),
      '6222' || ${padded(db, sql`s.n`, 12)}, '货款', ${daysBefore(db, today, sql`s.n % 365`)} || ' 10:00:00', 0,
      ${daysBefore(db, today, sql`s.n % 365`)} || ' 10:00:00'
    FROM ${series(db, 2000)} s`.execute(db);
}
