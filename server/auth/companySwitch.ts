import { PLATFORM_MARK } from '../../src/domain/editions';
import { ROLE } from '../../src/domain/roles';
import type { Db } from '../db/database';

/**
 * The session's `switchCompany` flag (spec §2, §3): false means the company-switch view replaces the main area
 * until the user picks a company. Only a small-scale merchant whose mobile is bound to several companies
 * (isChange) can be asked; it is asked when the company it logged in to cannot be worked in (the company is
 * disabled) while another account on the same mobile has a company that can. Everyone else: true.
 */
export async function companySwitchSettled(
  db: Db,
  user: { id: number; role_id: number; is_change: number; company_id: number | null; mobile: string | null },
  sessionMark: number,
): Promise<boolean> {
  if (user.role_id !== ROLE.merchant || user.is_change !== 1 || sessionMark !== PLATFORM_MARK.smallScale) return true;
  if (user.company_id === null || !user.mobile) return true;
  const own = await db.selectFrom('companies').select('status').where('id', '=', user.company_id).executeTakeFirst();
  if (own?.status === 1) return true;
  const other = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select('users.id')
    .where('users.mobile', '=', user.mobile)
    .where('users.id', '<>', user.id)
    .where('users.status', '=', 1)
    .where('users.platform_mark', '=', PLATFORM_MARK.smallScale)
    .where('companies.status', '=', 1)
    .executeTakeFirst();
  return !other;
}
