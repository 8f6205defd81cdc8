import type { Kysely } from 'kysely';

/**
 * A merchant's contract signed through e签宝 (ESIGN_PROVIDER=esign): the sign flow made for it, so that e签宝's
 * completion callback (which names only the flow) finds the contract, and the merchant user who started it (the
 * operation log names them when the callback signs the contract).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  await db.schema.alterTable('contracts').addColumn('esign_flow_id', 'varchar(64)').execute();
  await db.schema.alterTable('contracts').addColumn('esign_user_id', 'integer').execute();
  await db.schema.createIndex('contracts_esign_flow_id').on('contracts').column('esign_flow_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contracts_esign_flow_id').execute();
  await db.schema.alterTable('contracts').dropColumn('esign_user_id').execute();
  await db.schema.alterTable('contracts').dropColumn('esign_flow_id').execute();
}
