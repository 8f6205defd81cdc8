import { describe, expect, it } from 'vitest';
import { itemServiceCharge } from '../../src/domain/charges';

describe('itemServiceCharge (rate in 1/10000, half up to a whole fen)', () => {
  it('charges the rate of the amount exactly when it divides', () => {
    expect(itemServiceCharge(1_000_000, 600)).toBe(60_000); // 100.00 yuan at 6% = 6.00 yuan
    expect(itemServiceCharge(12_345_600, 0)).toBe(0);
    expect(itemServiceCharge(10_000, 10_000)).toBe(10_000); // 1.00 yuan at 100%
  });

  it('615.15 yuan at 6% is 36.91 yuan, not 36.909', () => {
    expect(itemServiceCharge(6_151_500, 600)).toBe(369_100);
  });

  it('rounds half up at the half fen, down just below it', () => {
    expect(itemServiceCharge(2_500, 200)).toBe(100); // 0.25 yuan × 2% = 0.005 → 0.01
    expect(itemServiceCharge(2_400, 200)).toBe(0); // 0.0048 → 0.00
    expect(itemServiceCharge(100, 5_000)).toBe(100); // 0.01 × 50% = 0.005 → 0.01
    expect(itemServiceCharge(100, 4_999)).toBe(0); // 0.004999 → 0.00
    expect(itemServiceCharge(8_300, 600)).toBe(500); // 0.83 × 6% = 0.0498 → 0.05
    expect(itemServiceCharge(8_100, 600)).toBe(500); // 0.0486 → 0.05
    expect(itemServiceCharge(7_500, 600)).toBe(500); // 0.045 → 0.05
    expect(itemServiceCharge(7_400, 600)).toBe(400); // 0.0444 → 0.04
  });

  it('rounds the exact product once (a charge of 0.00495 yuan is 0.00, not 0.0050 then 0.01)', () => {
    // 0.99 yuan × 0.5% = 0.00495 yuan: rounded to the unit first it would be 0.0050 and then 0.01.
    expect(itemServiceCharge(9_900, 50)).toBe(0);
  });

  it('is whole fen for any whole-fen amount and rate', () => {
    for (let fen = 1; fen < 400; fen += 7) {
      for (const rate of [1, 33, 550, 600, 649, 1_234, 9_999]) expect(itemServiceCharge(fen * 100, rate) % 100).toBe(0);
    }
  });

  it('stays exact on large amounts', () => {
    expect(itemServiceCharge(1_000_000_000_000, 600)).toBe(60_000_000_000);
    // 900 719 925 474.0991 yuan × 0.01%: 900 719 925 474.0991 units → 900 719 925 500 (half up to the fen)
    expect(itemServiceCharge(Number.MAX_SAFE_INTEGER, 1)).toBe(900_719_925_500);
  });
});
