import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './support/testApp';

/** The session's switchCompany flag: off only when a small-scale merchant must pick another company. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const companyOf = async (username: string) =>
  Number(
    (await t.db.selectFrom('users').select('company_id').where('username', '=', username).executeTakeFirstOrThrow())
      .company_id,
  );

describe('switchCompany at login', () => {
  it('is on for staff, standard merchants and a small-scale merchant whose company works', async () => {
    for (const [username, mark] of [
      ['admin', 1],
      ['merchant', 1],
      ['xgm', 3],
    ] as const) {
      const answer = await login(t.app, username, undefined, mark);
      expect(answer.code, answer.message).toBe(1020000);
      expect(answer.content.switchCompany, username).toBe(true);
    }
  });

  it('is off when the small-scale company is disabled and another bound company works, and on in the session of the company it switches to', async () => {
    const own = await companyOf('xgm');
    await t.db.updateTable('companies').set({ status: 0 }).where('id', '=', own).execute();
    try {
      const answer = await login(t.app, 'xgm', undefined, 3);
      expect(answer.code, answer.message).toBe(1020000);
      expect(answer.content.switchCompany).toBe(false);
      expect(answer.content.user.isChange).toBe(true);
      // xgm02 is bound to the same mobile: its own session has a working company.
      const other = await login(t.app, 'xgm02', undefined, 3);
      expect(other.content.switchCompany).toBe(true);

      // With every bound company disabled there is nowhere to go: the view would be useless, so it stays on.
      const bound = await t.db
        .selectFrom('users')
        .select('company_id')
        .where('username', 'in', ['xgm02', 'xgm03'])
        .execute();
      const ids = bound.map((row) => Number(row.company_id));
      await t.db.updateTable('companies').set({ status: 0 }).where('id', 'in', ids).execute();
      expect((await login(t.app, 'xgm', undefined, 3)).content.switchCompany).toBe(true);
      await t.db.updateTable('companies').set({ status: 1 }).where('id', 'in', ids).execute();
    } finally {
      await t.db.updateTable('companies').set({ status: 1 }).where('id', '=', own).execute();
    }
  });
});
