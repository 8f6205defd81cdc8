import { requestContent } from '../../../providers/httpClient';
import type { ReceivingAccount } from '../../domain/receivingAccounts';

/** The money API as the merchant's pages call it. Amounts are units of 1/10000 yuan. */
export interface Balance {
  balance: number;
  companyId: number;
  platformMark: number;
}

export function fetchBalance(companyId: number, platformMark: number): Promise<Balance> {
  return requestContent('/api/v1/bankaccounts/balance', {
    query: { coid: companyId, platformmark: platformMark },
    silent: true,
  });
}

export function fetchReceivingAccount(platformMark: number): Promise<ReceivingAccount> {
  return requestContent('/api/v1/bankaccounts/receiving', { query: { platformmark: platformMark }, silent: true });
}

export interface RechargeInput {
  /** Units of 1/10000 yuan (parseMoney of what was typed). */
  amount: number;
  payerName: string;
  payerAccount: string;
  bankSerial: string;
  voucherUrl: string;
  remark: string;
}

export function submitRecharge(input: RechargeInput): Promise<{ id: number }> {
  return requestContent('/api/v1/recharges', { method: 'POST', json: input, silent: true });
}

export interface Uploaded {
  id: number;
  url: string;
  name: string;
}

export function uploadImage(file: File): Promise<Uploaded> {
  const body = new FormData();
  body.append('kind', 'image');
  body.append('file', file);
  return requestContent('/api/v1/common/uploadfiles', { method: 'POST', body, silent: true });
}
