import type { Kysely } from 'kysely';
import { laborIncomeTax } from '../../../src/domain/statistics/laborTax';
import {
  cumulativeWithholding,
  isCumulativeMonth,
  type PaidMonth,
  withPayment,
} from '../../../src/domain/tax/cumulativeWithholding';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Income tax withheld when a payout moves (docs/tax.md):
 * - each payout item names its signing entity (enterprise_id, 0 = the platform itself), the month its income
 *   belongs to (tax_month), the tax withheld (tax_amount), the net the channel pays (net_amount), how the tax
 *   stands (tax_status: 0 未代扣, 1 已代扣, 2 已退回) and the formula's lines (tax_lines, JSON);
 * - tax_bases: one row per worker (ID number), entity and tax year, the row a payment claims first so two
 *   batches for the same worker and entity never start from the same cumulative base;
 * - tax_accounts / tax_entries: each signing entity's 代扣税款 account and its entries (withheld, given back on
 *   a failure, paid on filing), per tax month;
 * - tax_filings: a month marked 已申报 with its filing reference, which closes its 代扣税款.
 * Items written before this migration were paid gross: their figures are computed here (the per-payment rule
 * before 2025-10, the cumulative rule from then on, as if each had been withheld) and marked 未代扣.
 */
const ITEM_FAILED = 2;
const CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  await db.schema.alterTable('payout_items').addColumn('enterprise_id', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('payout_items').addColumn('tax_month', 'varchar(7)').execute();
  await db.schema.alterTable('payout_items').addColumn('tax_amount', bigint, notNullDefault(0)).execute();
  await db.schema.alterTable('payout_items').addColumn('net_amount', bigint, notNullDefault(0)).execute();
  await db.schema.alterTable('payout_items').addColumn('tax_status', 'integer', notNullDefault(0)).execute();
  await db.schema.alterTable('payout_items').addColumn('tax_lines', 'text').execute();
  await db.schema
    .createIndex('items_tax_base')
    .on('payout_items')
    .columns(['enterprise_id', 'id_card', 'tax_month'])
    .execute();
  await db.schema
    .createIndex('items_tax_month')
    .on('payout_items')
    .columns(['platform_mark', 'tax_month', 'enterprise_id'])
    .execute();

  await db.schema
    .createTable('tax_bases')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('claims', bigint, notNullDefault(0))
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_bases_pk', ['enterprise_id', 'id_card', 'tax_year'])
    .execute();

  await db.schema
    .createTable('tax_accounts')
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('balance', bigint, notNullDefault(0))
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('tax_accounts_pk', ['enterprise_id', 'platform_mark'])
    .execute();

  await withId(db, db.schema.createTable('tax_entries'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('tax_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('balance_after', bigint, (c) => c.notNull())
    .addColumn('company_id', 'integer')
    .addColumn('ref_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(128)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_entries_month')
    .on('tax_entries')
    .columns(['platform_mark', 'tax_month', 'enterprise_id'])
    .execute();
  await db.schema.createIndex('tax_entries_ref').on('tax_entries').columns(['ref_type', 'ref_id']).execute();

  await withId(db, db.schema.createTable('tax_filings'))
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('tax_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('tax_filings_month', ['enterprise_id', 'platform_mark', 'tax_month'])
    .execute();

  await computeEarlierItems(db);
}

interface EarlierItem {
  id: number;
  company_id: number;
  platform_mark: number;
  id_card: string;
  amount: number;
  status: number;
  create_time: string;
  report_enterprise_id: number | null;
}

/** The figures the law asked of items paid before withholding existed here, marked 未代扣 (tax_status 0). */
async function computeEarlierItems(db: Kysely<any>): Promise<void> {
  // The company's signing entity: its latest signed contract with an enterprise of the edition, valid or not.
  const contracts = (await db
    .selectFrom('contracts')
    .select(['company_id', 'platform_mark', 'enterprise_id', 'sign_time', 'id'])
    .where('sign_status', '=', 1)
    .where('enterprise_id', 'is not', null)
    .orderBy('sign_time')
    .orderBy('id')
    .execute()) as { company_id: number; platform_mark: number; enterprise_id: number }[];
  const entityOf = new Map<string, number>();
  for (const row of contracts) entityOf.set(`${row.company_id}:${row.platform_mark}`, Number(row.enterprise_id));

  const histories = new Map<string, PaidMonth[]>();
  const oldMonths = new Map<string, number>();
  let after = 0;
  for (;;) {
    const items = (await db
      .selectFrom('payout_items')
      .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
      .select([
        'payout_items.id',
        'payout_items.company_id',
        'payout_items.platform_mark',
        'payout_items.id_card',
        'payout_items.amount',
        'payout_items.status',
        'payout_items.create_time',
        'payout_batches.report_enterprise_id',
      ])
      .where('payout_items.id', '>', after)
      .orderBy('payout_items.id')
      .limit(CHUNK)
      .execute()) as EarlierItem[];
    if (items.length === 0) return;
    for (const item of items) {
      const enterpriseId =
        item.report_enterprise_id === null || item.report_enterprise_id === undefined
          ? (entityOf.get(`${item.company_id}:${item.platform_mark}`) ?? 0)
          : Number(item.report_enterprise_id);
      const month = String(item.create_time).slice(0, 7);
      const amount = Number(item.amount);
      let tax = 0;
      let lines: string | null = null;
      if (Number(item.status) !== ITEM_FAILED) {
        if (isCumulativeMonth(month)) {
          const key = `${enterpriseId}:${item.id_card}:${month.slice(0, 4)}`;
          const history = histories.get(key) ?? [];
          const computed = cumulativeWithholding(history, month, amount);
          tax = computed.tax;
          lines = JSON.stringify({ rule: 'cumulative', ...computed });
          histories.set(key, withPayment(history, month, amount, tax));
        } else {
          // 一个月内取得的收入为一次: this item's share is what it adds to the month's per-payment figure.
          const key = `${enterpriseId}:${item.id_card}:${month}`;
          const before = oldMonths.get(key) ?? 0;
          tax = laborIncomeTax(before + amount).tax - laborIncomeTax(before).tax;
          oldMonths.set(key, before + amount);
          lines = JSON.stringify({ rule: 'perPayment', ...laborIncomeTax(before + amount) });
        }
      }
      await db
        .updateTable('payout_items')
        .set({
          enterprise_id: enterpriseId,
          tax_month: month,
          tax_amount: tax,
          net_amount: amount,
          tax_status: 0,
          tax_lines: lines,
        })
        .where('id', '=', item.id)
        .execute();
    }
    after = Number(items[items.length - 1].id);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tax_filings').execute();
  await db.schema.dropTable('tax_entries').execute();
  await db.schema.dropTable('tax_accounts').execute();
  await db.schema.dropTable('tax_bases').execute();
  await db.schema.dropIndex('items_tax_month').execute();
  await db.schema.dropIndex('items_tax_base').execute();
  for (const column of ['tax_lines', 'tax_status', 'net_amount', 'tax_amount', 'tax_month', 'enterprise_id']) {
    await db.schema.alterTable('payout_items').dropColumn(column).execute();
  }
}
