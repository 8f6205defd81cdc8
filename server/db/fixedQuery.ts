import type { Database, Statement } from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sqliteConnectionOf } from './database';

/** Stands for the i-th argument while the query is compiled; never a value a caller could pass. */
const placeholder = (index: number) => `\u0000fixed-query-argument-${index}\u0000`;

interface Prepared<R> {
  compiled: CompiledQuery<R>;
  /** Where each argument goes among the compiled parameters. */
  slots: { parameter: number; argument: number }[];
  /** SQLite: the connection, the statement prepared once (rows as arrays), and what makes an array a row. */
  sqlite: { connection: Database; statement: Statement; row: (values: unknown[]) => R } | null;
}

/**
 * The object better-sqlite3 would make of a row, from the row as an array. better-sqlite3 sets each column on a
 * new object through V8's generic property path (a tenth of the server's CPU on a read by id); one object literal
 * per query gives every row the same shape at once. The names are the statement's own column names, quoted.
 */
function rowOf<R>(names: string[]): (values: unknown[]) => R {
  // In a literal, "__proto__": sets the prototype instead of a field.
  if (names.includes('__proto__')) throw new Error('fixedQuery: a column may not be called __proto__');
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => R;
}

/**
 * A read whose SQL is the same on every call, only its values differ (a record by id): built and compiled once per
 * database, then run with each call's values. Kysely builds and compiles every query anew; on a read by id that was
 * a fifth of the server's CPU (bench/NOTES.md, API). `build` must pass each argument through as a query
 * parameter and choose no clause by its value; that is checked when it is compiled (every argument found among the
 * parameters, nothing else changed).
 *
 * On SQLite the statement is prepared once and called directly, unless Kysely holds the connection in an open
 * transaction: the read then queues behind it like any Kysely query instead of seeing its uncommitted changes.
 * On PostgreSQL it goes through Kysely's connection pool (and its named statements, preparedStatements.ts).
 */
export function fixedQuery<D, A extends (string | number)[], R>(
  build: (db: Kysely<D>, ...args: A) => Compilable<R>,
): (db: Kysely<D>, ...args: A) => Promise<R[]> {
  const arity = build.length - 1;
  const prepared = new WeakMap<Kysely<D>, Prepared<R>>();
  const prepare = (db: Kysely<D>): Prepared<R> => {
    const placeholders = Array.from({ length: arity }, (_, index) => placeholder(index));
    const compiled = build(db, ...(placeholders as A)).compile();
    const slots: Prepared<R>['slots'] = [];
    compiled.parameters.forEach((value, parameter) => {
      const argument = placeholders.indexOf(value as string);
      if (argument >= 0) slots.push({ parameter, argument });
    });
    const missing = placeholders.findIndex((_, index) => !slots.some((slot) => slot.argument === index));
    if (missing >= 0 || placeholders.some((value) => compiled.sql.includes(value))) {
      throw new Error(`fixedQuery: argument ${missing} is not a plain parameter of ${compiled.sql}`);
    }
    const connection = sqliteConnectionOf(db);
    let sqlite: Prepared<R>['sqlite'] = null;
    if (connection) {
      const statement = connection.prepare(compiled.sql).raw(true);
      sqlite = { connection, statement, row: rowOf<R>(statement.columns().map((column) => column.name)) };
    }
    const entry = { compiled, slots, sqlite };
    prepared.set(db, entry);
    return entry;
  };
  return async (db, ...args) => {
    const { compiled, slots, sqlite } = prepared.get(db) ?? prepare(db);
    const parameters = compiled.parameters.slice();
    for (const slot of slots) parameters[slot.parameter] = args[slot.argument];
    if (sqlite && !sqlite.connection.inTransaction)
      return (sqlite.statement.all(parameters) as unknown[][]).map(sqlite.row);
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
