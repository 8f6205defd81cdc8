import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Partners and channels: `partner_profiles` (one per partner account: its category csort 1-10
 * and channel name, 渠道管理), `partner_enterprises` (the service enterprises 代征主体 a partner serves, per
 * edition: 服务企业管理) and `virtual_partner_companies` (customers a partner reports that have no merchant
 * account on the platform: /api/v1/cloud/virtual/partner/company).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('partner_profiles')
    .addColumn('user_id', bigint, (c) => c.primaryKey())
    .addColumn('csort', 'integer', notNullDefault(9))
    .addColumn('channel_name', 'varchar(64)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('partner_enterprises'))
    .addColumn('partner_id', bigint, (c) => c.notNull())
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_enterprises_unique')
    .on('partner_enterprises')
    .columns(['partner_id', 'enterprise_id', 'platform_mark'])
    .unique()
    .execute();
  await withId(db, db.schema.createTable('virtual_partner_companies'))
    .addColumn('partner_id', bigint, (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(20)')
    .addColumn('linkman_name', 'varchar(32)')
    .addColumn('linkman_mobile', 'varchar(15)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('virtual_partner_companies_partner')
    .on('virtual_partner_companies')
    .column('partner_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('virtual_partner_companies').execute();
  await db.schema.dropTable('partner_enterprises').execute();
  await db.schema.dropTable('partner_profiles').execute();
}
