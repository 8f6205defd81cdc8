import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Automatic invoicing of small-scale companies: one setting per company, and a row per application
 * the scheduled job made or tried, unique by (company, run key) so a batch or a month is applied for once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('auto_invoice_settings'))
    .addColumn('company_id', bigint, (c) => c.notNull().unique())
    .addColumn('enabled', 'integer', notNullDefault(0))
    .addColumn('mode', 'integer', notNullDefault(1))
    .addColumn('month_day', 'integer')
    .addColumn('category_id', bigint, (c) => c.notNull())
    .addColumn('enabled_time', 'varchar(19)')
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('auto_invoice_runs'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('run_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('invoice_id', bigint)
    .addColumn('batch_count', 'integer', notNullDefault(0))
    .addColumn('total', bigint, notNullDefault(0))
    .addColumn('message', 'varchar(255)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auto_invoice_runs_key')
    .on('auto_invoice_runs')
    .columns(['company_id', 'run_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auto_invoice_runs').ifExists().execute();
  await db.schema.dropTable('auto_invoice_settings').ifExists().execute();
}
