import type { Kysely } from 'kysely';
import { bigint, withId } from './columns';

/**
 * Service-charge rates with effective dates and history. `service_rates` keeps every change:
 * `target_kind` 1 a company's own rate, 2 a partner's rate for the companies it brought (companies.sale_partner_id);
 * `rate` in 1/10000 (600 = 6.00%), in force from `effective_date` (China date) until a later row of the same
 * target and edition. The activation rate in `service_charges` stays the fallback.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('service_rates'))
    .addColumn('target_kind', 'integer', (c) => c.notNull())
    .addColumn('company_id', bigint)
    .addColumn('partner_id', bigint)
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('effective_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('operator_id', bigint, (c) => c.notNull())
    .addColumn('operator_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_rates_company')
    .on('service_rates')
    .columns(['company_id', 'platform_mark', 'effective_date'])
    .execute();
  await db.schema
    .createIndex('service_rates_partner')
    .on('service_rates')
    .columns(['partner_id', 'platform_mark', 'effective_date'])
    .execute();
  // The partner (a rid 4 account) who brought the company: 销售合伙人 (GET/PUT /api/v1/companies/salepartner).
  await db.schema.alterTable('companies').addColumn('sale_partner_id', bigint).execute();
  await db.schema.createIndex('companies_sale_partner').on('companies').column('sale_partner_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('companies_sale_partner').execute();
  await db.schema.alterTable('companies').dropColumn('sale_partner_id').execute();
  await db.schema.dropTable('service_rates').execute();
}
