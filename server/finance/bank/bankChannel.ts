import type { Db } from '../../db/database';
import { createDevBank } from './devBank';

/**
 * The bank channel: the platform's collection account at the bank and one sub-account (子账户) per
 * company and edition under it. The platform reads the bank's statement and balances through this interface and
 * asks it to move money (attribute a deposit to a sub-account, return a deposit); it never writes the bank's
 * books itself. BANK_CHANNEL=dev (the default) is the development bank, which keeps its own books in this
 * database; a real bank adds its implementation to CHANNELS under its own name.
 */
export interface PlatformAccount {
  accountName: string;
  accountNumber: string;
  bankName: string;
  branchName: string;
  bankCode: string;
}

export interface SubAccount {
  accountNumber: string;
  companyId: number;
  platformMark: number;
  accountName: string;
  /** SUB_ACCOUNT in src/domain/finance.ts */
  status: number;
  openTime: string;
}

export interface StatementLine {
  serial: string;
  accountNumber: string;
  /** DIRECTION: 1 credit, 2 debit */
  direction: number;
  /** Positive, 1/10000 yuan. */
  amount: number;
  counterpartyName: string;
  counterpartyAccount: string;
  /** The payer's remittance note (a top-up's serial) or the platform's reference (batch number, ATTR:/RET:). */
  reference: string;
  memo: string | null;
  valueDay: string;
  valueTime: string;
}

export interface BankChannel {
  readonly name: string;
  readonly platformAccount: PlatformAccount;
  /** Every sub-account the bank has for the platform (opening one for each company account it lacks). */
  subAccounts(): Promise<SubAccount[]>;
  subAccount(accountNumber: string): Promise<SubAccount | null>;
  subAccountOf(companyId: number, platformMark: number): Promise<SubAccount | null>;
  /** Balances by account number (sub-accounts and the collection account), as the bank books them now. */
  balances(): Promise<Map<string, number>>;
  /** The bank's statement of one day (China time), every account. */
  statement(day: string): Promise<StatementLine[]>;
  /** Sets a sub-account's bank password (the bank keeps only its hash). */
  setPassword(accountNumber: string, password: string, now: string): Promise<void>;
  /** Moves a deposit of the collection account to a sub-account; idempotent by `reference`. */
  transferToSubAccount(input: {
    reference: string;
    accountNumber: string;
    amount: number;
    now: string;
  }): Promise<string>;
  /** Sends a deposit back to its payer; idempotent by `reference`. */
  returnToPayer(input: {
    reference: string;
    amount: number;
    payerName: string;
    payerAccount: string;
    now: string;
  }): Promise<string>;
}

const CHANNELS: Readonly<Record<string, (db: Db) => BankChannel>> = { dev: createDevBank };

export function bankChannel(db: Db, name = process.env.BANK_CHANNEL ?? 'dev'): BankChannel {
  const create = CHANNELS[name];
  if (!create) throw new Error(`BANK_CHANNEL=${name} 未实现；可用：${Object.keys(CHANNELS).join('、')}`);
  return create(db);
}
