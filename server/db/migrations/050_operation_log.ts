import type { Kysely } from 'kysely';
import { bigint, withId } from './columns';

/**
 * The operation log (操作日志, /adOperationLog): one row per write, in the write's own transaction. Append-only;
 * the admin page filters by user, path, time and record id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('operation_logs'))
    .addColumn('user_id', bigint)
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(256)', (c) => c.notNull())
    .addColumn('resource', 'varchar(64)')
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('record_id', bigint)
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_logs_time').on('operation_logs').columns(['create_time', 'id']).execute();
  await db.schema
    .createIndex('operation_logs_user')
    .on('operation_logs')
    .columns(['username', 'create_time'])
    .execute();
  await db.schema.createIndex('operation_logs_record').on('operation_logs').columns(['record_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_logs').ifExists().execute();
}
