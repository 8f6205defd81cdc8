import type { Kysely } from 'kysely';
import { isPostgres, notNullDefault } from './columns';

/**
 * A worker is paid to a bank card or to an Alipay account (docs/payoutChannels.md, 收款方式):
 * - workers and payout_items: payout_method ('bankcard' | 'alipay', existing rows are bank cards) and
 *   alipay_account (the Alipay login id: a mobile number or an e-mail address);
 * - dev_channel_orders.account holds an Alipay account too, so it takes 64 characters (SQLite does not enforce
 *   a varchar's length; PostgreSQL does).
 * A draft's rows are JSON (payout_drafts.items): rows stored before read as bank cards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['workers', 'payout_items']) {
    await db.schema.alterTable(table).addColumn('payout_method', 'varchar(16)', notNullDefault('bankcard')).execute();
    await db.schema.alterTable(table).addColumn('alipay_account', 'varchar(64)').execute();
  }
  if (isPostgres(db)) {
    await db.schema
      .alterTable('dev_channel_orders')
      .alterColumn('account', (column) => column.setDataType('varchar(64)'))
      .execute();
  }
}
