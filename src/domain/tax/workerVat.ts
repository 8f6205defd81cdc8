import { divideToFen } from '../money';

/**
 * VAT on a platform worker's service income, filed by the payer on the worker's behalf (代办申报,
 * 国家税务总局公告2025年第16号 第二条): the worker takes the small-scale taxpayer relief in force — 财政部 税务总局公告
 * 2023年第19号: monthly sales up to 100 000 元 exempt, the 3% levy rate at 1% above (to 2027-12-31) — and the
 * surcharges take the 六税两费 halving for small-scale taxpayers (财政部 税务总局公告2023年第12号 第二条, to
 * 2027-12-31): 城市维护建设税 7%, 教育费附加 3%, 地方教育附加 2% of the VAT, each halved. docs/tax.md has the
 * sources and the decisions. Per worker per payer per month; integer 1/10000 yuan, each figure rounded once to
 * the fen half up.
 */

/** 月销售额 10 万元 (units): at or below it the month is exempt. */
export const VAT_EXEMPT_MONTHLY_SALES = 100_000 * 10_000;
/** 1% (the 3% levy rate reduced), in hundredths of a percent. */
export const VAT_REDUCED_RATE_BP = 100;
/** 5 000 000 元 in 12 months: the worker is to be guided to register and file VAT themselves. */
export const REGISTRATION_THRESHOLD = 5_000_000 * 10_000;
/** What the worker's record says when it passes (the notice's words: guide them to register). */
export const TAX_REGISTRATION_WARNING =
  '近12个月在同一签约主体的服务收入超过5,000,000.00元，应引导其依法办理市场主体登记、自行申报增值税';

export const WORKER_SURCHARGES = [
  { key: 'cityTax', label: '城市维护建设税', percent: 7 },
  { key: 'educationSurcharge', label: '教育费附加', percent: 3 },
  { key: 'localEducationSurcharge', label: '地方教育附加', percent: 2 },
] as const;

export type WorkerSurchargeKey = (typeof WORKER_SURCHARGES)[number]['key'];

export interface WorkerVat {
  /** 含税服务收入: the month's gross paid. */
  grossIncome: number;
  /** 不含税销售额 = 含税收入 ÷ (1 + 1%). */
  sales: number;
  exempt: boolean;
  /** 1 (percent) when levied, 0 when exempt. */
  ratePercent: number;
  vat: number;
  cityTax: number;
  educationSurcharge: number;
  localEducationSurcharge: number;
  surchargeTotal: number;
}

/** One month's VAT figures for a worker at a payer. */
export function workerVat(grossUnits: number): WorkerVat {
  const gross = BigInt(Math.max(0, grossUnits));
  const sales = BigInt(divideToFen(gross * 100n, 101n));
  const exempt = sales <= BigInt(VAT_EXEMPT_MONTHLY_SALES);
  const vat = exempt ? 0n : BigInt(divideToFen(sales * BigInt(VAT_REDUCED_RATE_BP), 10_000n));
  // 减半征收: VAT × rate% × 50%, rounded once.
  const surcharge = (percent: number) => (vat === 0n ? 0 : divideToFen(vat * BigInt(percent), 200n));
  const cityTax = surcharge(7);
  const educationSurcharge = surcharge(3);
  const localEducationSurcharge = surcharge(2);
  return {
    grossIncome: Number(gross),
    sales: Number(sales),
    exempt,
    ratePercent: exempt ? 0 : 1,
    vat: Number(vat),
    cityTax,
    educationSurcharge,
    localEducationSurcharge,
    surchargeTotal: cityTax + educationSurcharge + localEducationSurcharge,
  };
}

/** Whether 12 months' gross from one payer passes 5 000 000 元. */
export function passesRegistrationThreshold(twelveMonthsGross: number): boolean {
  return twelveMonthsGross > REGISTRATION_THRESHOLD;
}

/** The 12 months ending with `month` (YYYY-MM), oldest first. */
export function twelveMonthsEnding(month: string): string[] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return Array.from({ length: 12 }, (_, index) => {
    const total = year * 12 + (m - 1) - (11 - index);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}
