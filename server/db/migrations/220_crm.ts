import type { Kysely } from 'kysely';
import { withId } from './columns';

/**
 * The CRM (an outside system, server/crm/): `crm_records` are the development CRM's own records (the real CRM
 * keeps its own elsewhere), `crm_bindings` which of our subsidiaries and companies is bound to which CRM record.
 * One CRM record binds to at most one subsidiary (or company), one subsidiary (or company) to at most one record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('crm_records'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('crm_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crm_records_kind_name').on('crm_records').columns(['kind', 'name']).execute();
  await withId(db, db.schema.createTable('crm_bindings'))
    .addColumn('owner_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('crm_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('crm_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('bind_user_id', 'integer', (c) => c.notNull())
    .addColumn('bind_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('crm_bindings_owner', ['owner_kind', 'owner_id'])
    .addUniqueConstraint('crm_bindings_record', ['owner_kind', 'crm_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crm_bindings').ifExists().execute();
  await db.schema.dropTable('crm_records').ifExists().execute();
}
