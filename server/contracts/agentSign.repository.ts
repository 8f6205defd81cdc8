import type { Db } from '../db/database';
import type { Tx } from '../money/ledger/ledger';

/** 服务协议 (AGREEMENT_KIND 1, src/domain/enterprises.ts): the agreement by which a levy agent serves the company. */
const SERVICE_AGREEMENT = 1;

/**
 * The editions in which a levy agent (代征主体) has signed the service agreement with the company and it is in
 * force (signed, not voided): each edition's service charge item carries isCheck 1 there (src/domain/agentSign.ts).
 */
export async function agentSignedEditions(db: Db | Tx, companyId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('contracts')
    .select('platform_mark')
    .distinct()
    .where('company_id', '=', companyId)
    .where('agreement_type', '=', SERVICE_AGREEMENT)
    .where('enterprise_id', 'is not', null)
    .where('sign_status', '=', 1)
    .where('data_status', '=', 1)
    .execute();
  return new Set(rows.map((row) => Number(row.platform_mark)));
}
