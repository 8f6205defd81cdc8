import type { Kysely } from 'kysely';
import { bigint } from './columns';

/**
 * A paid item's electronic receipt (电子回单), fetched from its channel once and kept as a stored file
 * (uploads, purpose 'generated'): payout_items.receipt_file_id names it, so later downloads read the stored copy
 * and do not ask the channel again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payout_items').addColumn('receipt_file_id', bigint).execute();
}
