import type { Kysely } from 'kysely';
import { bigint, withId } from './columns';

/**
 * The batches of each invoice application, as they were when it was applied for. payout_batches.invoice_id
 * only names the application currently holding a batch (a rejection releases it), so without these lines a
 * rejected application would no longer show what it was for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('invoice_batches'))
    .addColumn('invoice_id', bigint, (c) => c.notNull())
    .addColumn('batch_id', bigint, (c) => c.notNull())
    .addColumn('success_amount', bigint, (c) => c.notNull())
    .addColumn('success_charge', bigint, (c) => c.notNull())
    .addUniqueConstraint('invoice_batches_invoice_batch', ['invoice_id', 'batch_id'])
    .execute();
  await db.schema.createIndex('invoice_batches_batch').on('invoice_batches').columns(['batch_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_batches').ifExists().execute();
}
