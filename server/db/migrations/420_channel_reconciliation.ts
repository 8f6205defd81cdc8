import type { Kysely } from 'kysely';
import { notNullDefault } from './columns';

/**
 * The daily reconciliation also compares the payout channel's bill with the payout items
 * (server/finance/channelReconciliation.ts): each line says where it comes from (source: 'bank' for the bank's
 * statement, else the channel's provider name), and a run counts the lines whose amount or state differs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reconciliation_items')
    .addColumn('source', 'varchar(32)', notNullDefault('bank'))
    .execute();
  await db.schema.alterTable('reconciliation_runs').addColumn('differ_count', 'integer', notNullDefault(0)).execute();
}
