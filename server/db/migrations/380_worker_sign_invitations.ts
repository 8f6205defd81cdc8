import type { Kysely } from 'kysely';
import { notNullDefault } from './columns';

/**
 * 发送签署邀请 on /signUser (server/workers/signInvitations.routes.ts): each worker keeps the state of the latest
 * invitation — invite_status (INVITE_STATUS: 0 未邀请, 1 已发送, 2 已打开, 3 已签署, 4 发送失败) as of invite_time, when
 * it was last sent (invite_sent_time, which the re-invite interval counts from), the provider's id of its SMS
 * (invite_sms_ref, which the provider's delivery receipt names) and why it failed (invite_reason).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  await db.schema.alterTable('workers').addColumn('invite_status', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('workers').addColumn('invite_time', 'varchar(19)').execute();
  await db.schema.alterTable('workers').addColumn('invite_sent_time', 'varchar(19)').execute();
  await db.schema.alterTable('workers').addColumn('invite_reason', 'varchar(255)').execute();
  await db.schema.alterTable('workers').addColumn('invite_sms_ref', 'varchar(64)').execute();
  await db.schema
    .createIndex('workers_company_invite_status')
    .on('workers')
    .columns(['company_id', 'invite_status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('workers_company_invite_status').execute();
  await db.schema.alterTable('workers').dropColumn('invite_sms_ref').execute();
  await db.schema.alterTable('workers').dropColumn('invite_reason').execute();
  await db.schema.alterTable('workers').dropColumn('invite_sent_time').execute();
  await db.schema.alterTable('workers').dropColumn('invite_time').execute();
  await db.schema.alterTable('workers').dropColumn('invite_status').execute();
}
