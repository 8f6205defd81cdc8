import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * The bank side of the platform.
 * - bank_sub_accounts, bank_transactions: the development bank's own books (server/finance/bank/devBank.ts) —
 *   one sub-account (子账户) per company and edition under the platform's collection account, and its statement
 *   (credits of deposits, debits of payouts and of the service charges moved to the platform's fee account).
 *   A real bank keeps these itself; the platform only reads them through the bank channel.
 * - bank_account_syncs: the platform's last copy of each sub-account's bank balance (bank/syncbalance).
 * - unattributed_funds: deposits the bank shows without a matching top-up (无法归属资金), until finance
 *   attributes one to a company (a ledger entry) or returns it.
 * - reconciliation_runs, reconciliation_items: each reconciliation of a day (the daily job or a manual run) and
 *   its lines: matched, only in the bank, only in the ledger.
 */
const TIME = 'varchar(19)';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('bank_sub_accounts'))
    .addColumn('account_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('account_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('password_hash', 'varchar(128)')
    .addColumn('password_time', TIME)
    .addColumn('open_time', TIME, (c) => c.notNull())
    .addUniqueConstraint('bank_sub_accounts_company', ['company_id', 'platform_mark'])
    .execute();

  await withId(db, db.schema.createTable('bank_transactions'))
    .addColumn('serial', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('account_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('counterparty_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('counterparty_account', 'varchar(40)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('memo', 'varchar(128)')
    .addColumn('value_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_transactions_day').on('bank_transactions').columns(['value_day', 'id']).execute();
  await db.schema
    .createIndex('bank_transactions_account')
    .on('bank_transactions')
    .columns(['account_number', 'value_day'])
    .execute();

  await withId(db, db.schema.createTable('bank_account_syncs'))
    .addColumn('account_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('bank_balance', bigint, (c) => c.notNull())
    .addColumn('ledger_balance', bigint, (c) => c.notNull())
    .addColumn('sync_time', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('unattributed_funds'))
    .addColumn('bank_serial', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('account_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('payer_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('payer_account', 'varchar(40)', (c) => c.notNull())
    .addColumn('memo', 'varchar(128)')
    .addColumn('arrive_time', TIME, (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('company_id', bigint)
    .addColumn('platform_mark', 'integer')
    .addColumn('return_serial', 'varchar(40)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('handler_id', bigint)
    .addColumn('handle_time', TIME)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unattributed_funds_status')
    .on('unattributed_funds')
    .columns(['status', 'arrive_time'])
    .execute();

  await withId(db, db.schema.createTable('reconciliation_runs'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('trigger', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('matched_count', 'integer', notNullDefault(0))
    .addColumn('bank_only_count', 'integer', notNullDefault(0))
    .addColumn('ledger_only_count', 'integer', notNullDefault(0))
    .addColumn('bank_credit', bigint, notNullDefault(0))
    .addColumn('bank_debit', bigint, notNullDefault(0))
    .addColumn('ledger_credit', bigint, notNullDefault(0))
    .addColumn('ledger_debit', bigint, notNullDefault(0))
    .addColumn('message', 'varchar(200)')
    .addColumn('operator_id', bigint)
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('finish_time', TIME)
    .execute();
  await db.schema.createIndex('reconciliation_runs_day').on('reconciliation_runs').columns(['day', 'id']).execute();

  await withId(db, db.schema.createTable('reconciliation_items'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('run_id', bigint, (c) => c.notNull())
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('company_id', bigint)
    .addColumn('platform_mark', 'integer')
    .addColumn('bank_amount', bigint, notNullDefault(0))
    .addColumn('ledger_amount', bigint, notNullDefault(0))
    .addColumn('note', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('reconciliation_items_day')
    .on('reconciliation_items')
    .columns(['day', 'result', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reconciliation_items',
    'reconciliation_runs',
    'unattributed_funds',
    'bank_account_syncs',
    'bank_transactions',
    'bank_sub_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
