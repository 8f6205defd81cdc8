/**
 * The platform's bank account a merchant transfers a top-up to (GET /api/v1/bankaccounts/receiving): the bank
 * channel's collection account, the one 银行信息 shows as 平台收款账户.
 */
export interface ReceivingAccount {
  accountName: string;
  /** The branch a transfer names (开户行). */
  bankName: string;
  accountNumber: string;
}
