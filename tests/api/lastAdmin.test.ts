import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { assertNotLastActiveAdmin, assignRole, MSG_LAST_ADMIN } from '../../server/people/roles.service';
import { createTestApp, type TestApp } from './support/testApp';

/** The last active admin can be neither disabled nor given another role (staff service). */

let test: TestApp;
let adminId: number;

beforeAll(async () => {
  test = await createTestApp();
  const admin = await test.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminId = Number(admin.id);
});
afterAll(async () => test?.close());

async function activeAdmins(): Promise<number> {
  const row = await test.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', 1)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the last active admin', () => {
  it('cannot be moved to another role; the refusal rolls the change back', async () => {
    expect(await activeAdmins()).toBe(1);
    await expect(test.db.transaction().execute((tx) => assignRole(tx, adminId, 5))).rejects.toThrow(MSG_LAST_ADMIN);
    const after = await test.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(after.role_id).toBe(1);
    expect(await activeAdmins()).toBe(1);
  });

  it('cannot be disabled, until another active admin exists', async () => {
    await expect(test.db.transaction().execute((tx) => assertNotLastActiveAdmin(tx, adminId))).rejects.toThrow(
      MSG_LAST_ADMIN,
    );
    const now = chinaTime();
    const second = await test.db
      .insertInto('users')
      .values({
        username: 'admin2',
        mobile: '13800000099',
        password_hash: 'x',
        role_id: 1,
        company_id: null,
        platform_mark: 1,
        display_name: '第二管理员',
        is_change: 0,
        status: 1,
        parent_user_id: null,
        create_time: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.db.transaction().execute((tx) => assertNotLastActiveAdmin(tx, adminId));
    // A disabled admin does not count: the first is the last active one again.
    await test.db.updateTable('users').set({ status: 0 }).where('id', '=', Number(second.id)).execute();
    await expect(test.db.transaction().execute((tx) => assertNotLastActiveAdmin(tx, adminId))).rejects.toThrow(
      MSG_LAST_ADMIN,
    );
    // Any account that is not an admin passes.
    const kefu = await test.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'kefu')
      .executeTakeFirstOrThrow();
    await test.db.transaction().execute((tx) => assertNotLastActiveAdmin(tx, Number(kefu.id)));
  });
});
