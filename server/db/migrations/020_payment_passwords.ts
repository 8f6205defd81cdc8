import type { Kysely } from 'kysely';

/** The account payment password of each company (bcrypt of the browser's SHA-256 hex, like login passwords). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_passwords')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_passwords').execute();
}
