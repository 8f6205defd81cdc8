import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * 结算单: one sheet per company, edition and month, computed from the ledger — opening balance, the
 * month's top-ups, payouts, service charges and refunds, closing balance — generated and confirmed by finance.
 * A confirmed sheet never changes: a correction is a new row (revision + 1) whose corrects_id names the old one
 * (corrects_id is unique, so a sheet is corrected once). Amounts are integers in 1/10000 yuan.
 *
 * The sheet reads one company's entries up to a month's end: (company_id, platform_mark, create_time) lets it
 * walk exactly those.
 */
const TIME = 'varchar(19)';
const AMOUNTS = [
  'opening_balance',
  'topup_amount',
  'topup_count',
  'payout_amount',
  'payout_count',
  'charge_amount',
  'charge_count',
  'refund_amount',
  'refund_count',
  'closing_balance',
  'entry_count',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let table = withId(db, db.schema.createTable('settlement_sheets'))
    .addColumn('sheet_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('period_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('period_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('period_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('revision', 'integer', notNullDefault(0));
  for (const column of AMOUNTS) table = table.addColumn(column, bigint, notNullDefault(0));
  await table
    .addColumn('status', 'integer', notNullDefault(0))
    .addColumn('corrects_id', bigint, (c) => c.unique())
    .addColumn('reason', 'varchar(200)')
    .addColumn('generated_by', bigint, (c) => c.notNull())
    .addColumn('generate_time', TIME, (c) => c.notNull())
    .addColumn('confirmed_by', bigint)
    .addColumn('confirm_time', TIME)
    .addUniqueConstraint('settlement_sheets_period', ['company_id', 'platform_mark', 'period_month', 'revision'])
    .execute();
  await db.schema
    .createIndex('settlement_sheets_month')
    .on('settlement_sheets')
    .columns(['period_month', 'platform_mark', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_company_time')
    .on('ledger_entries')
    .columns(['company_id', 'platform_mark', 'create_time'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ledger_company_time').ifExists().execute();
  await db.schema.dropTable('settlement_sheets').ifExists().execute();
}
