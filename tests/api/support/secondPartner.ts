import { expect } from 'vitest';
import type { Db } from '../../../server/db/database';
import { chinaTime } from '../../../server/db/time';

/**
 * Adds `hehuoren2`, a second partner in hehuoren's department (2) with the same effective codes and no company of
 * its own: the cross-partner attacker. Answers both users' ids.
 */
export async function addSecondPartner(
  db: Db,
  who: { mobile: string; displayName: string },
): Promise<{ hehuoren: number; hehuoren2: number }> {
  const hehuoren = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', 'hehuoren')
    .executeTakeFirstOrThrow();
  const { id: _id, token_version: _version, ...row } = hehuoren;
  const inserted = await db
    .insertInto('users')
    .values({
      ...row,
      username: 'hehuoren2',
      mobile: who.mobile,
      display_name: who.displayName,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const second = Number(inserted.id);
  await db.insertInto('user_departments').values({ user_id: second, department_id: 2 }).execute();
  // The same role's codes (user_authorities are a user's effective codes).
  const codes = await db
    .selectFrom('user_authorities')
    .select('authority')
    .where('user_id', '=', hehuoren.id)
    .execute();
  expect(codes.length).toBeGreaterThan(0);
  await db
    .insertInto('user_authorities')
    .values(codes.map((code) => ({ user_id: second, authority: code.authority })))
    .execute();
  return { hehuoren: Number(hehuoren.id), hehuoren2: second };
}
