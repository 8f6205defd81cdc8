import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './migrations/columns';

/** A LIKE pattern matching `value` anywhere, with LIKE's wildcards in the value escaped (ESCAPE '\'). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** `column` contains `value`, case-insensitive for Latin letters on both databases (SQLite's LIKE already is). */
export function containsCondition(db: Db, column: string, value: string): RawBuilder<SqlBool> {
  const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
  return sql<SqlBool>`${sql.ref(column)} ${like} ${containsPattern(value)} ESCAPE '\\'`;
}
