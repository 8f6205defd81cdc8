import { type Kysely, sql } from 'kysely';

/**
 * UI_TAX_EXPORT_FULL_ID: 税费计算's export carries full ID numbers only for roles holding it. A database
 * made before this code existed gets it on the admin role (role 1 holds every staff code) and on that role's users;
 * other roles, 财务 included, get it when an administrator grants it in the role editor. New databases take it from
 * the role templates (migration 100), so both statements insert only what is missing.
 */
const CODE = 'UI_TAX_EXPORT_FULL_ID';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO role_permissions (role_id, code)
    SELECT 1, ${CODE} WHERE NOT EXISTS (SELECT 1 FROM role_permissions WHERE role_id = 1 AND code = ${CODE})`.execute(
    db,
  );
  await sql`INSERT INTO user_authorities (user_id, authority)
    SELECT u.id, ${CODE} FROM users u
    WHERE u.role_id = 1 AND (u.permission_role_id IS NULL OR u.permission_role_id = 1)
      AND NOT EXISTS (SELECT 1 FROM user_authorities a WHERE a.user_id = u.id AND a.authority = ${CODE})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('user_authorities').where('authority', '=', CODE).execute();
  await db.deleteFrom('role_permissions').where('code', '=', CODE).execute();
}
