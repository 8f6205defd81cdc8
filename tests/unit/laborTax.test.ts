import { describe, expect, it } from 'vitest';
import { laborIncomeTax, surchargesOf } from '../../src/domain/statistics/laborTax';

const Y = 10_000;

describe('劳务报酬所得预扣预缴 (公告2018年第61号 预扣率表二)', () => {
  it('up to 4 000 元: 800 元 deducted, 20%', () => {
    expect(laborIncomeTax(3_000 * Y)).toMatchObject({ taxable: 2_200 * Y, ratePercent: 20, tax: 440 * Y });
    expect(laborIncomeTax(4_000 * Y).tax).toBe(640 * Y);
    expect(laborIncomeTax(800 * Y).tax).toBe(0);
    expect(laborIncomeTax(500 * Y)).toMatchObject({ deduction: 500 * Y, taxable: 0, tax: 0 });
  });

  it('above 4 000 元: 20% deducted; 30% with 2 000 and 40% with 7 000 quick deduction above 20 000 / 50 000 元', () => {
    expect(laborIncomeTax(10_000 * Y)).toMatchObject({ taxable: 8_000 * Y, tax: 1_600 * Y });
    // 30 000 × 0.8 = 24 000; × 30% − 2 000 = 5 200
    expect(laborIncomeTax(30_000 * Y)).toMatchObject({ taxable: 24_000 * Y, ratePercent: 30, tax: 5_200 * Y });
    // 100 000 × 0.8 = 80 000; × 40% − 7 000 = 25 000
    expect(laborIncomeTax(100_000 * Y)).toMatchObject({ ratePercent: 40, quickDeduction: 7_000 * Y, tax: 25_000 * Y });
  });

  it('rounds half up to the fen, in integers', () => {
    // 4 000.03 × 0.8 = 3 200.024; × 20% = 640.0048 → 640.00
    expect(laborIncomeTax(4_000 * Y + 300).tax).toBe(640 * Y);
    // 减除费用 4 000.03 × 20% = 800.006 → 800.01 (the declaration is in fen), 收入额 3 200.02
    expect(laborIncomeTax(4_000 * Y + 300)).toMatchObject({ deduction: 800 * Y + 100, taxable: 3_200 * Y + 200 });
    // 1 000.03 − 800 = 200.03; × 20% = 40.006 → 40.01
    expect(laborIncomeTax(1_000 * Y + 300).tax).toBe(40 * Y + 100);
  });

  it('surcharges are 7% + 3% + 2% of the VAT, each to the fen', () => {
    expect(surchargesOf(1_000 * Y)).toEqual({
      cityTax: 70 * Y,
      educationSurcharge: 30 * Y,
      localEducationSurcharge: 20 * Y,
    });
    // 0.33 元 VAT: 0.0231 → 0.02, 0.0099 → 0.01, 0.0066 → 0.01
    expect(surchargesOf(3_300)).toEqual({ cityTax: 200, educationSurcharge: 100, localEducationSurcharge: 100 });
  });
});
