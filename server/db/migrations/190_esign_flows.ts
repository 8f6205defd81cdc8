import type { Kysely } from 'kysely';

/**
 * A worker's agreement signed through e签宝 (ESIGN_PROVIDER=esign): the sign flow made for it, so that e签宝's
 * completion callback (which names only the flow) finds the agreement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('worker_agreements').addColumn('esign_flow_id', 'varchar(64)').execute();
  await db.schema
    .createIndex('worker_agreements_esign_flow_id')
    .on('worker_agreements')
    .column('esign_flow_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('worker_agreements_esign_flow_id').execute();
  await db.schema.alterTable('worker_agreements').dropColumn('esign_flow_id').execute();
}
