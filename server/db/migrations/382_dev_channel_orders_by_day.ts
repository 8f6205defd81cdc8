import type { Kysely } from 'kysely';

/**
 * The development channel's bill of a day reads the orders accepted that day (devChannel.ts `bill`): an index on
 * accepted_ms makes that a range, not a scan of every order the channel ever took.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('dev_channel_orders_accepted')
    .on('dev_channel_orders')
    .columns(['accepted_ms'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dev_channel_orders_accepted').execute();
}
