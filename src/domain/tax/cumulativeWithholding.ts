import { divideToFen } from '../money';

/**
 * Individual income tax withheld from a platform worker's 劳务报酬 by the payer that settles with them (here the
 * signing entity, 签约主体), by the cumulative method (累计预扣法) that 国家税务总局公告2025年第16号 applies from
 * 2025-10-01, with the formula of 公告2018年第61号 and 个人所得税预扣率表一 (docs/tax.md gives the sources and the
 * decisions):
 *
 *   本期应预扣预缴税额 = (累计收入 − 累计费用 − 累计免税收入 − 累计减除费用 − 累计依法确定的其他扣除) × 预扣率
 *                        − 速算扣除数 − 累计减免税额 − 累计已预扣预缴税额
 *   累计费用 = 累计收入 × 20%; 累计减除费用 = 5 000 元 × the months of this tax year up to this one in which the
 *   worker has continuously (without a month's gap) received 劳务报酬 from this payer.
 *
 * Everything is per worker (ID number) per payer per tax year. Every term is kept in the answer so a figure can
 * be explained line by line. Money is integer 1/10000 yuan; the two computed terms (累计费用 and the cumulative
 * tax) are each rounded once to a whole fen half up (`divideToFen`); a period that computes below zero withholds 0.
 */

/** The first month the cumulative rule is in force; earlier months keep the per-payment rule (laborTax.ts). */
export const CUMULATIVE_RULE_FROM = '2025-10';

const YUAN = 10_000n;
/** 5 000 元 a month of 累计减除费用. */
export const MONTHLY_BASIC_DEDUCTION = 5_000 * 10_000;

/** 个人所得税预扣率表一 (居民个人工资、薪金所得预扣预缴适用), in yuan: up to, rate %, quick deduction. */
export const RATE_TABLE_ONE: readonly { upTo: number | null; ratePercent: number; quickDeduction: number }[] = [
  { upTo: 36_000, ratePercent: 3, quickDeduction: 0 },
  { upTo: 144_000, ratePercent: 10, quickDeduction: 2_520 },
  { upTo: 300_000, ratePercent: 20, quickDeduction: 16_920 },
  { upTo: 420_000, ratePercent: 25, quickDeduction: 31_920 },
  { upTo: 660_000, ratePercent: 30, quickDeduction: 52_920 },
  { upTo: 960_000, ratePercent: 35, quickDeduction: 85_920 },
  { upTo: null, ratePercent: 45, quickDeduction: 181_920 },
];

/** One month of the year at this payer, as actually paid: failed or returned payments are not in it. */
export interface PaidMonth {
  /** YYYY-MM */
  month: string;
  /** Gross 劳务报酬 paid in the month (units). */
  income: number;
  /** Tax actually withheld from it (units): items recorded as withheld, less what was given back. */
  withheld: number;
}

/** Every term of the formula for one payment (or a month's end), in units. */
export interface CumulativeLines {
  /** YYYY-MM the payment belongs to. */
  month: string;
  /** 本期收入: this payment. */
  income: number;
  /** 累计收入 (this payment included). */
  cumulativeIncome: number;
  /** 累计费用 = 累计收入 × 20%. */
  cumulativeExpense: number;
  /** 累计免税收入: none for this income. */
  cumulativeTaxFree: number;
  /** Months of the unbroken run of months with income ending with this one. */
  continuousMonths: number;
  /** 累计减除费用 = 5 000 元 × continuousMonths. */
  cumulativeBasicDeduction: number;
  /** 累计依法确定的其他扣除: none for this income. */
  cumulativeOtherDeductions: number;
  /** 累计预扣预缴应纳税所得额 (not below 0). */
  cumulativeTaxable: number;
  ratePercent: number;
  /** 速算扣除数 */
  quickDeduction: number;
  /** 累计应预扣预缴税额 = 应纳税所得额 × 预扣率 − 速算扣除数 (not below 0). */
  cumulativeTax: number;
  /** 累计减免税额: none. */
  cumulativeRelief: number;
  /** 累计已预扣预缴税额 before this payment. */
  withheldBefore: number;
  /** 本期应预扣预缴税额 (not below 0). */
  tax: number;
}

export function isCumulativeMonth(month: string): boolean {
  return month >= CUMULATIVE_RULE_FROM;
}

/** The months of `history` that form this payment's cumulative base: same tax year, from the rule's start. */
function baseMonths(history: readonly PaidMonth[], month: string): PaidMonth[] {
  const year = month.slice(0, 4);
  return history.filter(
    (entry) => entry.month.slice(0, 4) === year && entry.month <= month && isCumulativeMonth(entry.month),
  );
}

function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The unbroken run of months with income ending with `month` (which has income: the payment being made). A month
 * without income from this payer breaks the run; the run never reaches back past January or past 2025-10.
 */
export function continuousMonthsOf(history: readonly PaidMonth[], month: string): number {
  const withIncome = new Set(
    baseMonths(history, month)
      .filter((entry) => entry.income > 0)
      .map((e) => e.month),
  );
  withIncome.add(month);
  let count = 0;
  let cursor = month;
  while (withIncome.has(cursor) && cursor.slice(0, 4) === month.slice(0, 4) && isCumulativeMonth(cursor)) {
    count += 1;
    cursor = previousMonth(cursor);
  }
  return count;
}

/** 预扣率表一's bracket of a cumulative taxable amount (units). */
export function bracketOf(taxableUnits: number): { ratePercent: number; quickDeduction: number } {
  const row =
    RATE_TABLE_ONE.find((entry) => entry.upTo === null || BigInt(taxableUnits) <= BigInt(entry.upTo) * YUAN) ??
    RATE_TABLE_ONE[RATE_TABLE_ONE.length - 1];
  return { ratePercent: row.ratePercent, quickDeduction: row.quickDeduction * 10_000 };
}

/**
 * The lines for a payment of `income` in `month`, given what this payer already paid the worker (and withheld)
 * this year: `history` may hold any months (other years, months before the rule, later months are ignored); the
 * payment's own month may already have earlier payments in it.
 */
export function cumulativeWithholding(history: readonly PaidMonth[], month: string, income: number): CumulativeLines {
  if (!isCumulativeMonth(month))
    throw new RangeError(`cumulativeWithholding: ${month} is before ${CUMULATIVE_RULE_FROM}`);
  const base = baseMonths(history, month);
  const paidBefore = base.reduce((sum, entry) => sum + BigInt(entry.income), 0n);
  const withheldBefore = base.reduce((sum, entry) => sum + BigInt(entry.withheld), 0n);
  const cumulativeIncome = paidBefore + BigInt(Math.max(0, income));
  const cumulativeExpense = BigInt(divideToFen(cumulativeIncome * 20n, 100n));
  const continuousMonths =
    income > 0 || base.some((e) => e.month === month && e.income > 0) ? continuousMonthsOf(history, month) : 0;
  const cumulativeBasicDeduction = BigInt(MONTHLY_BASIC_DEDUCTION) * BigInt(continuousMonths);
  const rawTaxable = cumulativeIncome - cumulativeExpense - cumulativeBasicDeduction;
  const cumulativeTaxable = rawTaxable > 0n ? rawTaxable : 0n;
  const { ratePercent, quickDeduction } = bracketOf(Number(cumulativeTaxable));
  // taxable × rate% − quick, rounded once to the fen.
  const taxNumerator = cumulativeTaxable * BigInt(ratePercent) - BigInt(quickDeduction) * 100n;
  const cumulativeTax = taxNumerator > 0n ? BigInt(divideToFen(taxNumerator, 100n)) : 0n;
  const due = cumulativeTax - withheldBefore;
  return {
    month,
    income: Math.max(0, income),
    cumulativeIncome: Number(cumulativeIncome),
    cumulativeExpense: Number(cumulativeExpense),
    cumulativeTaxFree: 0,
    continuousMonths,
    cumulativeBasicDeduction: Number(cumulativeBasicDeduction),
    cumulativeOtherDeductions: 0,
    cumulativeTaxable: Number(cumulativeTaxable),
    ratePercent,
    quickDeduction,
    cumulativeTax: Number(cumulativeTax),
    cumulativeRelief: 0,
    withheldBefore: Number(withheldBefore),
    // Nothing paid this month (every payment failed or was returned): nothing to withhold.
    tax: due > 0n && continuousMonths > 0 ? Number(due) : 0,
  };
}

/**
 * The lines at the end of `month`: the cumulative formula over everything paid through it, against what was
 * withheld before the month began. Its `tax` is what the month should have withheld in all; a report sets it
 * beside what the payments did withhold.
 */
export function monthEndLines(history: readonly PaidMonth[], month: string): CumulativeLines {
  const before = history.filter((entry) => entry.month !== month);
  const own = history.filter((entry) => entry.month === month);
  const income = own.reduce((sum, entry) => sum + entry.income, 0);
  return cumulativeWithholding(before, month, income);
}

/** Adds a payment (as withheld) to a history: what the next payment's base is. */
export function withPayment(
  history: readonly PaidMonth[],
  month: string,
  income: number,
  withheld: number,
): PaidMonth[] {
  const found = history.find((entry) => entry.month === month);
  if (!found) return [...history, { month, income, withheld }];
  return history.map((entry) =>
    entry.month === month ? { month, income: entry.income + income, withheld: entry.withheld + withheld } : entry,
  );
}
