import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns';

/**
 * A session's subid (server/auth/subsidiaryOf.ts) opens or closes pages (src/domain/roleGrants.ts), so a change of
 * it must move auth_changes (migration 115) like any other change a session's access depends on: a staff member's
 * subsidiaries (user_subsidiaries) and a company's subsidiary (companies.subsidiary_id, only when it changes).
 */
const BUMP = 'UPDATE auth_changes SET version = version + 1 WHERE id = 1';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        'CREATE TRIGGER user_subsidiaries_auth_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_subsidiaries FOR EACH STATEMENT EXECUTE FUNCTION auth_changes_bump()',
      )
      .execute(db);
    await sql
      .raw(
        'CREATE TRIGGER companies_subsidiary_auth_changes AFTER UPDATE ON companies FOR EACH ROW WHEN (OLD.subsidiary_id IS DISTINCT FROM NEW.subsidiary_id) EXECUTE FUNCTION auth_changes_bump()',
      )
      .execute(db);
    return;
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    await sql
      .raw(
        `CREATE TRIGGER user_subsidiaries_auth_changes_${event.toLowerCase()} AFTER ${event} ON user_subsidiaries BEGIN ${BUMP}; END`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `CREATE TRIGGER companies_subsidiary_auth_changes AFTER UPDATE OF subsidiary_id ON companies WHEN OLD.subsidiary_id IS NOT NEW.subsidiary_id BEGIN ${BUMP}; END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER user_subsidiaries_auth_changes ON user_subsidiaries').execute(db);
    await sql.raw('DROP TRIGGER companies_subsidiary_auth_changes ON companies').execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER user_subsidiaries_auth_changes_${event}`).execute(db);
  }
  await sql.raw('DROP TRIGGER companies_subsidiary_auth_changes').execute(db);
}
