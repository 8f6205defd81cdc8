/**
 * Alipay speaks yuan with two decimals ("123.45"); we keep 1/10000 yuan in integers. Both ways go through
 * integer arithmetic on the digits, never through a float, so no amount is off by a fen.
 */

/** 1/10000 yuan (whole fen) → "123.45". Refuses a fraction of a fen or a negative amount: it is never sent. */
export function yuanText(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount % 100 !== 0) {
    throw new Error(`金额 ${amount} 不是整分，不能发往支付宝`);
  }
  const fen = amount / 100;
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return `${yuan}.${String(cents).padStart(2, '0')}`;
}

/** "123.45" (or "123", "123.4", "-0.50") → 1/10000 yuan; null when it is not an amount of at most two decimals. */
export function parseYuan(text: unknown): number | null {
  const match = /^\s*(-?)(\d{1,13})(?:\.(\d{1,2}))?\s*$/.exec(String(text ?? ''));
  if (!match) return null;
  const [, sign, whole, decimals = ''] = match;
  const value = Number(whole) * 10_000 + Number(decimals.padEnd(2, '0')) * 100;
  return sign === '-' ? -value : value;
}
