import { ABNORMAL } from '../../../src/domain/moneyEnums';
import { BANK_CARD_PATTERN, PAYEE_MSG } from '../../../src/domain/payees';
import { BusinessError } from '../../http/errors';
import type { Tx } from '../ledger/ledger';
import { type CreatedBatch, createBatch } from './createBatch';
import type { PayoutRow } from './payoutRow';

/**
 * Handling an abnormal fund (/errorMoney): the failed item's money is already back on the balance (the payout
 * processor refunded amount + charge). The merchant either pays the person again to a corrected card, or
 * leaves the money on the balance. Each happens once: the status moves from 0 only by a conditional update.
 */

export const REPAY_REMARK = '异常资金重新打款';
export const MSG_ALREADY_HANDLED: Readonly<Record<number, string>> = {
  [ABNORMAL.repaid]: '该笔异常资金已重新打款，不能重复处理',
  [ABNORMAL.kept]: '该笔异常资金已留存余额，不能重复处理',
};
export const MSG_SAME_CARD = '新银行卡号与原银行卡号相同，请填写更正后的银行卡号';

/** The corrected card's problem, if any (same rule as a batch file's card column). */
export function repayCardError(bankCard: string, previousCard: string): string | undefined {
  if (!bankCard) return PAYEE_MSG.cardRequired;
  if (!BANK_CARD_PATTERN.test(bankCard)) return PAYEE_MSG.cardInvalid;
  if (bankCard === previousCard) return MSG_SAME_CARD;
  return undefined;
}

export function alreadyHandled(status: number): BusinessError {
  return new BusinessError(MSG_ALREADY_HANDLED[status] ?? '该笔异常资金已处理，不能重复处理');
}

export interface Repayment {
  abnormalFundId: number;
  operatorId: number;
  bankCard: string;
  now: string;
  /** The money rules checked in the transaction, after the claim and before the debit (may refuse). */
  mayPayNow?: (tx: Tx, rows: readonly PayoutRow[]) => Promise<void>;
}

/**
 * In the caller's transaction: marks the fund re-paid (only if still pending), creates a one-item batch to the
 * corrected card at the original batch's rate (so it costs exactly what was refunded), debits it through the
 * ledger and links the batch to the fund. A short balance (InsufficientBalanceError) or a fund handled
 * meanwhile rolls all of it back. The caller kicks the payout processor after the commit.
 */
export async function repayAbnormalFund(tx: Tx, repayment: Repayment): Promise<CreatedBatch> {
  const claimed = await tx
    .updateTable('abnormal_funds')
    .set({ status: ABNORMAL.repaid, handler_id: repayment.operatorId, handle_time: repayment.now })
    .where('id', '=', repayment.abnormalFundId)
    .where('status', '=', ABNORMAL.pending)
    .executeTakeFirst();
  const fund = await tx
    .selectFrom('abnormal_funds')
    .innerJoin('payout_batches', 'payout_batches.id', 'abnormal_funds.batch_id')
    .select([
      'abnormal_funds.status',
      'abnormal_funds.company_id',
      'abnormal_funds.platform_mark',
      'abnormal_funds.name',
      'abnormal_funds.id_card',
      'abnormal_funds.mobile',
      'abnormal_funds.amount',
      'payout_batches.rate',
    ])
    .where('abnormal_funds.id', '=', repayment.abnormalFundId)
    .executeTakeFirstOrThrow();
  if (Number(claimed.numUpdatedRows) !== 1) throw alreadyHandled(Number(fund.status));

  const rows: PayoutRow[] = [
    {
      rowNo: 1,
      name: fund.name,
      idCard: fund.id_card,
      bankCard: repayment.bankCard,
      mobile: fund.mobile,
      amount: Number(fund.amount),
      remark: REPAY_REMARK,
    },
  ];
  await repayment.mayPayNow?.(tx, rows);
  const created = await createBatch(tx, {
    companyId: Number(fund.company_id),
    platformMark: Number(fund.platform_mark),
    operatorId: repayment.operatorId,
    rows,
    rate: Number(fund.rate),
    draftId: null,
    remark: REPAY_REMARK,
    now: repayment.now,
  });
  await tx
    .updateTable('abnormal_funds')
    .set({ repay_batch_id: created.batchId })
    .where('id', '=', repayment.abnormalFundId)
    .execute();
  return created;
}
