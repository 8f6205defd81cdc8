import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Finance pages at 100 000 companies (speed).
 * - bank_sync_totals: what the last balance sync (PATCH bankaccounts/bank/syncbalance, server/finance/bank.routes.ts
 *   syncBalances) found per edition: sub-accounts, those being closed, the bank's and the ledger's balance at that
 *   moment; platform_mark 0 is the collection account. 银行信息 read every sub-account and summed the bank's whole
 *   statement per request; it now reads these rows (the bank side is as of the sync, as the page says).
 * - accounts (balance): 余额明细表 lists accounts by balance, largest first, and sorted every account per request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bank_sync_totals'))
    .addColumn('platform_mark', 'integer', (c) => c.notNull().unique())
    .addColumn('sub_account_count', 'integer', notNullDefault(0))
    .addColumn('closing_count', 'integer', notNullDefault(0))
    .addColumn('bank_balance', bigint, notNullDefault(0))
    .addColumn('ledger_balance', bigint, notNullDefault(0))
    .addColumn('sync_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_balance').on('accounts').columns(['balance', 'id']).execute();
  await db.schema
    .createIndex('accounts_mark_balance')
    .on('accounts')
    .columns(['platform_mark', 'balance', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_mark_balance').ifExists().execute();
  await db.schema.dropIndex('accounts_balance').ifExists().execute();
  await db.schema.dropTable('bank_sync_totals').ifExists().execute();
}
