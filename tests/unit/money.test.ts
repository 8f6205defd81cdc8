import { describe, expect, it } from 'vitest';
import {
  divideToFen,
  FEN_UNITS,
  formatMoney,
  isWholeFen,
  MONEY_UNITS_PER_YUAN,
  parseMoney,
} from '../../src/domain/money';

describe('formatMoney (units of 0.0001 yuan → yuan text)', () => {
  it('uses 10000 units per yuan', () => {
    expect(MONEY_UNITS_PER_YUAN).toBe(10000n);
    expect(formatMoney(10000)).toBe('1.00');
  });

  it('formats zero and empty input as 0.00', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('')).toBe('0.00');
  });

  it('rounds to hundredths of a yuan, half up', () => {
    expect(formatMoney(1)).toBe('0.00'); // 0.0001 yuan
    expect(formatMoney(49)).toBe('0.00'); // 0.0049
    expect(formatMoney(50)).toBe('0.01'); // 0.0050
    expect(formatMoney(99)).toBe('0.01');
    expect(formatMoney(100)).toBe('0.01');
    expect(formatMoney(149)).toBe('0.01');
    expect(formatMoney(150)).toBe('0.02');
    expect(formatMoney(9950)).toBe('1.00'); // 0.995 carries into the yuan
    expect(formatMoney(9949)).toBe('0.99');
    expect(formatMoney(99999950)).toBe('10,000.00'); // the carry adds a thousands group
  });

  it('adds thousands separators', () => {
    expect(formatMoney(123456789)).toBe('12,345.68');
    expect(formatMoney(9990000)).toBe('999.00');
    expect(formatMoney(10000000)).toBe('1,000.00');
    expect(formatMoney(12345678900000)).toBe('1,234,567,890.00');
  });

  it('formats negative amounts, rounding half away from zero, without a negative zero', () => {
    expect(formatMoney(-123456789)).toBe('-12,345.68');
    expect(formatMoney(-50)).toBe('-0.01');
    expect(formatMoney(-49)).toBe('0.00');
    expect(formatMoney(-1)).toBe('0.00');
    expect(formatMoney(-10000)).toBe('-1.00');
  });

  it('formats 10^15 units exactly', () => {
    expect(formatMoney(10 ** 15)).toBe('100,000,000,000.00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('900,719,925,474.10');
  });

  it('accepts bigint input beyond the safe integer range without losing digits', () => {
    expect(formatMoney(123456789n)).toBe('12,345.68');
    expect(formatMoney(12345678901234567890123n)).toBe('1,234,567,890,123,456,789.01');
    expect(formatMoney(-12345678901234567890150n)).toBe('-1,234,567,890,123,456,789.02');
  });

  it('accepts string input of integer units', () => {
    expect(formatMoney('123456789')).toBe('12,345.68');
    expect(formatMoney('-50')).toBe('-0.01');
    expect(formatMoney('9007199254740993')).toBe('900,719,925,474.10');
    expect(formatMoney('90071992547409935000')).toBe('9,007,199,254,740,993.50');
  });
});

describe('parseMoney (yuan text → units of 0.0001 yuan)', () => {
  it('parses plain and grouped amounts', () => {
    expect(parseMoney('1,234.5')).toBe(12345000);
    expect(parseMoney('1234.5')).toBe(12345000);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('1')).toBe(10000);
    expect(parseMoney('12,345.68')).toBe(123456800);
    expect(parseMoney('  8.88  ')).toBe(88800);
  });

  it('accepts up to four decimals', () => {
    expect(parseMoney('0.0001')).toBe(1);
    expect(parseMoney('0.01')).toBe(100);
    expect(parseMoney('1.2345')).toBe(12345);
    expect(parseMoney('0.00001')).toBeNull();
    expect(parseMoney('1.23456')).toBeNull();
  });

  it('parses negative amounts', () => {
    expect(parseMoney('-5')).toBe(-50000);
    expect(parseMoney('-1,234.5')).toBe(-12345000);
    expect(parseMoney('-0.0001')).toBe(-1);
  });

  it('rejects text that is not a plain amount', () => {
    for (const text of [
      'abc',
      '',
      '   ',
      '-',
      '.5',
      '5.',
      '1.2.3',
      '1e5',
      '+5',
      '--5',
      '5-',
      '¥5',
      '12 34',
      '0x10',
      'NaN',
    ]) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it('takes a comma only as a thousands separator ("10,00" was paid as 1 000.00 yuan)', () => {
    expect(parseMoney('12,345')).toBe(123_450_000);
    expect(parseMoney('1,234,567.89')).toBe(12_345_678_900);
    expect(parseMoney('999,999')).toBe(9_999_990_000);
    for (const text of [
      '10,00',
      '0,50',
      '1,5',
      '1,2345',
      '12,34,567',
      ',123',
      '123,',
      '1,,234',
      '1234,567',
      '1,234,56',
      '1,234.5,6',
      '1.234,56',
      '0,001',
    ]) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it('accepts sums up to Number.MAX_SAFE_INTEGER units and rejects larger ones', () => {
    // Number.MAX_SAFE_INTEGER = 9007199254740991 units = 900719925474.0991 yuan
    expect(parseMoney('900,719,925,474.0991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMoney('900719925474.0991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseMoney('900719925474.099')).toBe(9007199254740990);
    expect(parseMoney('100000000000')).toBe(10 ** 15);
    expect(parseMoney('900719925474.0992')).toBeNull();
    expect(parseMoney('900719925475')).toBeNull();
    expect(parseMoney('99999999999999999999')).toBeNull();
    expect(parseMoney('-900719925474.0991')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(parseMoney('-900719925474.0992')).toBeNull();
  });
});

describe('formatMoney(parseMoney(x))', () => {
  it('gives back every canonical display text unchanged', () => {
    const canonical = [
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '999.99',
      '1,000.00',
      '12,345.68',
      '1,234,567.89',
      '100,000,000,000.00',
      '900,719,925,474.09',
      '-0.01',
      '-1.00',
      '-12,345.68',
    ];
    for (const text of canonical) {
      const units = parseMoney(text);
      expect(units, text).not.toBeNull();
      expect(formatMoney(units), text).toBe(text);
    }
  });

  it('normalises other inputs once and is then stable', () => {
    const table: [string, string][] = [
      ['1234.5', '1,234.50'],
      ['1,234.5', '1,234.50'],
      ['0.0001', '0.00'],
      ['0.005', '0.01'],
      ['0.0049', '0.00'],
      ['1234.5678', '1,234.57'],
      ['-0.005', '-0.01'],
      ['-0.0049', '0.00'],
      ['007', '7.00'],
      ['900719925474.0949', '900,719,925,474.09'],
    ];
    for (const [input, expected] of table) {
      const once = formatMoney(parseMoney(input));
      expect(once, input).toBe(expected);
      expect(formatMoney(parseMoney(once)), input).toBe(once);
    }
  });
});

describe('divideToFen (the one rounding rule: half up to a whole fen)', () => {
  it('keeps exact fen and rounds x.xx5 yuan up, x.xx4999 down', () => {
    expect(divideToFen(123_400n, 1n)).toBe(123_400);
    expect(divideToFen(123_450n, 1n)).toBe(123_500); // 12.345 → 12.35
    expect(divideToFen(123_449n, 1n)).toBe(123_400); // 12.3449 → 12.34
    expect(divideToFen(1_234_499_999n, 10_000n)).toBe(123_400); // 12.34499999 → 12.34
    expect(divideToFen(1_234_500_000n, 10_000n)).toBe(123_500); // 12.345 exactly → 12.35
    expect(divideToFen(49n, 1n)).toBe(0);
    expect(divideToFen(50n, 1n)).toBe(FEN_UNITS);
  });

  it('rounds a fraction once: 6 × 615.15 / 100 yuan = 36.909 → 36.91', () => {
    expect(divideToFen(6_151_500n * 6n, 100n)).toBe(369_100);
    // tax of 106.00 yuan at 6/106: 6.00 exactly; of 100.00: 5.6603… → 5.66
    expect(divideToFen(1_060_000n * 6n, 106n)).toBe(60_000);
    expect(divideToFen(1_000_000n * 6n, 106n)).toBe(56_600);
  });

  it('takes a half fen away from zero on negative amounts (symmetric with formatMoney)', () => {
    expect(divideToFen(-123_450n, 1n)).toBe(-123_500);
    expect(divideToFen(-123_449n, 1n)).toBe(-123_400);
    expect(divideToFen(-49n, 1n)).toBe(0);
  });

  it('is exact beyond 2^53 in the product and refuses results that are not safe integers', () => {
    expect(divideToFen(9_007_199_254_740_000n * 600n, 10_000n)).toBe(540_431_955_284_400);
    expect(() => divideToFen(10n ** 20n, 1n)).toThrow(RangeError);
    expect(() => divideToFen(1n, 0n)).toThrow(RangeError);
  });
});

describe('isWholeFen', () => {
  it('accepts multiples of 100 units only', () => {
    expect(isWholeFen(0)).toBe(true);
    expect(isWholeFen(-2_500)).toBe(true);
    expect(isWholeFen(369_100)).toBe(true);
    expect(isWholeFen(369_090)).toBe(false);
    expect(isWholeFen(1)).toBe(false);
    expect(isWholeFen(100.5)).toBe(false);
    expect(isWholeFen(Number.NaN)).toBe(false);
    expect(isWholeFen(2 ** 60)).toBe(false);
  });
});
