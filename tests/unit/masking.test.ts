import { describe, expect, it } from 'vitest';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';

describe('masking payee numbers', () => {
  it('keeps the area code and the last four of a national id', () => {
    expect(maskIdCard('110101199001011234')).toBe('110101********1234');
    expect(maskIdCard('11010119900101123X')).toBe('110101********123X');
  });

  it('hides all but the first character of a short value', () => {
    expect(maskIdCard('12345')).toBe('1****');
    expect(maskIdCard('')).toBe('');
    expect(maskIdCard(null)).toBe('');
  });

  it('shows a bank card as its last four digits', () => {
    expect(maskBankCard('6222020000000012345')).toBe('****2345');
    expect(maskBankCard('622202000001')).toBe('****0001');
    expect(maskBankCard(undefined)).toBe('');
  });
});
