import type { AuthContext } from '../auth/access';
import { companyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { containsCondition } from '../db/textMatch';

export interface CompanyOption {
  id: number;
  name: string;
  platformMark: number;
}

/** Companies whose name contains the text, in the caller's scope, for a picker that shows names (at most 20). */
export async function companyOptions(db: Db, auth: AuthContext, name: string): Promise<CompanyOption[]> {
  const scope = companyScope(auth);
  const scoped = scopedCompanyIds(db, scope);
  const text = name.trim().slice(0, 64);
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'name', 'platform_mark'])
    .$if(text.length > 0, (query) => query.where(containsCondition(db, 'companies.name', text)))
    .$if(scope.companyId !== undefined, (query) => query.where('id', '=', scope.companyId ?? -1))
    .$if(scoped !== null, (query) => query.where('id', 'in', scoped!))
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, platformMark: Number(row.platform_mark) }));
}
