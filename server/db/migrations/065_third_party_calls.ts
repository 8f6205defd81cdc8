import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Third-party calls:
 * - `third_party_calls`: every call in (an enterprise's signed webhook, an open-API key check) and out (the e-sign
 *   provider), with request, response, HTTP status, outcome and latency; `channel` is the enterprise's callback
 *   page (1 大熊, 2 宝谷, 3 安徽亚辉) at the time of the call, so each page lists its own calls;
 * - `webhook_events`: one row per (enterprise, event id) a webhook applied: a repeat answers the stored response
 *   (idempotency), a different body under a used id is refused;
 * - `open_api_keys`: which merchant may call the platform's open API with which key (sha256 of the key only);
 * - `enterprises.reports_payouts`: the enterprise settles with workers itself and reports each payout item's
 *   result by webhook, so its companies' items wait for that report instead of the payout channel;
 * - `payout_batches.report_enterprise_id`: the enterprise a batch's items wait for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('third_party_calls'))
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('enterprise_id', bigint)
    .addColumn('channel', 'integer')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)')
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_headers', 'text')
    .addColumn('request_body', 'text')
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(255)')
    .addColumn('response_body', 'text')
    .addColumn('latency_ms', 'integer', notNullDefault(0))
    .addColumn('remote_ip', 'varchar(64)')
    .addColumn('replay_of', bigint)
    .addColumn('operator', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('third_party_calls_channel_time')
    .on('third_party_calls')
    .columns(['channel', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('third_party_calls_time')
    .on('third_party_calls')
    .columns(['create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('third_party_calls_event')
    .on('third_party_calls')
    .columns(['enterprise_id', 'event_id'])
    .execute();

  await withId(db, db.schema.createTable('webhook_events'))
    .addColumn('enterprise_id', bigint, (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('body_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_events_event')
    .unique()
    .on('webhook_events')
    .columns(['enterprise_id', 'event_id'])
    .execute();

  await withId(db, db.schema.createTable('open_api_keys'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('caller', 'varchar(64)', (c) => c.notNull())
    .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', notNullDefault(1))
    .addColumn('remark', 'varchar(255)')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_used_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('open_api_keys_time').on('open_api_keys').columns(['create_time', 'id']).execute();
  await db.schema.createIndex('open_api_keys_company').on('open_api_keys').columns(['company_id', 'id']).execute();

  await db.schema.alterTable('enterprises').addColumn('reports_payouts', 'integer', notNullDefault(0)).execute();
  // The enterprise whose report a batch's items wait for (their status 3 待服务主体回报); null: the payout channel.
  await db.schema.alterTable('payout_batches').addColumn('report_enterprise_id', bigint).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payout_batches').dropColumn('report_enterprise_id').execute();
  await db.schema.alterTable('enterprises').dropColumn('reports_payouts').execute();
  await db.schema.dropTable('open_api_keys').ifExists().execute();
  await db.schema.dropTable('webhook_events').ifExists().execute();
  await db.schema.dropTable('third_party_calls').ifExists().execute();
}
