import { adErrorMoney, adReturnMoney, errorMoney } from './abnormalFunds';
import { adIndividualReceived, adSmallIndividualReceived, individualReceived } from './payeeTotals';
import { adSmallTransferLot, adTransferLot, paymentRecord } from './payoutBatches';
import type { ResourceDeclaration } from './types';

/** What was paid: batches, per-person totals, abnormal and returned funds; one line in index.ts. */
export const PAYOUT_RECORD_RESOURCES: readonly ResourceDeclaration[] = [
  paymentRecord,
  adTransferLot,
  adSmallTransferLot,
  individualReceived,
  adIndividualReceived,
  adSmallIndividualReceived,
  errorMoney,
  adErrorMoney,
  adReturnMoney,
];
