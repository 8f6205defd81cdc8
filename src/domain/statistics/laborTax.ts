import { divideToFen } from '../money';

/**
 * Individual income tax withheld on gig income (劳务报酬所得, 居民个人预扣预缴), the rule of 国家税务总局公告
 * 2018年第61号《个人所得税扣缴申报管理办法（试行）》第八条 and its 个人所得税预扣率表二:
 * - 收入额: income ≤ 4 000 元 → income − 800 (not below 0); income > 4 000 元 → income × (1 − 20%);
 * - 预扣预缴应纳税所得额 = 收入额; 预扣率 20% up to 20 000 元, 30% up to 50 000 元, 40% above, with
 *   速算扣除数 0 / 2 000 / 7 000 元;
 * - 减除费用 (20%) and 预扣税额 = 应纳税所得额 × 预扣率 − 速算扣除数 each rounded half up to the fen.
 * A worker's income from one payer within one month counts as one payment (连续性收入以一个月内取得的收入为一次).
 * Integer arithmetic in 1/10000 yuan throughout (BigInt for the products).
 */
export interface LaborTax {
  income: number;
  /** 减除费用 (800 元 or 20%) */
  deduction: number;
  /** 应纳税所得额 */
  taxable: number;
  ratePercent: number;
  /** 速算扣除数 */
  quickDeduction: number;
  tax: number;
}

const YUAN = 10_000n;

/** Half up to the fen by the one rule (src/domain/money.ts); no tax below zero. */
function roundToFen(numerator: bigint, denominator: bigint): bigint {
  return numerator <= 0n ? 0n : BigInt(divideToFen(numerator, denominator));
}

export function laborIncomeTax(incomeUnits: number): LaborTax {
  const income = BigInt(Math.max(0, incomeUnits));
  // 20% of an income in fen may end in a tenth of a fen; the declaration's 减除费用 (and so 收入额) is in fen.
  const deduction =
    income <= 4_000n * YUAN ? (income < 800n * YUAN ? income : 800n * YUAN) : BigInt(divideToFen(income * 20n, 100n));
  const taxable = income - deduction;
  const [rate, quick] =
    taxable <= 20_000n * YUAN ? [20n, 0n] : taxable <= 50_000n * YUAN ? [30n, 2_000n] : [40n, 7_000n];
  // taxable × rate / 100 − quick, rounded once at the end.
  const tax = roundToFen(taxable * rate - quick * YUAN * 100n, 100n);
  return {
    income: Number(income),
    deduction: Number(deduction),
    taxable: Number(taxable),
    ratePercent: Number(rate),
    quickDeduction: Number(quick * YUAN),
    tax: Number(tax),
  };
}

/**
 * Surcharges on the VAT of the invoices (附加税费): 城市维护建设税 7%, 教育费附加 3%, 地方教育附加 2% of the VAT,
 * each rounded half up to the fen.
 */
export const SURCHARGES = [
  { key: 'cityTax', label: '城市维护建设税', percent: 7n },
  { key: 'educationSurcharge', label: '教育费附加', percent: 3n },
  { key: 'localEducationSurcharge', label: '地方教育附加', percent: 2n },
] as const;

export function surchargesOf(vatUnits: number): Record<(typeof SURCHARGES)[number]['key'], number> {
  const vat = BigInt(Math.max(0, vatUnits));
  return Object.fromEntries(
    SURCHARGES.map((item) => [item.key, Number(roundToFen(vat * item.percent, 100n))]),
  ) as Record<(typeof SURCHARGES)[number]['key'], number>;
}
