import type { Transaction } from 'kysely';
import { markCompanySigned } from '../companies/companySigning';
import type { Database } from '../db/schema';

export type EnterpriseSigning = 'signed' | 'notFound' | 'alreadySigned' | 'voided';

/**
 * An enterprise reports (by its webhook) that the merchant signed an agreement with it on the enterprise's own
 * signing service: the contract, if it is this enterprise's, valid and unsigned, becomes signed electronically;
 * a signed service agreement marks the company signed (login then sends it home). In the caller's transaction.
 */
export async function recordEnterpriseSigning(
  tx: Transaction<Database>,
  enterpriseId: number,
  contractId: number,
  time: string,
): Promise<EnterpriseSigning> {
  const contract = await tx
    .selectFrom('contracts')
    .select(['id', 'company_id', 'agreement_type', 'sign_status', 'data_status'])
    .where('id', '=', contractId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!contract) return 'notFound';
  if (Number(contract.data_status) !== 1) return 'voided';
  const updated = await tx
    .updateTable('contracts')
    .set({ sign_status: 1, contract_status: 1, sign_mode: 1, sign_time: time, update_time: time })
    .where('id', '=', contractId)
    .where('sign_status', '=', 0)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return 'alreadySigned';
  if (Number(contract.agreement_type) === 1) await markCompanySigned(tx, Number(contract.company_id));
  return 'signed';
}
