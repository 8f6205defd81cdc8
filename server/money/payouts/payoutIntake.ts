import { CODE_BUSINESS_ERROR } from '../../../src/domain/codes';
import { BATCH_FILE_MSG, SUBMIT_MSG } from '../../../src/domain/payoutBatch';
import type { AuthContext } from '../../auth/access';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/database';
import { chinaTime } from '../../db/time';
import { assertCompanyMayPayOut } from '../../enterprises/enterprises.service';
import { BusinessError, fail } from '../../http/errors';
import { assertNoSensitiveWords } from '../../system/sensitiveWords';
import type { IdentityVerifier } from '../../workers/identity';
import { batchTaxTotals } from '../tax/batchTax';
import type { RawBatchRow } from './batchFile';
import { createDraft, type DraftRecord, draftWarnings } from './drafts';
import { assertPayeesPayableNow, newCardErrors, payeeBars } from './payeeChecks';
import { submitDraft } from './submitDraft';
import { badRowCount, idCardsOf, validateRows } from './validateRows';

/**
 * The rules a payout goes through, whichever way it comes in: the /remit page's file (remittances.routes.ts) and the
 * open API's JSON rows (server/openapi/) both call these two, so the two doors cannot drift apart.
 * - draftFromRows: blacklist, unsigned payees, row checks, new cards' identity checks (only for an otherwise clean
 *   set), sensitive words in remarks, then the draft priced at the company's rate;
 * - payDraft: warnings acknowledged, not expired, the enterprise's lock and risk, then submitDraft with the money
 *   rules checked again in its transaction; a draft submitted before answers its batch (duplicate).
 */
export interface PayoutAccount {
  companyId: number;
  platformMark: number;
}

export async function draftFromRows(
  db: Db,
  config: ServerConfig,
  identity: IdentityVerifier,
  account: PayoutAccount,
  userId: number,
  fileName: string,
  raw: readonly RawBatchRow[],
) {
  const { blacklisted, unsigned } = await payeeBars(db, config.idKey, account.companyId, idCardsOf(raw));
  const { rows, errors, warnings } = validateRows(raw, blacklisted, unsigned);
  // Paid checks only for a set that is otherwise right (a refused set is not worth paying for).
  if (errors.length === 0) errors.push(...(await newCardErrors(db, config.idKey, account.companyId, identity, rows)));
  if (errors.length > 0) {
    const bad = badRowCount(errors);
    throw new BusinessError(BATCH_FILE_MSG.badRows(bad), CODE_BUSINESS_ERROR, {
      errors,
      warnings,
      badRowCount: bad,
      rowCount: raw.length,
    });
  }
  await assertNoSensitiveWords(db, rows.map((row) => row.remark ?? '').join('\n'), 'topUp', '打款备注');
  const draft = await createDraft(db, account, userId, fileName, rows, Date.now());
  return { draft, rows, warnings };
}

/** An open draft's expiry refuses, saying when it expired and what to do instead. */
export function assertNotExpired(draft: DraftRecord): void {
  if (draft.batchId === null && draft.expireTime <= chinaTime()) {
    fail(SUBMIT_MSG.draftExpired(draft.expireTime, draft.taskId !== null));
  }
}

export interface PayOptions {
  acceptWarnings: unknown;
  confirmRisk: unknown;
  /** What stands for the merchant's consent before the money moves (the payment password on /remit). */
  authorize: () => Promise<void>;
  /** The operation log entry, in the submission's transaction. */
  audit: (
    tx: Db,
    batch: { batchId: number; batchNo: string; totalAmount: number; serviceCharge: number; itemCount: number },
  ) => Promise<void>;
}

export async function payDraft(
  services: { db: Db; config: ServerConfig; payouts: { kick(): void } },
  auth: AuthContext & { companyId: number },
  draft: DraftRecord,
  options: PayOptions,
) {
  const { db, config, payouts } = services;
  if (draft.batchId === null && options.acceptWarnings !== true) {
    const warned = badRowCount(await draftWarnings(db, draft.id));
    if (warned > 0) fail(SUBMIT_MSG.warningsUnaccepted(warned));
  }
  await options.authorize();
  assertNotExpired(draft);
  // A locked enterprise takes no new payouts, a risky one only with confirmRisk (a repeat of a submitted draft
  // still answers its batch).
  // An enterprise that settles with workers itself reports the items' results by webhook instead of the channel.
  const reportEnterpriseId =
    draft.batchId === null
      ? await assertCompanyMayPayOut(db, auth.companyId, auth.platformMark, options.confirmRisk)
      : null;
  const submission = await submitDraft(
    db,
    draft,
    auth.userId,
    chinaTime(),
    reportEnterpriseId,
    options.audit,
    // The money rules at the moment the money moves, not only at upload: the enterprise's lock and risk, and
    // each payee still payable (blacklisted or rescinded since the upload refuses the whole batch).
    async (tx, rows) => {
      await assertCompanyMayPayOut(tx, auth.companyId, auth.platformMark, options.confirmRisk);
      await assertPayeesPayableNow(tx, config.idKey, auth.companyId, rows);
    },
  );
  if (!submission.duplicate) payouts.kick();
  const { batch } = submission;
  return {
    content: {
      ...batch,
      ...(await batchTaxTotals(db, batch.batchId)),
      total: batch.totalAmount + batch.serviceCharge,
      balanceAfter: submission.balanceAfter,
      duplicate: submission.duplicate,
    },
    message: submission.duplicate ? SUBMIT_MSG.alreadySubmitted : `提交成功，批次号 ${batch.batchNo}`,
  };
}
