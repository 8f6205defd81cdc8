import type { Db } from '../db/database';
import { chinaTime } from '../db/time';

/** What signing an agreement needs of a company, and the mark it leaves (companies.sign_status 1). */
export interface SigningCompany {
  id: number;
  name: string;
  creditCode: string;
  linkmanName: string | null;
  platformMark: number;
  signStatus: number;
}

export async function companyForSigning(db: Db, id: number): Promise<SigningCompany | undefined> {
  const row = await db
    .selectFrom('companies')
    .select(['id', 'name', 'credit_code', 'linkman_name', 'platform_mark', 'sign_status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: row.name,
    creditCode: row.credit_code,
    linkmanName: row.linkman_name,
    platformMark: Number(row.platform_mark),
    signStatus: Number(row.sign_status),
  };
}

/** The company has signed its service agreement: login sends it home, not to contract management. */
export async function markCompanySigned(db: Db, id: number): Promise<void> {
  await db.updateTable('companies').set({ sign_status: 1, update_time: chinaTime() }).where('id', '=', id).execute();
}
