import { describe, expect, it } from 'vitest';
import { formatRate, itemServiceCharge } from '../../src/domain/charges';

describe('itemServiceCharge (basis points, half up to 0.0001 yuan)', () => {
  it('charges the rate of the amount exactly when it divides', () => {
    expect(itemServiceCharge(1_000_000, 600)).toBe(60_000); // 100.00 yuan at 6% = 6.00 yuan
    expect(itemServiceCharge(1, 10_000)).toBe(1);
    expect(itemServiceCharge(12_345, 0)).toBe(0);
  });

  it('rounds half up on the unit', () => {
    expect(itemServiceCharge(1, 5_000)).toBe(1); // 0.5 unit → 1
    expect(itemServiceCharge(1, 4_999)).toBe(0);
    expect(itemServiceCharge(333_333, 600)).toBe(20_000); // 19 999.98 → 20 000
    expect(itemServiceCharge(8_333, 600)).toBe(500); // 499.98 → 500
  });

  it('stays exact on sums beyond 2^31 units and on the largest safe amounts', () => {
    expect(itemServiceCharge(1_000_000_000_000, 600)).toBe(60_000_000_000);
    expect(itemServiceCharge(Number.MAX_SAFE_INTEGER, 1)).toBe(900_719_925_474);
  });
});

describe('formatRate', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatRate(600)).toBe('6.00%');
    expect(formatRate(550)).toBe('5.50%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(0)).toBe('0.00%');
  });
});
