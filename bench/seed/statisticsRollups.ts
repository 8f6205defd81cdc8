import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { type Db, migrateToLatest, openDatabase } from '../../server/db/database';
import { seedBenchCompanies } from '../../server/db/seed/bench';
import { seedDemo } from '../../server/db/seed/demo';

/**
 * The statistics bench database (SQLite): the demo data, COMPANIES bench companies, and the rollups that
 * ENTRIES ledger entries would leave, written directly (as buildBenchDb writes companies): every bench company
 * gets ENTRIES / COMPANIES / 4 posting days over the last 365 days (ending today, so the pages' first screen,
 * the current month, is full), each day one top-up, one payout, one service charge and one refund.
 * stat_company_month and stat_group_day are summed from those day rows with the same SQL shape as the rebuild.
 */
export async function buildStatisticsBenchDb(options: {
  companies: number;
  entries: number;
  today: string;
}): Promise<string> {
  const dir = path.resolve('.tmp', `bench-stats-${options.companies}-${options.entries}-${options.today}`);
  const marker = path.join(dir, 'ready');
  if (existsSync(marker)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' });
  const db = openDatabase(config);
  try {
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
    await seedRollups(db, first, options);
  } finally {
    await db.destroy();
  }
  writeFileSync(marker, new Date().toISOString());
  console.log(`  statistics bench database built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  return dir;
}

async function seedRollups(
  db: Db,
  lastDemoCompany: number,
  options: { companies: number; entries: number; today: string },
) {
  const daysPerCompany = Math.floor(options.entries / options.companies / 4);
  const rows = options.companies * daysPerCompany;
  const step = Math.floor(365 / daysPerCompany);
  // Row n: company (n % companies), its k-th posting day (k = n / companies) at a company-specific offset,
  // so (company, day) never repeats. Amounts in 1/10000 yuan, varied but deterministic.
  const values = sql`(n * 7919 % 900000 + 10000) * 100`;
  await sql`
    WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${rows - 1})
    INSERT INTO stat_company_day (company_id, platform_mark, day, department_id, subsidiary_id,
      topup_amount, topup_count, payout_amount, payout_count, charge_amount, charge_count,
      refund_amount, refund_count, net_amount, entry_count)
    SELECT c.id, c.platform_mark,
      date(${options.today}, '-' || (364 - ((n / ${options.companies}) * ${step} + c.id % ${step})) || ' days'),
      COALESCE(c.department_id, 0), COALESCE(c.subsidiary_id, 0),
      ${values} + 5000000, 1, ${values}, 1, ${values} * 6 / 100, 1, ${values} / 50, 1,
      5000000 - ${values} * 6 / 100 + ${values} / 50, 4
    FROM seq JOIN companies c ON c.id = ${lastDemoCompany} + 1 + n % ${options.companies}`.execute(db);
  const metrics = sql.raw(
    'topup_amount, topup_count, payout_amount, payout_count, charge_amount, charge_count, refund_amount, refund_count, net_amount, entry_count',
  );
  const sums = sql.raw(
    'SUM(topup_amount), SUM(topup_count), SUM(payout_amount), SUM(payout_count), SUM(charge_amount), SUM(charge_count), SUM(refund_amount), SUM(refund_count), SUM(net_amount), SUM(entry_count)',
  );
  await sql`INSERT INTO stat_company_month (company_id, platform_mark, month, department_id, subsidiary_id, ${metrics})
    SELECT company_id, platform_mark, SUBSTR(day, 1, 7), MAX(department_id), MAX(subsidiary_id), ${sums}
    FROM stat_company_day WHERE company_id > ${lastDemoCompany} GROUP BY company_id, platform_mark, SUBSTR(day, 1, 7)`.execute(
    db,
  );
  const added = sql.raw(
    [
      'topup_amount',
      'topup_count',
      'payout_amount',
      'payout_count',
      'charge_amount',
      'charge_count',
      'refund_amount',
      'refund_count',
      'net_amount',
      'entry_count',
    ]
      .map((column) => `${column} = stat_group_day.${column} + excluded.${column}`)
      .join(', '),
  );
  await sql`INSERT INTO stat_group_day (platform_mark, day, department_id, subsidiary_id, ${metrics})
    SELECT platform_mark, day, department_id, subsidiary_id, ${sums}
    FROM stat_company_day WHERE company_id > ${lastDemoCompany} GROUP BY platform_mark, day, department_id, subsidiary_id
    ON CONFLICT (platform_mark, day, department_id, subsidiary_id) DO UPDATE SET ${added}`.execute(db);
  await sql`ANALYZE`.execute(db);
}
