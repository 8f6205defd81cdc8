import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * 消息推送 (server/webhooks/): a company's push settings (an address per event kind and the signing secret), the
 * outbox of events to push (one row per event, written in the transaction of the change that caused it, then
 * delivered and retried by the `webhooks` job), and one row per delivery attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_settings'))
    .addColumn('company_id', 'integer', (c) => c.notNull().unique())
    .addColumn('payout_url', 'varchar(512)')
    .addColumn('signing_url', 'varchar(512)')
    .addColumn('invoice_url', 'varchar(512)')
    /** Needed whole to sign each delivery (an HMAC key cannot be kept as a hash); never answered after it is shown. */
    .addColumn('secret', 'varchar(128)')
    .addColumn('secret_prefix', 'varchar(16)')
    .addColumn('secret_time', 'varchar(19)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    /** WEBHOOK_KIND: 1 打款结果, 2 签约结果, 3 发票开具 (which address of the settings). */
    .addColumn('kind', 'integer', (c) => c.notNull())
    /** The event's type, e.g. payout.item.succeeded. */
    .addColumn('event_type', 'varchar(48)', (c) => c.notNull())
    /** The record the event is about (payout item, worker agreement or worker, invoice); 0 for a test event. */
    .addColumn('record_id', 'integer', notNullDefault(0))
    .addColumn('payload', 'text', (c) => c.notNull())
    /** DELIVERY_STATUS: 0 待推送, 1 推送成功, 2 推送失败 */
    .addColumn('status', 'integer', notNullDefault(0))
    /** Scheduled attempts made so far (the backoff step); a 重新推送 does not count. */
    .addColumn('attempts', 'integer', notNullDefault(0))
    /** When the next scheduled attempt is due (epoch ms); null once delivered or given up. */
    .addColumn('next_time', bigint)
    /** Epoch ms until which one sender holds the delivery (a claim): the job and a 重新推送 never send it at once. */
    .addColumn('lease_until', bigint)
    .addColumn('last_http_status', 'integer')
    .addColumn('last_error', 'varchar(255)')
    .addColumn('last_attempt_time', 'varchar(19)')
    .addColumn('delivered_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_time'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_company')
    .on('webhook_deliveries')
    .columns(['company_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    /** ATTEMPT_TRIGGER: 1 自动, 2 重新推送, 3 测试 */
    .addColumn('trigger', 'integer', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)')
    /** The address as sent, its query values masked. */
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(255)')
    .addColumn('duration_ms', 'integer', notNullDefault(0))
    .addColumn('request_excerpt', 'text')
    .addColumn('response_excerpt', 'text')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_settings').ifExists().execute();
}
