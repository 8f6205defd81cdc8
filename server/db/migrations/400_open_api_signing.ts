import type { Kysely } from 'kysely';
import { bigint, notNullDefault, withId } from './columns';

/**
 * Signed open-API calls under /open/v1 (server/openapi/):
 * - `open_api_keys` gains a public key id (`sign_key_id`, sent in X-LG-Key), the signing secret encrypted with the
 *   server's key (`secret_enc`: the HMAC needs the secret itself, a hash cannot verify a signature), the previous
 *   secret and until when it still signs (`prev_secret_enc`, `prev_until`: rotation with an overlap), the scopes
 *   (comma-separated read, workers, pay, invoices), an expiry and the calls a minute the key may make;
 * - `open_api_nonces`: each (key, nonce) once; rows older than the signature window are pruned, the unique index is
 *   what refuses a replay on every process;
 * - `open_api_idempotency`: a payout submission's idempotency key per company and the draft it made, so a repeat
 *   submits the same draft again, which answers the first batch.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  await db.schema.alterTable('open_api_keys').addColumn('sign_key_id', 'varchar(40)').execute();
  await db.schema.alterTable('open_api_keys').addColumn('secret_enc', 'text').execute();
  await db.schema.alterTable('open_api_keys').addColumn('prev_secret_enc', 'text').execute();
  await db.schema.alterTable('open_api_keys').addColumn('prev_until', 'varchar(19)').execute();
  await db.schema.alterTable('open_api_keys').addColumn('scopes', 'varchar(64)', notNullDefault('read')).execute();
  await db.schema.alterTable('open_api_keys').addColumn('expire_time', 'varchar(19)').execute();
  await db.schema.alterTable('open_api_keys').addColumn('calls_per_minute', 'integer', notNullDefault(600)).execute();
  await db.schema.createIndex('open_api_keys_sign_key').unique().on('open_api_keys').column('sign_key_id').execute();

  await withId(db, db.schema.createTable('open_api_nonces'))
    .addColumn('key_id', bigint, (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('seen_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('open_api_nonces_key_nonce')
    .unique()
    .on('open_api_nonces')
    .columns(['key_id', 'nonce'])
    .execute();
  await db.schema.createIndex('open_api_nonces_seen').on('open_api_nonces').column('seen_at').execute();

  await withId(db, db.schema.createTable('open_api_idempotency'))
    .addColumn('company_id', bigint, (c) => c.notNull())
    .addColumn('platform_mark', 'integer', (c) => c.notNull())
    .addColumn('idem_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('body_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('draft_id', bigint, (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('open_api_idempotency_key')
    .unique()
    .on('open_api_idempotency')
    .columns(['company_id', 'platform_mark', 'idem_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('open_api_idempotency').ifExists().execute();
  await db.schema.dropTable('open_api_nonces').ifExists().execute();
  await db.schema.dropIndex('open_api_keys_sign_key').execute();
  for (const column of [
    'calls_per_minute',
    'expire_time',
    'scopes',
    'prev_until',
    'prev_secret_enc',
    'secret_enc',
    'sign_key_id',
  ]) {
    await db.schema.alterTable('open_api_keys').dropColumn(column).execute();
  }
}
