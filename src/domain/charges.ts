import { divideToFen } from './money';

/**
 * The platform's service charge on a payout (issue 6, issue 30 §2). The rate is in 1/10000 (600 = 6.00%) from
 * GET /api/v1/servicecharge. Every item carries its own charge, amount × rate rounded half up to a whole fen
 * (divideToFen): it is what the payslip shows for that person, a failed item refunds exactly what it cost, and
 * the batch's charge, shown on /remit before the payment password and debited, is the sum of its items'.
 */
export function itemServiceCharge(amountUnits: number, rateBasisPoints: number): number {
  return divideToFen(BigInt(amountUnits) * BigInt(rateBasisPoints), 10000n);
}

export function formatRate(rateBasisPoints: number): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const fraction = String(rateBasisPoints % 100).padStart(2, '0');
  return `${whole}.${fraction}%`;
}
