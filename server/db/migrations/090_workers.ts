import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Gig workers: the people a company may pay, their freelance agreements with the company's signing
 * enterprise, the per-company whitelist of payees exempt from the signing rule, tasks and their workers, and
 * download jobs (信息下载). See server/workers/README.md for the fields.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('workers'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('id_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_masked', 'varchar(18)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
    .addColumn('bank_card', 'varchar(19)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('referrer', 'varchar(32)')
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('sign_status', 'integer', notNullDefault(0))
    .addColumn('sign_time', 'varchar(19)')
    .addColumn('rescind_time', 'varchar(19)')
    .addColumn('rescind_reason', 'varchar(200)')
    .addColumn('audit_status', 'integer', notNullDefault(0))
    .addColumn('audit_reason', 'varchar(200)')
    .addColumn('audit_time', 'varchar(19)')
    .addColumn('auditor', 'varchar(64)')
    .addColumn('verify_status', 'integer', notNullDefault(0))
    .addColumn('verify_message', 'varchar(200)')
    .addColumn('verify_time', 'varchar(19)')
    .addColumn('enterprise_id', bigint)
    .addColumn('create_user', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workers_company_key').unique().on('workers').columns(['company_id', 'id_key']).execute();
  await db.schema.createIndex('workers_company_name').on('workers').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('workers_company_mobile').on('workers').columns(['company_id', 'mobile']).execute();
  await db.schema
    .createIndex('workers_company_status')
    .on('workers')
    .columns(['company_id', 'sign_status', 'create_time'])
    .execute();
  await db.schema
    .createIndex('workers_edition_status')
    .on('workers')
    .columns(['platform_mark', 'sign_status', 'create_time'])
    .execute();

  await withId(db, db.schema.createTable('worker_agreements'))
    .addColumn('agreement_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('worker_id', bigint, (c) => c.notNull())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('enterprise_id', bigint)
    .addColumn('enterprise_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('template_id', bigint)
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('token_expires', 'varchar(19)')
    .addColumn('draft_file_id', bigint)
    .addColumn('signed_file_id', bigint)
    .addColumn('sha256', 'varchar(64)')
    .addColumn('original_sha256', 'varchar(64)')
    .addColumn('sign_time', 'varchar(19)')
    .addColumn('sign_ip', 'varchar(64)')
    .addColumn('rescind_time', 'varchar(19)')
    .addColumn('rescind_reason', 'varchar(200)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('worker_agreements_worker')
    .on('worker_agreements')
    .columns(['worker_id', 'id'])
    .execute();
  await db.schema
    .createIndex('worker_agreements_company')
    .on('worker_agreements')
    .columns(['company_id', 'status', 'create_time'])
    .execute();
  await db.schema.createIndex('worker_agreements_token').on('worker_agreements').column('token_hash').execute();

  await withId(db, db.schema.createTable('worker_whitelist'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_masked', 'varchar(18)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('worker_whitelist_company_key')
    .unique()
    .on('worker_whitelist')
    .columns(['company_id', 'id_key'])
    .execute();

  await withId(db, db.schema.createTable('worker_tasks'))
    .addColumn('task_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('industry_id', bigint, (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('headcount', 'integer', (c) => c.notNull())
    .addColumn('pricing', 'integer', (c) => c.notNull())
    .addColumn('unit_price', bigint)
    .addColumn('total_amount', bigint)
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('draft_id', bigint)
    .addColumn('complete_time', 'varchar(19)')
    .addColumn('settle_time', 'varchar(19)')
    .addColumn('create_user', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('worker_tasks_company')
    .on('worker_tasks')
    .columns(['company_id', 'create_time'])
    .execute();

  await withId(db, db.schema.createTable('worker_task_members'))
    .addColumn('task_id', bigint, (c) => c.notNull())
    .addColumn('worker_id', bigint, (c) => c.notNull())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('amount', bigint, notNullDefault(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('worker_task_members_task')
    .unique()
    .on('worker_task_members')
    .columns(['task_id', 'worker_id'])
    .execute();
  await db.schema.createIndex('worker_task_members_worker').on('worker_task_members').column('worker_id').execute();

  await withId(db, db.schema.createTable('worker_downloads'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('enterprise_id', bigint)
    .addColumn('sign_status', 'integer')
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('file_id', bigint)
    .addColumn('worker_count', 'integer', notNullDefault(0))
    .addColumn('agreement_count', 'integer', notNullDefault(0))
    .addColumn('message', 'varchar(200)')
    .addColumn('create_user', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('finish_time', 'varchar(19)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'worker_downloads',
    'worker_task_members',
    'worker_tasks',
    'worker_whitelist',
    'worker_agreements',
    'workers',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
