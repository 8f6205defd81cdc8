import type { Kysely } from 'kysely';

/**
 * 企业业绩 ranks companies by service charge: the same walk of an index as the payout-ordered pages, instead of
 * sorting every company of the month (at 100 000 companies: seconds against milliseconds).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('stat_company_month_mark_charge')
    .on('stat_company_month')
    .columns(['platform_mark', 'month', 'charge_amount'])
    .execute();
  await db.schema
    .createIndex('stat_company_day_mark_charge')
    .on('stat_company_day')
    .columns(['platform_mark', 'day', 'charge_amount'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stat_company_month_mark_charge').ifExists().execute();
  await db.schema.dropIndex('stat_company_day_mark_charge').ifExists().execute();
}
