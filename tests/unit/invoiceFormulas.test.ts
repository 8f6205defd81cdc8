import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differenceInvoice, invoiceFiguresFor, vatSpecialInvoice } from '../../src/domain/invoiceFormulas';

/** Units are 1/10000 yuan; a fen is 100 units. */
const FEN = 100;

describe('vatSpecialInvoice: 6% VAT special invoice (edition 1)', () => {
  it('takes the tax out of the total: 106.00 yuan → 6.00 tax, 100.00 net', () => {
    expect(vatSpecialInvoice(1_060_000)).toMatchObject({
      total: 1_060_000,
      deduction: 0,
      tax: 60_000,
      net: 1_000_000,
      ratePercent: 6,
    });
  });

  it('rounds the tax to the fen, half up', () => {
    // 2650 × 6 / 106 = 150 units = exactly 1.5 fen → 2 fen
    expect(vatSpecialInvoice(2650).tax).toBe(2 * FEN);
    // 2649 × 6 / 106 = 149.94 units = 1.4994 fen → 1 fen
    expect(vatSpecialInvoice(2649).tax).toBe(1 * FEN);
    // 1,234,567.89 yuan (123,456,789 units): 69,880.95... → 6,988,100 units
    expect(vatSpecialInvoice(123_456_789)).toMatchObject({ tax: 6_988_100, net: 123_456_789 - 6_988_100 });
  });

  it('is zero on a zero total', () => {
    expect(vatSpecialInvoice(0)).toMatchObject({ total: 0, tax: 0, net: 0 });
  });

  it('stays exact beyond 2^31 units and up to a billion yuan', () => {
    expect(vatSpecialInvoice(2 ** 31 + 12_345)).toMatchObject({
      tax: 121_556_400,
      net: 2 ** 31 + 12_345 - 121_556_400,
    });
    // 1,000,000,000.00 yuan: tax 56,603,773.58
    expect(vatSpecialInvoice(10_000_000_000_000)).toMatchObject({
      tax: 566_037_735_800,
      net: 10_000_000_000_000 - 566_037_735_800,
    });
  });

  it('names its formula', () => {
    expect(vatSpecialInvoice(1).formula).toContain('6%');
  });
});

describe('differenceInvoice: 5% difference-based invoice (edition 3)', () => {
  it('taxes only what is left after the payouts: 2,100.00 total, 2,000.00 deducted → 4.76 tax', () => {
    expect(differenceInvoice(21_000_000, 20_000_000)).toMatchObject({
      total: 21_000_000,
      deduction: 20_000_000,
      tax: 47_600,
      net: 21_000_000 - 47_600,
      ratePercent: 5,
    });
  });

  it('rounds the tax to the fen, half up', () => {
    // (1050 − 0) × 5 / 105 = 50 units = exactly 0.5 fen → 1 fen
    expect(differenceInvoice(1050, 0).tax).toBe(FEN);
    // 1049 → 49.95 units → 0 fen
    expect(differenceInvoice(1049, 0).tax).toBe(0);
    // 123.4567 − 100.0000 = 23.4567 yuan → 1.117 yuan → 1.12
    expect(differenceInvoice(1_234_567, 1_000_000).tax).toBe(11_200);
  });

  it('has no tax when the deduction reaches or passes the total', () => {
    expect(differenceInvoice(1_000_000, 1_000_000)).toMatchObject({ tax: 0, net: 1_000_000 });
    expect(differenceInvoice(1_000_000, 1_500_000)).toMatchObject({ tax: 0, net: 1_000_000, deduction: 1_500_000 });
    expect(differenceInvoice(0, 0)).toMatchObject({ tax: 0, net: 0 });
  });

  it('stays exact beyond 2^31 units', () => {
    // 1,050,000,000.00 total, 1,000,000,000.00 deducted: 50,000,000.00 taxable → 2,380,952.38 tax
    expect(differenceInvoice(10_500_000_000_000, 10_000_000_000_000)).toMatchObject({ tax: 23_809_523_800 });
  });

  it('names its formula with the deduction', () => {
    expect(differenceInvoice(1, 0).formula).toContain('差额扣除额');
  });
});

describe('invoiceFiguresFor: the edition decides the formula', () => {
  it('edition 1 is the VAT special invoice and ignores the deduction', () => {
    expect(invoiceFiguresFor(1, 1_060_000, 1_000_000)).toEqual(vatSpecialInvoice(1_060_000));
  });

  it('every other mark is the difference-based invoice', () => {
    expect(invoiceFiguresFor(3, 21_000_000, 20_000_000)).toEqual(differenceInvoice(21_000_000, 20_000_000));
    expect(invoiceFiguresFor(2, 21_000_000, 20_000_000).ratePercent).toBe(5);
  });
});

describe('invariants over any amounts', () => {
  const units = fc.integer({ min: 0, max: 90_000_000_000_000 });

  it('tax is whole fen, within half a fen of the exact tax, and net + tax = total', () => {
    fc.assert(
      fc.property(units, units, (total, deduction) => {
        for (const [figures, exactNumerator, denominator] of [
          [vatSpecialInvoice(total), BigInt(total) * 6n, 106n],
          [differenceInvoice(total, deduction), BigInt(Math.max(0, total - deduction)) * 5n, 105n],
        ] as const) {
          expect(figures.tax % FEN).toBe(0);
          expect(figures.net + figures.tax).toBe(total);
          // |tax − exact| ≤ half a fen: |tax × d − n| × 2 ≤ 50 × 2 × d
          const error = BigInt(figures.tax) * denominator - exactNumerator;
          const absolute = error < 0n ? -error : error;
          expect(absolute * 2n <= BigInt(FEN) * denominator).toBe(true);
          expect(figures.tax).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
