import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; the app has a few hundred, IN lists of other lengths add more. */
const DEFAULT_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew: at 1 000 000 companies, a profile of the company list
 * under load spent about a tenth of the server's CPU in better-sqlite3's prepare(). This hands Kysely the
 * same statement for the same SQL text (least recently used ones are dropped past `size`). A statement that
 * is busy (the open iterator of a streamed query) is never handed out twice: the caller gets a fresh one.
 */
export function withStatementCache(db: SQLite.Database, size = DEFAULT_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached?.busy) return db.prepare(sql);
      if (cached) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = db.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
