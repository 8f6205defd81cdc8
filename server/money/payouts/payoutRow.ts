import type { PayoutMethod } from '../../../src/domain/payees';

/** One payee line of a batch, after validation (units of 1/10000 yuan). */
export interface PayoutRow {
  /** The line number in the uploaded file (1 is the header). */
  rowNo: number;
  name: string;
  idCard: string;
  bankCard: string;
  mobile: string | null;
  amount: number;
  remark: string | null;
  /** How the payee is paid; absent (rows stored before the method existed) is the bank card. */
  method?: PayoutMethod;
  /** The payee's Alipay login id (mobile or e-mail); set when `method` is 'alipay', null otherwise. */
  alipayAccount?: string | null;
}
