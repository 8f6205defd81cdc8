import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_COMPANY_COUNT, GRANT_ACCOUNT, seedDemoIfEmpty } from '../../server/db/seed/demo';
import { createTestApp, type TestApp } from './support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('migrating again applies nothing; seeding a seeded database changes nothing', async () => {
    const again = await migrateToLatest(t.db);
    expect(again.results).toEqual([]);
    expect(await seedDemoIfEmpty(t.db)).toBe(false);
    const users = await t.db.selectFrom('users').select('username').orderBy('id').execute();
    expect(users.map((row) => row.username)).toEqual([
      ...DEMO_ACCOUNTS.map((account) => account.username),
      'xgm02',
      'xgm03',
      GRANT_ACCOUNT.username,
    ]);
    const companies = await t.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(companies.n)).toBe(DEMO_COMPANY_COUNT);
  });

  it('ids and epoch milliseconds come back as numbers', async () => {
    const row = await t.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('username', '=', 'xgm')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ id: expect.any(Number), company_id: 2 });
  });

  it('a second suite migrates its own database (schema on PostgreSQL) beside this one, and the two do not share rows', async () => {
    const other = await createTestApp();
    try {
      await other.db.updateTable('users').set({ display_name: '另一个库' }).where('username', '=', 'admin').execute();
      const here = await t.db
        .selectFrom('users')
        .select('display_name')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(here.display_name).toBe('系统管理员');
    } finally {
      await other.close();
    }
  });
  it('a read kept as a prepared statement follows its table when the table changes shape on a running server', async () => {
    // PostgreSQL names every statement per connection (server/db/preparedStatements.ts): a kept `SELECT *` whose
    // table gains a column is refused once ("cached plan must not change result type"), then prepared anew.
    await sql`CREATE TABLE prepared_probe (id integer PRIMARY KEY, label text)`.execute(t.db);
    try {
      await sql`INSERT INTO prepared_probe (id, label) VALUES (1, 'a')`.execute(t.db);
      const read = async () =>
        (await sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(t.db)).rows[0];
      for (let i = 0; i < 12; i += 1) expect(await read()).toEqual({ id: 1, label: 'a' });
      await sql`ALTER TABLE prepared_probe ADD COLUMN note text`.execute(t.db);
      const refusals: unknown[] = [];
      let row: Record<string, unknown> | undefined;
      for (let attempt = 0; attempt < 3 && !row; attempt += 1) {
        row = await read().catch((error) => {
          refusals.push(error);
          return undefined;
        });
      }
      expect(refusals.length).toBeLessThanOrEqual(1);
      expect(row).toEqual({ id: 1, label: 'a', note: null });
      // Every connection of the pool answers with the new shape from now on.
      const rows = await Promise.all(Array.from({ length: 20 }, read));
      expect(rows.every((each) => each && 'note' in each)).toBe(true);
    } finally {
      await sql`DROP TABLE prepared_probe`.execute(t.db);
    }
  });
});
