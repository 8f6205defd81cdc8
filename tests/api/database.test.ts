import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_COMPANY_COUNT, seedDemoIfEmpty } from '../../server/db/seed/demo';
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
});
