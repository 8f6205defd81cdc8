import { type Kysely, sql } from 'kysely';
import { chinaTime } from '../time';

/**
 * A role's data scope as data (src/domain/dataScope.ts): `roles.data_scope` (all, department, subsidiary,
 * assigned, none; company for merchant roles) and `roles.data_editions` (the platform marks it may see, "1,3").
 * A role made from now on starts with none. The roles that exist keep what they reached before, by their kind:
 * the admin and finance every company, customer service and partners their departments, merchants their own
 * company (an admin narrows a role made earlier on /adRoleSettings).
 * Role 11 (分公司人员, the subsidiaries' own staff of spec §6) becomes a row of its own, scoped to its subsidiary,
 * holding the codes its demo account holds. The roles table's auth_changes triggers (migration 115) already
 * move the version on every change of these columns, so sessions see a change at their next request.
 */
const SCOPE_OF_KIND = sql`CASE kind WHEN 1 THEN 'all' WHEN 2 THEN 'company' WHEN 3 THEN 'department' WHEN 4 THEN 'department' WHEN 5 THEN 'all' ELSE 'none' END`;
const SUBSIDIARY_ROLE = 11;
const SUBSIDIARY_ROLE_CODES = ['ADM_HOME', 'XGM_COMPANY_CORE', 'XGM_INVOICE_APPLY_DETAILS_SAVE'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('data_scope', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('roles')
    .addColumn('data_editions', 'varchar(8)', (c) => c.notNull().defaultTo('1,3'))
    .execute();
  await db.updateTable('roles').set({ data_scope: SCOPE_OF_KIND }).execute();
  const existing = await db.selectFrom('roles').select('id').where('id', '=', SUBSIDIARY_ROLE).executeTakeFirst();
  if (existing) return;
  const now = chinaTime();
  // A name an admin may already have given another role is kept apart: names are unique.
  const taken = await db.selectFrom('roles').select('id').where('name', '=', '分公司人员').executeTakeFirst();
  await db
    .insertInto('roles')
    .values({
      id: SUBSIDIARY_ROLE,
      name: taken ? '分公司人员（内置）' : '分公司人员',
      kind: SUBSIDIARY_ROLE,
      remark: null,
      builtin: 1,
      create_time: now,
      update_time: now,
      data_scope: 'subsidiary',
      data_editions: '1,3',
    })
    .execute();
  await db
    .insertInto('role_permissions')
    .values(SUBSIDIARY_ROLE_CODES.map((code) => ({ role_id: SUBSIDIARY_ROLE, code })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', SUBSIDIARY_ROLE).execute();
  await db.deleteFrom('roles').where('id', '=', SUBSIDIARY_ROLE).execute();
  await db.schema.alterTable('roles').dropColumn('data_editions').execute();
  await db.schema.alterTable('roles').dropColumn('data_scope').execute();
}
