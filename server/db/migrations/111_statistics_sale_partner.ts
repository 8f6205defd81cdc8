import type { CreateTableBuilder, Kysely } from 'kysely';
import { bigint, notNullDefault, sql, withId } from './columns';

/**
 * A partner (合伙人, role partner) sees only the companies it is the sale partner of (server/auth/scope.ts), and
 * the group rollups did not know the sale partner: every page of a partner summed, counted and grouped its
 * companies' day and month rows per request (at 100 000 companies a partner with 12 000 companies read
 * 40 000-60 000 rows per page, 0.3-1 s on PostgreSQL). The group rollups are now also keyed by the company's
 * sale partner (0 for none) when the entry is posted, like its department and 分公司, so a partner's totals,
 * counts, trend and 分公司 rows are sums of a handful of group rows.
 *
 * The unique keys change, which SQLite cannot alter in place: both tables are created anew and filled from the
 * company rows (with the companies' current sale partners), as rebuildStatistics does.
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

async function createGroupTables(db: Kysely<any>, withSalePartner: boolean): Promise<void> {
  const key = [
    'platform_mark',
    'day',
    'department_id',
    'subsidiary_id',
    ...(withSalePartner ? ['sale_partner_id'] : []),
  ];
  let day: CreateTableBuilder<string, any> = withId(db, db.schema.createTable('stat_group_day'))
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('department_id', bigint, notNullDefault(0))
    .addColumn('subsidiary_id', bigint, notNullDefault(0));
  if (withSalePartner) day = day.addColumn('sale_partner_id', bigint, notNullDefault(0));
  for (const column of METRICS) day = day.addColumn(column, bigint, notNullDefault(0));
  await day
    .addColumn('company_count', bigint, notNullDefault(0))
    .addUniqueConstraint('stat_group_day_key', key)
    .execute();
  let month: CreateTableBuilder<string, any> = withId(db, db.schema.createTable('stat_group_month'))
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('department_id', bigint, notNullDefault(0))
    .addColumn('subsidiary_id', bigint, notNullDefault(0));
  if (withSalePartner) month = month.addColumn('sale_partner_id', bigint, notNullDefault(0));
  await month
    .addColumn('company_count', bigint, notNullDefault(0))
    .addColumn('net_amount', bigint, notNullDefault(0))
    .addUniqueConstraint(
      'stat_group_month_key',
      key.map((column) => (column === 'day' ? 'month' : column)),
    )
    .execute();
}

/**
 * The group rollups from the company rollups: sums, the number of company rows (company_count) and the month
 * net per edition, period, department, 分公司 and the company's current sale partner. Used by rebuildStatistics
 * after it has recomputed the company rows from the ledger.
 */
export async function regroupRollups(db: Kysely<any>, withSalePartner = true): Promise<void> {
  const metrics = sql.raw(METRICS.join(', '));
  const sums = sql.raw(METRICS.map((column) => `SUM(t.${column})`).join(', '));
  const partner = withSalePartner ? sql`, COALESCE(c.sale_partner_id, 0)` : sql``;
  const partnerColumn = withSalePartner ? sql`, sale_partner_id` : sql``;
  const join = withSalePartner ? sql`LEFT JOIN companies c ON c.id = t.company_id` : sql``;
  await sql`DELETE FROM stat_group_day`.execute(db);
  await sql`DELETE FROM stat_group_month`.execute(db);
  await sql`INSERT INTO stat_group_day (platform_mark, day, department_id, subsidiary_id${partnerColumn}, ${metrics}, company_count)
    SELECT t.platform_mark, t.day, t.department_id, t.subsidiary_id${partner}, ${sums}, COUNT(*)
    FROM stat_company_day t ${join}
    GROUP BY t.platform_mark, t.day, t.department_id, t.subsidiary_id${partner}`.execute(db);
  await sql`INSERT INTO stat_group_month (platform_mark, month, department_id, subsidiary_id${partnerColumn}, company_count,
      net_amount)
    SELECT t.platform_mark, t.month, t.department_id, t.subsidiary_id${partner}, COUNT(*), SUM(t.net_amount)
    FROM stat_company_month t ${join}
    GROUP BY t.platform_mark, t.month, t.department_id, t.subsidiary_id${partner}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_group_day').execute();
  await db.schema.dropTable('stat_group_month').execute();
  await createGroupTables(db, true);
  await regroupRollups(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_group_day').execute();
  await db.schema.dropTable('stat_group_month').execute();
  await createGroupTables(db, false);
  await regroupRollups(db, false);
}
