import { divideToFen } from './money';

/**
 * The two invoice formulas (spec §1), in integer units of 1/10000 yuan; tax is rounded half up to the fen
 * (100 units) because an invoice is issued in fen.
 *
 * - Standard edition (1): a 6% VAT special invoice. The invoiced total T (价税合计) is what the merchant paid
 *   for the chosen batches: successful payouts plus their service charge. Tax = T × 6 / 106; net = T − tax.
 * - Small-scale edition (3): a 5% difference-based ordinary invoice (差额征税). The payouts that went to
 *   individuals D are deducted: tax = (T − D) × 5 / 105; net = T − tax.
 */
export interface InvoiceFigures {
  /** 价税合计 */
  total: number;
  /** 差额扣除额 (0 for the VAT special invoice) */
  deduction: number;
  /** 税额 */
  tax: number;
  /** 不含税金额 */
  net: number;
  /** 税率 in percent */
  ratePercent: number;
  formula: string;
}

/** numerator / denominator rounded half up to a whole fen (the one rule, src/domain/money.ts). */
function roundedToFen(numerator: bigint, denominator: bigint): bigint {
  return BigInt(divideToFen(numerator, denominator));
}

export function vatSpecialInvoice(totalUnits: number): InvoiceFigures {
  const total = BigInt(totalUnits);
  const tax = roundedToFen(total * 6n, 106n);
  return {
    total: totalUnits,
    deduction: 0,
    tax: Number(tax),
    net: Number(total - tax),
    ratePercent: 6,
    formula: '税额 = 价税合计 ÷ (1 + 6%) × 6%；不含税金额 = 价税合计 − 税额',
  };
}

export function differenceInvoice(totalUnits: number, deductionUnits: number): InvoiceFigures {
  const total = BigInt(totalUnits);
  const taxable = total - BigInt(deductionUnits);
  const tax = taxable > 0n ? roundedToFen(taxable * 5n, 105n) : 0n;
  return {
    total: totalUnits,
    deduction: deductionUnits,
    tax: Number(tax),
    net: Number(total - tax),
    ratePercent: 5,
    formula: '税额 = (价税合计 − 差额扣除额) ÷ (1 + 5%) × 5%；不含税金额 = 价税合计 − 税额',
  };
}

/** The formula of an edition: 1 the VAT special invoice, any other mark the difference-based one. */
export function invoiceFiguresFor(platformMark: number, totalUnits: number, deductionUnits: number): InvoiceFigures {
  return platformMark === 1 ? vatSpecialInvoice(totalUnits) : differenceInvoice(totalUnits, deductionUnits);
}
