import type { Kysely } from 'kysely';
import { bigint, notNullDefault, sql, withId } from './columns';

/**
 * How many company rows a statistics page has (speed): 企业汇总, 企业流水 and 企业业绩 counted the
 * period's company rows per request (60 000-70 000 index entries for a month at 100 000 companies, p99 over
 * 100 ms). The count is kept beside the group rollups instead, in the ledger entry's transaction
 * (server/statistics/rollups.ts): stat_group_day.company_count is the number of stat_company_day rows of its
 * edition, day, department and partner; stat_group_month.company_count the same for stat_company_month rows.
 * Both are keyed by the department and partner the company row was created with, as the company rows are, so a
 * department-scoped count is a sum of a few rows. stat_group_month also keeps the signed net of every entry
 * (net_amount), so an edition's ledger total (the sum of its accounts' balances, 银行信息) is a sum of a few rows
 * per month. Filled here from the company rows that already exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stat_group_day').addColumn('company_count', bigint, notNullDefault(0)).execute();
  await withId(db, db.schema.createTable('stat_group_month'))
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('department_id', bigint, notNullDefault(0))
    .addColumn('subsidiary_id', bigint, notNullDefault(0))
    .addColumn('company_count', bigint, notNullDefault(0))
    .addColumn('net_amount', bigint, notNullDefault(0))
    .addUniqueConstraint('stat_group_month_key', ['platform_mark', 'month', 'department_id', 'subsidiary_id'])
    .execute();
  await recountCompanyRows(db);
}

/** Recomputes the counts (and the month net) from the company rows (also rebuildStatistics and the bench seed). */
export async function recountCompanyRows(db: Kysely<any>): Promise<void> {
  await sql`UPDATE stat_group_day SET company_count = 0`.execute(db);
  // Company rows whose group row is missing (none are expected) get one, so the count never loses a row.
  await sql`INSERT INTO stat_group_day (platform_mark, day, department_id, subsidiary_id, company_count)
    SELECT platform_mark, day, department_id, subsidiary_id, COUNT(*) FROM stat_company_day
    GROUP BY platform_mark, day, department_id, subsidiary_id
    ON CONFLICT (platform_mark, day, department_id, subsidiary_id)
    DO UPDATE SET company_count = excluded.company_count`.execute(db);
  await sql`DELETE FROM stat_group_month`.execute(db);
  await sql`INSERT INTO stat_group_month (platform_mark, month, department_id, subsidiary_id, company_count, net_amount)
    SELECT platform_mark, month, department_id, subsidiary_id, COUNT(*), SUM(net_amount) FROM stat_company_month
    GROUP BY platform_mark, month, department_id, subsidiary_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_group_month').ifExists().execute();
  await db.schema.alterTable('stat_group_day').dropColumn('company_count').execute();
}
