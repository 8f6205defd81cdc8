import type { Kysely } from 'kysely';
import { bigint } from './columns';

/**
 * The Alipay channel (server/money/payouts/alipay/):
 * - alipay_accounts: a signing entity's own Alipay application (app id, the app's private key, Alipay's public key,
 *   the gateway), entered by an admin; an item of that entity is paid from it, any other from the default account
 *   (ALIPAY_* settings). The keys are never sent back to a page;
 * - alipay_orders: which account and product each item was sent with, written before the transfer goes out, so a
 *   resend after a crash, a query and a notification all go to (and are verified against) the account that holds
 *   the order, even when the entity's settings change meanwhile;
 * - alipay_receipts: the receipt file Alipay prepares for a paid order (ereceipt.apply answers its file id), so a
 *   second request asks about the same file instead of applying again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alipay_accounts')
    .addColumn('enterprise_id', bigint, (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('alipay_public_key', 'text', (c) => c.notNull())
    .addColumn('gateway', 'varchar(255)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alipay_orders')
    .addColumn('item_id', bigint, (c) => c.primaryKey())
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alipay_receipts')
    .addColumn('item_id', bigint, (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alipay_receipts').execute();
  await db.schema.dropTable('alipay_orders').execute();
  await db.schema.dropTable('alipay_accounts').execute();
}
