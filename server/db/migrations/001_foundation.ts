import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('departments'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('subsidiaries'))
    .addColumn('sname', 'varchar(128)', (c) => c.notNull())
    .addColumn('department_id', bigint, (c) => c.notNull())
    .addColumn('crm_company_name', 'varchar(128)')
    .addColumn('is_virtual', 'integer', notNullDefault(0))
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('companies'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('credit_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('company_nature', 'varchar(32)')
    .addColumn('company_size', 'varchar(32)')
    .addColumn('industry_id', bigint)
    .addColumn('legal_person_name', 'varchar(64)')
    .addColumn('legal_person_id_card', 'varchar(18)')
    .addColumn('admin_id_card', 'varchar(18)')
    .addColumn('linkman_name', 'varchar(64)')
    .addColumn('linkman_mobile', 'varchar(15)')
    .addColumn('province', 'varchar(32)')
    .addColumn('city', 'varchar(32)')
    .addColumn('district', 'varchar(32)')
    .addColumn('department_id', bigint)
    .addColumn('subsidiary_id', bigint)
    .addColumn('service_id', bigint)
    .addColumn('sale_name', 'varchar(64)')
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('sign_status', 'integer', notNullDefault(0))
    .addColumn('fdd_corp_free_status', 'integer', notNullDefault(1))
    .addColumn('certification_type', 'integer', notNullDefault(1))
    .addColumn('sub_status', 'integer', notNullDefault(0))
    .addColumn('invoice_title', 'varchar(36)')
    .addColumn('invoice_tax_number', 'varchar(20)')
    .addColumn('invoice_bank', 'varchar(36)')
    .addColumn('invoice_account', 'varchar(32)')
    .addColumn('invoice_address', 'varchar(60)')
    .addColumn('invoice_phone', 'varchar(30)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('companies_create_time').on('companies').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('companies_department').on('companies').columns(['department_id', 'id']).execute();
  await db.schema.createIndex('companies_platform_mark').on('companies').columns(['platform_mark', 'id']).execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mobile', 'varchar(15)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', bigint)
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('display_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('is_change', 'integer', notNullDefault(0))
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('parent_user_id', bigint)
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
  await db.schema.createIndex('users_company').on('users').column('company_id').execute();

  await db.schema
    .createTable('user_authorities')
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('authority', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_authorities_pk', ['user_id', 'authority'])
    .execute();

  await db.schema
    .createTable('user_departments')
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('department_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_departments_pk', ['user_id', 'department_id'])
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('username', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNullDefault(0))
    .addColumn('locked_until', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used', 'integer', notNullDefault(0))
    .execute();

  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('mobile', 'varchar(15)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(6)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .addColumn('attempts', 'integer', notNullDefault(0))
    .execute();
  await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

  await withId(db, db.schema.createTable('service_charges'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('company_type', 'integer', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .execute();
  await db.schema.createIndex('service_charges_company').on('service_charges').column('company_id').execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(255)')
    .addColumn('annex_url', 'varchar(255)')
    .addColumn('annex_name', 'varchar(128)')
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('publisher', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('release_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_mark_status').on('notices').columns(['platform_mark', 'status']).execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', bigint, (c) => c.notNull())
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('read_time', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['user_id', 'notice_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'notice_reads',
    'notices',
    'service_charges',
    'sms_codes',
    'captchas',
    'login_attempts',
    'user_departments',
    'user_authorities',
    'users',
    'companies',
    'subsidiaries',
    'departments',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
