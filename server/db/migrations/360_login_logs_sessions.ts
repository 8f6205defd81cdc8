import type { Kysely } from 'kysely';
import { isPostgres, notNullDefault, withId } from './columns';

/**
 * 登录日志 and 在线用户 (server/accounts/loginRecords.ts): one login_logs row per login attempt on any login path
 * (never a password or a code), and one user_sessions row per session a login opened (its sid is the tokens' sid),
 * which the session's requests keep fresh at most once a minute.
 *
 * `expires_utc` is when the session's newest token runs out, compared in SQL with CURRENT_TIMESTAMP, so the
 * online list needs no clock of the process: a timestamptz on PostgreSQL, 'YYYY-MM-DD HH:MM:SS' UTC text on SQLite
 * (the text CURRENT_TIMESTAMP gives there, so the two compare as text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('login_logs'))
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)', notNullDefault(''))
    .addColumn('mobile_masked', 'varchar(20)')
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('platform_mark', 'integer')
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(255)', notNullDefault(''))
    .addColumn('ip', 'varchar(64)', notNullDefault(''))
    .addColumn('user_agent', 'varchar(512)', notNullDefault(''))
    .addColumn('browser', 'varchar(64)', notNullDefault(''))
    .addColumn('os', 'varchar(64)', notNullDefault(''))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_logs_time').on('login_logs').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('login_logs_username').on('login_logs').columns(['username', 'create_time']).execute();
  await db.schema.createIndex('login_logs_ip').on('login_logs').columns(['ip', 'create_time']).execute();

  await withId(db, db.schema.createTable('user_sessions'))
    .addColumn('sid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer')
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', notNullDefault(''))
    .addColumn('user_agent', 'varchar(512)', notNullDefault(''))
    .addColumn('browser', 'varchar(64)', notNullDefault(''))
    .addColumn('os', 'varchar(64)', notNullDefault(''))
    .addColumn('login_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('last_seen_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('expire_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('expires_utc', isPostgres(db) ? 'timestamptz' : 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    /** SESSION_END: 1 退出登录, 2 强制下线 */
    .addColumn('end_reason', 'integer')
    .addColumn('ended_by', 'varchar(64)')
    .execute();
  await db.schema.createIndex('user_sessions_expires').on('user_sessions').columns(['expires_utc']).execute();
  await db.schema.createIndex('user_sessions_user').on('user_sessions').columns(['user_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_sessions').ifExists().execute();
  await db.schema.dropTable('login_logs').ifExists().execute();
}
