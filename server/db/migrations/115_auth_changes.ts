import { type Kysely, sql } from 'kysely';
import { bigint, isPostgres, notNullDefault } from './columns';

/**
 * `auth_changes`: one row whose `version` moves with every change a session's access depends on, bumped by
 * triggers in the same transaction as the change itself, so no code path can forget it: users (insert, delete,
 * and an update of username, role, company, edition, name, status, token version or permission role),
 * user_authorities, user_departments, roles, role_permissions and revoked_sessions. The access hook
 * (server/auth/access.ts) keeps each session's access in memory and reads this one row per request: an
 * unchanged version means nothing it cached can have changed, in this process or any other on the database.
 */
const TABLES = ['user_authorities', 'user_departments', 'roles', 'role_permissions', 'revoked_sessions'] as const;
const USER_COLUMNS = [
  'username',
  'role_id',
  'company_id',
  'platform_mark',
  'display_name',
  'status',
  'token_version',
  'permission_role_id',
] as const;
const BUMP = 'UPDATE auth_changes SET version = version + 1 WHERE id = 1';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', bigint, notNullDefault(0))
    .execute();
  await db.insertInto('auth_changes').values({ id: 1, version: 0 }).execute();
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION auth_changes_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${BUMP}; RETURN NULL; END $$`,
      )
      .execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION auth_changes_bump()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        'CREATE TRIGGER users_auth_changes AFTER INSERT OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION auth_changes_bump()',
      )
      .execute(db);
    const changed = USER_COLUMNS.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER users_auth_changes_update AFTER UPDATE ON users FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION auth_changes_bump()`,
      )
      .execute(db);
    return;
  }
  for (const table of TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_auth_changes_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${BUMP}; END`,
        )
        .execute(db);
    }
  }
  for (const event of ['INSERT', 'DELETE']) {
    await sql
      .raw(`CREATE TRIGGER users_auth_changes_${event.toLowerCase()} AFTER ${event} ON users BEGIN ${BUMP}; END`)
      .execute(db);
  }
  const changed = USER_COLUMNS.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
  await sql
    .raw(`CREATE TRIGGER users_auth_changes_update AFTER UPDATE ON users WHEN ${changed} BEGIN ${BUMP}; END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) await sql.raw(`DROP TRIGGER ${table}_auth_changes ON ${table}`).execute(db);
    await sql.raw('DROP TRIGGER users_auth_changes ON users').execute(db);
    await sql.raw('DROP TRIGGER users_auth_changes_update ON users').execute(db);
    await sql.raw('DROP FUNCTION auth_changes_bump()').execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`DROP TRIGGER ${table}_auth_changes_${event}`).execute(db);
      }
    }
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER users_auth_changes_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('auth_changes').execute();
}
