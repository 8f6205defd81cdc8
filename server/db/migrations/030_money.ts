import type { Kysely } from 'kysely';
import { bigint, notNullDefault, sql, withId } from './columns';

/**
 * Money: accounts and their ledger, top-ups, the settlement blacklist, batch payouts (validated
 * drafts, batches, items, abnormal funds), invoices with their categories, and tax payment certificates.
 *
 * Amounts are integers in 1/10000 yuan (bigint). A balance lives in `accounts` (one per company and edition)
 * and changes only through `ledger_entries`, written in the transaction of the business record that caused
 * it (server/money/ledger); `balance >= 0` is also a CHECK so no code path can overdraw.
 */
const TIME = 'varchar(19)';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('accounts'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('balance', bigint, (c) => c.notNull().defaultTo(0).check(sqlCheck('balance >= 0')))
    .addColumn('update_time', TIME, (c) => c.notNull())
    .addUniqueConstraint('accounts_company_mark', ['company_id', 'platform_mark'])
    .execute();

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('balance_after', bigint, (c) => c.notNull())
    .addColumn('ref_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', bigint, (c) => c.notNull())
    .addColumn('operator_id', bigint)
    .addColumn('remark', 'varchar(128)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await index(db, 'ledger_entries', 'ledger_company', ['company_id', 'platform_mark', 'id']);
  await index(db, 'ledger_entries', 'ledger_time', ['create_time', 'id']);
  await index(db, 'ledger_entries', 'ledger_ref', ['ref_type', 'ref_id']);

  await withId(db, db.schema.createTable('recharges'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('payer_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('payer_account', 'varchar(32)', (c) => c.notNull())
    .addColumn('bank_serial', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('voucher_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)')
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('reject_reason', 'varchar(128)')
    .addColumn('applicant_id', bigint, (c) => c.notNull())
    .addColumn('handler_id', bigint)
    .addColumn('handle_time', TIME)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await index(db, 'recharges', 'recharges_company_time', ['company_id', 'create_time', 'id']);
  await index(db, 'recharges', 'recharges_status_time', ['status', 'create_time', 'id']);

  await withId(db, db.schema.createTable('settlement_blacklist'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull().unique())
    .addColumn('reason', 'varchar(128)', (c) => c.notNull())
    .addColumn('operator_id', bigint)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();

  // A validated upload waiting to be submitted: its rows as JSON, so the browser never re-sends 10 000 rows.
  // batch_id is set by the submission that used it: the draft is the idempotency key.
  await withId(db, db.schema.createTable('payout_drafts'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('total_amount', bigint, (c) => c.notNull())
    .addColumn('service_charge', bigint, (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('batch_id', bigint)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('payout_batches'))
    .addColumn('batch_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('draft_id', bigint, (c) => c.unique())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('total_amount', bigint, (c) => c.notNull())
    .addColumn('service_charge', bigint, (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('success_count', 'integer', notNullDefault(0))
    .addColumn('success_amount', bigint, notNullDefault(0))
    .addColumn('success_charge', bigint, notNullDefault(0))
    .addColumn('failed_count', 'integer', notNullDefault(0))
    .addColumn('failed_amount', bigint, notNullDefault(0))
    .addColumn('invoice_status', 'integer', notNullDefault(0))
    .addColumn('invoice_id', bigint)
    .addColumn('operator_id', bigint, (c) => c.notNull())
    .addColumn('remark', 'varchar(128)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('finish_time', TIME)
    .execute();
  await index(db, 'payout_batches', 'batches_company_time', ['company_id', 'create_time', 'id']);
  await index(db, 'payout_batches', 'batches_time', ['create_time', 'id']);
  await index(db, 'payout_batches', 'batches_status', ['status', 'id']);
  await index(db, 'payout_batches', 'batches_invoice', ['company_id', 'invoice_status', 'status']);

  await withId(db, db.schema.createTable('payout_items'))
    .addColumn('batch_id', bigint, (c) => c.notNull())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('bank_card', 'varchar(19)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)')
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('service_charge', bigint, (c) => c.notNull())
    .addColumn('remark', 'varchar(64)')
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('fail_reason', 'varchar(128)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('finish_time', TIME)
    .execute();
  await index(db, 'payout_items', 'items_batch', ['batch_id', 'id']);
  await index(db, 'payout_items', 'items_status', ['status', 'id']);
  await index(db, 'payout_items', 'items_company_person', ['company_id', 'id_card']);
  await index(db, 'payout_items', 'items_person', ['id_card', 'company_id']);

  await withId(db, db.schema.createTable('abnormal_funds'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('batch_id', bigint, (c) => c.notNull())
    .addColumn('item_id', bigint, (c) => c.notNull().unique())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('bank_card', 'varchar(19)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(11)')
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('service_charge', bigint, (c) => c.notNull())
    .addColumn('reason', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('repay_batch_id', bigint)
    .addColumn('handler_id', bigint)
    .addColumn('handle_time', TIME)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await index(db, 'abnormal_funds', 'abnormal_company_time', ['company_id', 'create_time', 'id']);
  await index(db, 'abnormal_funds', 'abnormal_status_time', ['status', 'create_time', 'id']);

  await withId(db, db.schema.createTable('invoice_categories'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('tax_code', 'varchar(32)')
    .addColumn('platform_mark', 'integer', notNullDefault(1))
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('remark', 'varchar(128)')
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('apply_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('category_id', bigint, (c) => c.notNull())
    .addColumn('title', 'varchar(36)', (c) => c.notNull())
    .addColumn('tax_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(36)', (c) => c.notNull())
    .addColumn('bank_account', 'varchar(32)', (c) => c.notNull())
    .addColumn('address', 'varchar(60)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('batch_count', 'integer', (c) => c.notNull())
    .addColumn('total', bigint, (c) => c.notNull())
    .addColumn('deduction', bigint, (c) => c.notNull())
    .addColumn('tax', bigint, (c) => c.notNull())
    .addColumn('net', bigint, (c) => c.notNull())
    .addColumn('rate_percent', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('invoice_number', 'varchar(32)')
    .addColumn('invoice_file_url', 'varchar(255)')
    .addColumn('invoice_file_name', 'varchar(128)')
    .addColumn('tracking_no', 'varchar(32)')
    .addColumn('reject_reason', 'varchar(128)')
    .addColumn('recipient', 'varchar(6)')
    .addColumn('recipient_phone', 'varchar(12)')
    .addColumn('mail_address', 'varchar(60)')
    .addColumn('remark', 'varchar(128)')
    .addColumn('applicant_id', bigint, (c) => c.notNull())
    .addColumn('handler_id', bigint)
    .addColumn('create_time', TIME, (c) => c.notNull())
    .addColumn('issue_time', TIME)
    .addColumn('mail_time', TIME)
    .execute();
  await index(db, 'invoices', 'invoices_company_time', ['company_id', 'create_time', 'id']);
  await index(db, 'invoices', 'invoices_mark_status', ['platform_mark', 'status', 'create_time', 'id']);

  await withId(db, db.schema.createTable('tax_certificates'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)')
    .addColumn('uploader_id', bigint, (c) => c.notNull())
    .addColumn('create_time', TIME, (c) => c.notNull())
    .execute();
  await index(db, 'tax_certificates', 'tax_certificates_company', ['company_id', 'period', 'id']);
}

function sqlCheck(expression: string) {
  return sql.raw(expression);
}

async function index(db: Kysely<any>, table: string, name: string, columns: readonly string[]): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns([...columns])
    .execute();
}

const TABLES = [
  'tax_certificates',
  'invoices',
  'invoice_categories',
  'abnormal_funds',
  'payout_items',
  'payout_batches',
  'payout_drafts',
  'settlement_blacklist',
  'recharges',
  'ledger_entries',
  'accounts',
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}
