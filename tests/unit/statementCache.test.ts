import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../server/db/statementCache';

interface Tables {
  items: { id: number; name: string };
}

const open: SQLite.Database[] = [];
function database(): SQLite.Database {
  const db = new SQLite(':memory:');
  db.exec(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO items (name) VALUES ('a'), ('b'), ('c');",
  );
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close();
});

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses the statement, with fresh parameters each time', async () => {
    const db = database();
    const prepare = vi.spyOn(db, 'prepare');
    const kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(db) }) });
    const byId = (id: number) => kysely.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'a' });
    expect(await byId(3)).toEqual({ name: 'c' });
    expect(await byId(2)).toEqual({ name: 'b' });
    expect(prepare).toHaveBeenCalledTimes(1);
    await kysely.insertInto('items').values({ id: 4, name: 'd' }).execute();
    await kysely.insertInto('items').values({ id: 5, name: 'e' }).execute();
    expect(prepare).toHaveBeenCalledTimes(2);
    expect((await sql<{ n: number }>`select count(*) as n from items`.execute(kysely)).rows[0].n).toBe(5);
  });

  it('gives a fresh statement while the cached one is busy streaming', () => {
    const cache = withStatementCache(database());
    const text = 'select name from items order by id';
    const streaming = cache.prepare(text).iterate([]);
    expect(streaming.next().value).toEqual({ name: 'a' });
    // The same SQL text while the first statement's iterator is still open.
    const again = cache.prepare(text);
    expect(again.all([])).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect([...streaming]).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(cache.prepare(text).all([])).toHaveLength(3);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const db = database();
    const prepare = vi.spyOn(db, 'prepare');
    const cache = withStatementCache(db, 2);
    cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1');
    cache.prepare('select 3'); // drops 'select 2', the least recently used
    cache.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    cache.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });
});
