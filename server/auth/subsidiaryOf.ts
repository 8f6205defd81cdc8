import type { Db } from '../db/database';

/**
 * The session's subid (spec §3 login session): a merchant's company's subsidiary; a staff member's subsidiary
 * when it belongs to exactly one (user_subsidiaries), null otherwise: a member of several subsidiaries has no one
 * subid, so no grant tied to one (src/domain/roleGrants.ts) applies to it.
 */
export async function subsidiaryOf(db: Db, user: { id: number; company_id: number | null }): Promise<number | null> {
  if (user.company_id !== null) {
    const company = await db
      .selectFrom('companies')
      .select('subsidiary_id')
      .where('id', '=', user.company_id)
      .executeTakeFirst();
    return company?.subsidiary_id == null ? null : Number(company.subsidiary_id);
  }
  const rows = await db
    .selectFrom('user_subsidiaries')
    .select('subsidiary_id')
    .where('user_id', '=', user.id)
    .limit(2)
    .execute();
  return rows.length === 1 ? Number(rows[0].subsidiary_id) : null;
}
