import type { Kysely } from 'kysely';

/**
 * The signer's willingness check (意愿认证, DESIGN §4) on a worker's agreement: the check under way (the
 * provider's reference — for the dev provider the id of the SMS code sent to the worker's mobile on record),
 * and, with the signature, its proof: how (sms), the mobile the code went to, when it was confirmed, and the
 * signer's user agent beside the existing sign_ip.
 */
const COLUMNS = [
  ['willingness_ref', 'varchar(64)'],
  ['willingness_method', 'varchar(16)'],
  ['willingness_mobile', 'varchar(20)'],
  ['willingness_time', 'varchar(19)'],
  ['sign_user_agent', 'varchar(255)'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('worker_agreements').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('worker_agreements').dropColumn(name).execute();
  }
}
