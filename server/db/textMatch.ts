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

/**
 * `column` starts with `value`. On SQLite a range (`>= value` and `< value + U+10FFFF`), which an index on the
 * column (or on a leading equality column and it) answers without reading the other rows; PostgreSQL uses LIKE.
 */
export function prefixCondition(db: Db, column: string, value: string): RawBuilder<SqlBool> {
  if (isPostgres(db)) {
    return sql<SqlBool>`${sql.ref(column)} LIKE ${`${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`} ESCAPE '\\'`;
  }
  return sql<SqlBool>`(${sql.ref(column)} >= ${value} AND ${sql.ref(column)} < ${`${value}\u{10FFFF}`})`;
}

/** Trigram search needs at least 3 characters (code points, not UTF-16 units). */
export const FTS_MIN_CHARS = 3;

/** An FTS5 string literal: one phrase, so the trigrams must appear in a row (a substring match). */
export function ftsPhrase(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}
