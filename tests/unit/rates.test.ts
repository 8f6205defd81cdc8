import { describe, expect, it } from 'vitest';
import {
  formatRate,
  isRateUnits,
  MAX_RATE_UNITS,
  parseRatePercent,
  RATE_MSG,
  rateFraction,
  ratePercentText,
  rateValidator,
} from '../../src/domain/rates';

describe('parseRatePercent (a typed percentage → stored 1/10000)', () => {
  it('reads whole and decimal percentages exactly', () => {
    expect(parseRatePercent('6')).toBe(600);
    expect(parseRatePercent('6.5')).toBe(650);
    expect(parseRatePercent('6.50')).toBe(650);
    expect(parseRatePercent('0.05')).toBe(5);
    expect(parseRatePercent('0.01')).toBe(1);
    // Decimals a float gets wrong (0.29 × 100 = 28.999999999999996, 0.57 × 100 = 56.99999999999999).
    expect(parseRatePercent('0.29')).toBe(29);
    expect(parseRatePercent('0.57')).toBe(57);
    expect(parseRatePercent('4.35')).toBe(435);
    expect(parseRatePercent('1.15')).toBe(115);
  });

  it('allows spaces around, a trailing percent sign and leading zeros', () => {
    expect(parseRatePercent(' 6.5 ')).toBe(650);
    expect(parseRatePercent('6.5%')).toBe(650);
    expect(parseRatePercent('6.5 ％')).toBe(650);
    expect(parseRatePercent('06')).toBe(600);
  });

  it('takes the bounds 0 and 100 and nothing beyond', () => {
    expect(parseRatePercent('0')).toBe(0);
    expect(parseRatePercent('100')).toBe(MAX_RATE_UNITS);
    expect(parseRatePercent('100.00')).toBe(10000);
    expect(parseRatePercent('100.01')).toBeUndefined();
    expect(parseRatePercent('101')).toBeUndefined();
    expect(parseRatePercent('99999999999999999999')).toBeUndefined();
  });

  it('refuses what is not a percentage with at most two decimals', () => {
    for (const text of ['6.505', '-1', '-0', '6.', '.5', '6,5', 'abc', '6.5.1', '1e2', '0x10', '６', '6%%', '%'])
      expect(parseRatePercent(text), text).toBeUndefined();
  });

  it('reads nothing typed as empty', () => {
    expect(parseRatePercent('')).toBeNull();
    expect(parseRatePercent('   ')).toBeNull();
  });

  it('turns every stored rate back into the text that parses to it', () => {
    const wrong: number[] = [];
    for (let units = 0; units <= MAX_RATE_UNITS; units += 1) {
      if (parseRatePercent(ratePercentText(units)) !== units || parseRatePercent(formatRate(units)) !== units)
        wrong.push(units);
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatRate and ratePercentText', () => {
  it('shows a stored rate as a percentage with two decimals', () => {
    expect(formatRate(600)).toBe('6.00%');
    expect(formatRate(650)).toBe('6.50%');
    expect(formatRate(550)).toBe('5.50%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatRate(10000)).toBe('100.00%');
    expect(formatRate('435')).toBe('4.35%');
  });

  it('puts a stored rate in an input without trailing zeros', () => {
    expect(ratePercentText(600)).toBe('6');
    expect(ratePercentText(650)).toBe('6.5');
    expect(ratePercentText(605)).toBe('6.05');
    expect(ratePercentText(0)).toBe('0');
  });

  it('gives a spreadsheet the fraction it shows as 0.00%', () => {
    expect(rateFraction(650)).toBe(0.065);
    expect(rateFraction(10000)).toBe(1);
  });
});

describe('rateValidator', () => {
  it('accepts stored rates from 0 to 10000 and nothing typed', () => {
    expect(isRateUnits(0)).toBe(true);
    expect(isRateUnits(10000)).toBe(true);
    expect(isRateUnits(10001)).toBe(false);
    expect(isRateUnits(6.5)).toBe(false);
    expect(rateValidator(650)).toBeUndefined();
    expect(rateValidator(undefined)).toBeUndefined();
    expect(rateValidator(null)).toBeUndefined();
    expect(rateValidator('')).toBeUndefined();
  });

  it('names the rule for a typed text that is not a rate', () => {
    expect(rateValidator('6.505')).toBe(RATE_MSG.invalid);
    expect(rateValidator('abc')).toBe(RATE_MSG.invalid);
    expect(rateValidator(10001)).toBe(RATE_MSG.invalid);
    expect(RATE_MSG.invalid).toBe('费率须在0到100%之间，最多两位小数');
  });
});
