import { type Kysely, sql } from 'kysely';
import { ROLE_TEMPLATES } from '../../../src/domain/roleTemplates';
import { chinaTime } from '../time';
import { bigint, isPostgres, notNullDefault, withId } from './columns';

const BUILTIN_ROLES: readonly { id: number; name: string }[] = [
  { id: 1, name: '管理员' },
  { id: 2, name: '商户' },
  { id: 3, name: '客服' },
  { id: 4, name: '合伙人' },
  { id: 5, name: '财务' },
];

/**
 * Roles as data: `roles` (the five built-in ones keep ids 1-5; `kind` is the rid a user of the role
 * has: 1 admin, 2 merchant, 3 customer service, 4 partner, 5 finance) and `role_permissions`, seeded once from
 * src/domain/roleTemplates.ts. `users.permission_role_id` names a user's role where it is not the built-in one
 * of its rid (null: role `role_id`). `user_subsidiaries` holds a staff member's subsidiaries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('roles'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)')
    .addColumn('builtin', 'integer', notNullDefault(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', bigint, (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'code'])
    .execute();
  await db.schema.alterTable('users').addColumn('permission_role_id', bigint).execute();
  await db.schema.createIndex('users_permission_role').on('users').column('permission_role_id').execute();
  await db.schema
    .createTable('user_subsidiaries')
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('subsidiary_id', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_subsidiaries_pk', ['user_id', 'subsidiary_id'])
    .execute();

  const now = chinaTime();
  await db
    .insertInto('roles')
    .values(
      BUILTIN_ROLES.map((role) => ({
        ...role,
        kind: role.id,
        builtin: 1,
        remark: null,
        create_time: now,
        update_time: now,
      })),
    )
    .execute();
  if (isPostgres(db)) await sql`SELECT setval(pg_get_serial_sequence('roles', 'id'), 100)`.execute(db);
  else await sql`INSERT OR REPLACE INTO sqlite_sequence (name, seq) VALUES ('roles', 100)`.execute(db);
  const rows = BUILTIN_ROLES.flatMap((role) =>
    (ROLE_TEMPLATES[role.id] ?? []).map((code) => ({ role_id: role.id, code })),
  );
  await db.insertInto('role_permissions').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_subsidiaries').execute();
  await db.schema.dropIndex('users_permission_role').execute();
  await db.schema.alterTable('users').dropColumn('permission_role_id').execute();
  await db.schema.dropTable('role_permissions').execute();
  await db.schema.dropTable('roles').execute();
}
