import type { Kysely } from 'kysely';
import { bigint, notNullDefault, sql, withId } from './columns';

/**
 * Statistics rollups. Every ledger entry adds to three rows in the transaction that posts it
 * (server/statistics/rollups.ts): its company's day, its company's month, and its edition's day for the
 * company's department and partner (分公司). Reports read these rows, never the ledger. Amounts are integers
 * in 1/10000 yuan, stored as positive magnitudes per kind; net_amount is the signed sum of every entry.
 * department_id / subsidiary_id are the company's when the entry was posted (0 for none).
 *
 * The rows for entries that already exist are filled here with the same sums (and again by
 * rebuildStatistics, which is idempotent).
 */
const METRICS = [
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
] as const;

function metrics<T extends string>(table: import('kysely').CreateTableBuilder<T, any>) {
  let builder = table;
  for (const column of METRICS) builder = builder.addColumn(column, bigint, notNullDefault(0));
  return builder;
}

export async function up(db: Kysely<any>): Promise<void> {
  await metrics(
    withId(db, db.schema.createTable('stat_company_day'))
      .addColumn('company_id', bigint, (c) => c.notNull())
      .addColumn('platform_mark', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('department_id', bigint, notNullDefault(0))
      .addColumn('subsidiary_id', bigint, notNullDefault(0)),
  )
    .addUniqueConstraint('stat_company_day_key', ['company_id', 'platform_mark', 'day'])
    .execute();
  await db.schema
    .createIndex('stat_company_day_mark_day')
    .on('stat_company_day')
    .columns(['platform_mark', 'day', 'payout_amount'])
    .execute();

  await metrics(
    withId(db, db.schema.createTable('stat_company_month'))
      .addColumn('company_id', bigint, (c) => c.notNull())
      .addColumn('platform_mark', 'integer', (c) => c.notNull())
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('department_id', bigint, notNullDefault(0))
      .addColumn('subsidiary_id', bigint, notNullDefault(0)),
  )
    .addUniqueConstraint('stat_company_month_key', ['company_id', 'platform_mark', 'month'])
    .execute();
  await db.schema
    .createIndex('stat_company_month_mark_month')
    .on('stat_company_month')
    .columns(['platform_mark', 'month', 'payout_amount'])
    .execute();

  await metrics(
    withId(db, db.schema.createTable('stat_group_day'))
      .addColumn('platform_mark', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('department_id', bigint, notNullDefault(0))
      .addColumn('subsidiary_id', bigint, notNullDefault(0)),
  )
    .addUniqueConstraint('stat_group_day_key', ['platform_mark', 'day', 'department_id', 'subsidiary_id'])
    .execute();

  await fillFromLedger(db);
}

/** The same sums rollups.ts keeps, computed from the ledger in one statement per table. */
export async function fillFromLedger(db: Kysely<any>): Promise<void> {
  const sums = sql.raw(`
    SUM(CASE WHEN e.kind = 1 THEN e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = 1 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.kind = 2 THEN -e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = 2 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.kind = 3 THEN -e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = 3 THEN 1 ELSE 0 END),
    SUM(CASE WHEN e.kind = 4 THEN e.amount ELSE 0 END),
    SUM(CASE WHEN e.kind = 4 THEN 1 ELSE 0 END),
    SUM(e.amount),
    COUNT(*)`);
  const columns = sql.raw(METRICS.join(', '));
  const from = sql.raw('FROM ledger_entries e LEFT JOIN companies c ON c.id = e.company_id');
  const dept = sql.raw('COALESCE(c.department_id, 0)');
  const sub = sql.raw('COALESCE(c.subsidiary_id, 0)');
  await sql`INSERT INTO stat_company_day (company_id, platform_mark, day, department_id, subsidiary_id, ${columns})
    SELECT e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10), MAX(${dept}), MAX(${sub}), ${sums} ${from}
    GROUP BY e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 10)`.execute(db);
  await sql`INSERT INTO stat_company_month (company_id, platform_mark, month, department_id, subsidiary_id, ${columns})
    SELECT e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 7), MAX(${dept}), MAX(${sub}), ${sums} ${from}
    GROUP BY e.company_id, e.platform_mark, SUBSTR(e.create_time, 1, 7)`.execute(db);
  await sql`INSERT INTO stat_group_day (platform_mark, day, department_id, subsidiary_id, ${columns})
    SELECT e.platform_mark, SUBSTR(e.create_time, 1, 10), ${dept}, ${sub}, ${sums} ${from}
    GROUP BY e.platform_mark, SUBSTR(e.create_time, 1, 10), ${dept}, ${sub}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_group_day').ifExists().execute();
  await db.schema.dropTable('stat_company_month').ifExists().execute();
  await db.schema.dropTable('stat_company_day').ifExists().execute();
}
