/**
 * The platform's service charge on a payout (issue 6). The rate is in basis points (600 = 6.00%) from
 * GET /api/v1/servicecharge; every item carries its own charge, rounded half up to 0.0001 yuan, so a failed
 * item refunds exactly what it cost and the batch's charge is the sum of its items'.
 */
export function itemServiceCharge(amountUnits: number, rateBasisPoints: number): number {
  const product = BigInt(amountUnits) * BigInt(rateBasisPoints);
  return Number((product + 5000n) / 10000n);
}

export function formatRate(rateBasisPoints: number): string {
  const whole = Math.trunc(rateBasisPoints / 100);
  const fraction = String(rateBasisPoints % 100).padStart(2, '0');
  return `${whole}.${fraction}%`;
}
