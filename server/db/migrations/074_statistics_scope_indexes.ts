import type { Kysely } from 'kysely';

/**
 * The first screen of a statistics page for a department-scoped user (kefu, partners: `department_id IN (…)`) or
 * filtered by partner (`subsidiary_id = ?`) walked the whole month of every company and read each row to test
 * its department: at 100 000 companies 1-4 s per page (count and page). These indexes put the scope column
 * right after the period, so the page is a walk in the sort order (payout or service charge) of the scope's
 * companies only, and its count is a range of the index. stat_company_day gets the department before the day:
 * 企业流水 (company × day, newest first) for a department walks (platform_mark, department_id, day).
 */
const INDEXES: [string, string, string[]][] = [
  [
    'stat_company_month_dept_payout',
    'stat_company_month',
    ['platform_mark', 'month', 'department_id', 'payout_amount'],
  ],
  [
    'stat_company_month_dept_charge',
    'stat_company_month',
    ['platform_mark', 'month', 'department_id', 'charge_amount'],
  ],
  ['stat_company_month_sub_payout', 'stat_company_month', ['platform_mark', 'month', 'subsidiary_id', 'payout_amount']],
  ['stat_company_month_sub_charge', 'stat_company_month', ['platform_mark', 'month', 'subsidiary_id', 'charge_amount']],
  ['stat_company_day_dept_day', 'stat_company_day', ['platform_mark', 'department_id', 'day', 'payout_amount']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
