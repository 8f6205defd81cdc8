import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** Migrations run on SQLite and PostgreSQL; these helpers hide the few type differences. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Integers that may exceed 2^31 (money, epoch milliseconds). */
export const bigint = 'bigint' as const;

export const notNullDefault =
  (value: number | string) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.notNull().defaultTo(value);

/**
 * 'YYYY-MM-DD HH:mm:ss' China time (UTC+8, no daylight saving) of `at`, as the stored times read. Migrations
 * import no app code, so that each reads the same for ever: this is their own copy of src/domain/chinaTime.
 */
export function migrationChinaTime(at: number = Date.now()): string {
  return new Date(at + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export { sql };
