import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Account flows:
 * - `registrations`: self-service sign-ups waiting for activation (status 0 待激活, 1 已激活, 2 已驳回). The
 *   password is kept as bcrypt of the browser's SHA-256 hex, so activation can hand it to the new user as is.
 * - `sso_assertions`: the jti of every accepted single-sign-on assertion, so one cannot be replayed.
 * - `upgrade_notices`: maintenance windows; while one is active (status 1, now between start and end) login
 *   is refused unless the caller bypasses it with index=1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('registrations'))
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('linkman_mobile', 'varchar(15)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('company_nature', 'varchar(32)')
    .addColumn('company_size', 'varchar(32)')
    .addColumn('industry_id', bigint)
    .addColumn('business_license', 'varchar(20)', (c) => c.notNull())
    .addColumn('invoice_tax_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('province', 'varchar(32)')
    .addColumn('city', 'varchar(32)')
    .addColumn('district', 'varchar(32)')
    .addColumn('license_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('student_card_url', 'varchar(255)')
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('reason', 'varchar(200)')
    .addColumn('department_id', bigint)
    .addColumn('subsidiary_id', bigint)
    .addColumn('service_id', bigint)
    .addColumn('company_id', bigint)
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('activate_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('registrations_create_time').on('registrations').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('registrations_mobile').on('registrations').column('linkman_mobile').execute();
  await db.schema.createIndex('registrations_name').on('registrations').column('name').execute();

  await db.schema
    .createTable('sso_assertions')
    .addColumn('jti', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('upgrade_notices'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upgrade_notices_status').on('upgrade_notices').columns(['status', 'end_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upgrade_notices').ifExists().execute();
  await db.schema.dropTable('sso_assertions').ifExists().execute();
  await db.schema.dropTable('registrations').ifExists().execute();
}
