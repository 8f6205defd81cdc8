import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { fixedQuery } from '../../server/db/fixedQuery';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const userById = fixedQuery((db: Db, id: number) =>
  db.selectFrom('users').select(['id', 'username', 'display_name as displayName']).where('id', '=', id),
);

describe(`fixedQuery: a read compiled once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('answers every call with its own values, the same rows Kysely gives', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'username', 'display_name as displayName']).execute();
    expect(users.length).toBeGreaterThan(3);
    for (const user of users) expect(await userById(t.db, user.id)).toEqual([user]);
    expect(await userById(t.db, -1)).toEqual([]);
  });

  it('takes several arguments, each where it belongs, beside the values the query holds itself', async () => {
    const byNameAndRole = fixedQuery((db: Db, username: string, roleId: number) =>
      db
        .selectFrom('users')
        .select('username')
        .where('status', '=', 1)
        .where('role_id', '=', roleId)
        .where('username', '=', username),
    );
    expect(await byNameAndRole(t.db, 'admin', 1)).toEqual([{ username: 'admin' }]);
    expect(await byNameAndRole(t.db, 'admin', 2)).toEqual([]);
    expect(await byNameAndRole(t.db, 'merchant', 2)).toEqual([{ username: 'merchant' }]);
  });

  it('refuses a query that does not pass its argument through as a parameter', async () => {
    const inlined = fixedQuery((db: Db, id: number) =>
      db.selectFrom('users').select('id').where('id', '=', sql.lit(id)),
    );
    await expect(inlined(t.db, 1)).rejects.toThrow(/not a plain parameter/);
    const ignored = fixedQuery((db: Db, _id: number) => db.selectFrom('users').select('id').where('id', '=', 1));
    await expect(ignored(t.db, 2)).rejects.toThrow(/not a plain parameter/);
  });

  it('never shows a read the uncommitted changes of a transaction in flight: it waits for it, then sees its outcome', async () => {
    const admin = (await userById(t.db, 1))[0];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let changed = () => {};
    const updated = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const transaction = t.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('users').set({ display_name: '未提交' }).where('id', '=', 1).execute();
        changed();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await updated;
    const read = userById(t.db, 1);
    const early = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    // SQLite has one connection: the read waits for the transaction; PostgreSQL reads the committed row at once.
    if (early !== 'waiting') expect(early).toEqual([admin]);
    release();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([admin]);
    expect(admin.displayName).not.toBe('未提交');
  });
});
