import type { Kysely } from 'kysely';
import { bigint, notNullDefault } from './columns';

/**
 * Security and resilience:
 * - `users.token_version`: every token carries the version it was issued under; a password change or reset
 *   bumps it, so all earlier tokens of that user stop working.
 * - `revoked_sessions`: sessions ended by a server-side logout (the token's `sid`), kept until they would have
 *   expired anyway.
 * - `payment_password_attempts`: wrong payment passwords per company and the lock they lead to.
 * - `captchas.attempts`: wrong answers to one image captcha.
 * - `rate_counters`: fixed-window counters (SMS sends per phone and per IP, company lookups per IP), each
 *   taken with one conditional upsert so parallel requests cannot overrun a limit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('token_version', 'integer', notNullDefault(0)).execute();
  await db.schema
    .createTable('revoked_sessions')
    .addColumn('sid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_password_attempts')
    .addColumn('company_id', bigint, (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNullDefault(0))
    .addColumn('locked_until', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('captchas').addColumn('attempts', 'integer', notNullDefault(0)).execute();
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(160)', (c) => c.primaryKey())
    .addColumn('window_start', bigint, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_counters').execute();
  await db.schema.alterTable('captchas').dropColumn('attempts').execute();
  await db.schema.dropTable('payment_password_attempts').execute();
  await db.schema.dropTable('revoked_sessions').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
