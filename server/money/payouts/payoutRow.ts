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
}
