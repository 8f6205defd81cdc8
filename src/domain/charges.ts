import { divideToFen } from './money';

/**
 * The platform's service charge on a payout. The rate is in 1/10000 (600 = 6.00%) from
 * GET /api/v1/servicecharge. Every item carries its own charge, amount × rate rounded half up to a whole fen
 * (divideToFen): it is what the payslip shows for that person, a failed item refunds exactly what it cost, and
 * the batch's charge, shown on /remit before the payment password and debited, is the sum of its items'.
 */
export function itemServiceCharge(amountUnits: number, rateBasisPoints: number): number {
  return divideToFen(BigInt(amountUnits) * BigInt(rateBasisPoints), 10000n);
}

/** How the charge is figured, shown under the /remit preview before the payment password (DESIGN §2). */
export const SERVICE_CHARGE_RULE = '服务费按每笔打款金额 × 费率计算，每笔四舍五入到分，合计为各笔服务费之和';
