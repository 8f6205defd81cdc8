import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * The operator's company calls of spec §7: a company's VIP level (the enterprise rate it pays), work scene,
 * verification, 宝谷 switch and CRM institution; the enterprises a company is bound to; the upgrade notice's key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, (table: any) => any][] = [
    ['vip_level', (t) => t.addColumn('vip_level', 'integer', notNullDefault(1))],
    ['work_scene', (t) => t.addColumn('work_scene', 'varchar(200)')],
    ['verify_status', (t) => t.addColumn('verify_status', 'integer', notNullDefault(0))],
    ['verify_time', (t) => t.addColumn('verify_time', 'varchar(19)')],
    ['verify_by', (t) => t.addColumn('verify_by', 'varchar(64)')],
    ['baogu_enabled', (t) => t.addColumn('baogu_enabled', 'integer', notNullDefault(0))],
    ['baogu_account', (t) => t.addColumn('baogu_account', 'varchar(64)')],
    ['institution_id', (t) => t.addColumn('institution_id', bigint)],
  ];
  for (const [, add] of columns) await add(db.schema.alterTable('companies')).execute();
  await withId(db, db.schema.createTable('company_enterprises'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('company_enterprises_pair')
    .on('company_enterprises')
    .columns(['company_id', 'enterprise_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('company_enterprises_enterprise')
    .on('company_enterprises')
    .columns(['enterprise_id', 'company_id'])
    .execute();
  await db.schema.alterTable('upgrade_notices').addColumn('notice_key', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upgrade_notices').dropColumn('notice_key').execute();
  await db.schema.dropTable('company_enterprises').execute();
  for (const column of [
    'institution_id',
    'baogu_account',
    'baogu_enabled',
    'verify_by',
    'verify_time',
    'verify_status',
    'work_scene',
    'vip_level',
  ]) {
    await db.schema.alterTable('companies').dropColumn(column).execute();
  }
}
