import type { Transaction } from 'kysely';
import { markCompanySigned } from '../companies/companySigning';
import type { Database } from '../db/schema';
import { isBound } from '../enterprises/signingEntities';

export type EnterpriseSigning = 'signed' | 'notFound' | 'alreadySigned' | 'voided' | 'notBound';

/**
 * Sets an unsigned contract signed electronically at `time` (with its signed document when there is one), and a
 * signed service agreement marks the company signed (login then sends it home). Every way a contract is signed
 * online goes through here: the merchant's own signature, an e签宝 flow's completion, an enterprise's webhook.
 * False when it was signed already (or `flowId` is given and the contract no longer keeps that flow): the same
 * signature arriving twice signs once. In the caller's transaction, which also writes the operation log.
 */
export async function markContractSigned(
  tx: Transaction<Database>,
  contract: { id: number; companyId: number; agreementType: number },
  signed: { time: string; fileId?: number; sha256?: string; flowId?: string },
): Promise<boolean> {
  let update = tx
    .updateTable('contracts')
    .set({
      sign_status: 1,
      contract_status: 1,
      sign_mode: 1,
      sign_time: signed.time,
      update_time: signed.time,
      ...(signed.fileId === undefined ? {} : { file_id: signed.fileId, file_sha256: signed.sha256 ?? null }),
    })
    .where('id', '=', contract.id)
    .where('sign_status', '=', 0)
    // A contract withdrawn (撤回) or voided meanwhile is not signed by a late arrival.
    .where('data_status', '=', 1);
  if (signed.flowId !== undefined) update = update.where('esign_flow_id', '=', signed.flowId);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  if (contract.agreementType === 1) await markCompanySigned(tx, contract.companyId);
  return true;
}

/**
 * An enterprise reports (by its webhook) that the merchant signed an agreement with it on the enterprise's own
 * signing service: the contract, if it is this enterprise's, valid and unsigned, becomes signed electronically.
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
  // Only an enterprise bound to the company signs with it (signingEntities.ts).
  if (!(await isBound(tx, Number(contract.company_id), enterpriseId))) return 'notBound';
  const marked = await markContractSigned(
    tx,
    { id: contractId, companyId: Number(contract.company_id), agreementType: Number(contract.agreement_type) },
    { time },
  );
  return marked ? 'signed' : 'alreadySigned';
}
