import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Payout items follow their channel's order (docs/payoutChannels.md):
 * - payout_items: which channel took the order (channel), its order id there (channel_order_id), when it was
 *   accepted (send_time), why the channel holds it (hold_reason) and, once paid and sent back, why and when
 *   (return_reason, return_time), and when to ask the channel again (query_time); status gains 4 处理中, 5 挂单 and 6 退汇 (moneyEnums ITEM_STATUS);
 * - payout_notifications: every genuine notification a channel sent, keyed by the channel's notification id, so
 *   a replay is recognised and changes nothing;
 * - dev_channel_orders: the development channel's own order book (keyed by our item id, its idempotency key), so
 *   its orders survive restarts and are shared by every host, as a real channel's are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  await db.schema.alterTable('payout_items').addColumn('channel', 'varchar(32)').execute();
  await db.schema.alterTable('payout_items').addColumn('channel_order_id', 'varchar(64)').execute();
  await db.schema.alterTable('payout_items').addColumn('send_time', 'varchar(19)').execute();
  await db.schema.alterTable('payout_items').addColumn('hold_reason', 'varchar(128)').execute();
  await db.schema.alterTable('payout_items').addColumn('return_reason', 'varchar(128)').execute();
  await db.schema.alterTable('payout_items').addColumn('return_time', 'varchar(19)').execute();
  await db.schema.alterTable('payout_items').addColumn('query_time', 'varchar(19)').execute();

  await withId(db, db.schema.createTable('payout_notifications'))
    .addColumn('channel', 'varchar(32)', (c) => c.notNull())
    .addColumn('notify_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('item_id', bigint, (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_time', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('payout_notifications_once', ['channel', 'notify_id'])
    .execute();

  await db.schema
    .createTable('dev_channel_orders')
    .addColumn('item_id', bigint, (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('payee', 'varchar(32)', (c) => c.notNull())
    .addColumn('account', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('accepted_ms', bigint, (c) => c.notNull())
    .addColumn('released_ms', bigint)
    .addColumn('cancelled', 'integer', notNullDefault(0))
    .execute();
}
