import type { Db } from '../db/database';

/** A company the caller's mobile may switch to (spec §3 company-switch row). */
export interface SwitchableCompany {
  companyName: string;
  accountId: number;
  companyId: number;
  username: string;
}

/**
 * Active merchant accounts bound to `mobile` in the edition `platformMark`, one row per account, with the
 * company's name; `name` narrows by company name (substring).
 */
export async function findCompaniesByMobile(
  db: Db,
  criteria: { mobile: string; platformMark: number; name?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: SwitchableCompany[]; total: number }> {
  let query = db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .where('users.mobile', '=', criteria.mobile)
    .where('users.role_id', '=', 2)
    .where('users.status', '=', 1)
    .where('users.platform_mark', '=', criteria.platformMark);
  if (criteria.name) query = query.where('companies.name', 'like', `%${criteria.name.replace(/[\\%_]/g, '')}%`);
  const [rows, count] = await Promise.all([
    query
      .select(['companies.name as companyName', 'users.id as accountId', 'companies.id as companyId', 'users.username'])
      .orderBy('users.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, accountId: Number(row.accountId), companyId: Number(row.companyId) })),
    total: Number(count.total),
  };
}

/** Whether the two users are bound to the same mobile (switching company never leaves one's own mobile). */
export async function sameMobile(db: Db, userId: number, otherUserId: number): Promise<boolean> {
  const rows = await db.selectFrom('users').select(['id', 'mobile']).where('id', 'in', [userId, otherUserId]).execute();
  const mobiles = new Set(rows.map((row) => row.mobile));
  return rows.length === (userId === otherUserId ? 1 : 2) && mobiles.size === 1;
}

export async function paymentPasswordHash(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_passwords')
    .select('password_hash')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function savePaymentPassword(db: Db, companyId: number, hash: string, time: string): Promise<void> {
  const updated = await db
    .updateTable('payment_passwords')
    .set({ password_hash: hash, update_time: time })
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('payment_passwords')
      .values({ company_id: companyId, password_hash: hash, update_time: time })
      .execute();
  }
}
