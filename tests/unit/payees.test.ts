import { describe, expect, it } from 'vitest';
import {
  BANK_CARD_PATTERN,
  isValidNationalId,
  luhnCheckDigit,
  nationalIdCheckChar,
  passesLuhn,
} from '../../src/domain/payees';

describe('national id (GB 11643)', () => {
  it('computes the check character from the 17-digit body', () => {
    // Published examples: 11010519491231002X and 440524188001010014.
    expect(nationalIdCheckChar('11010519491231002')).toBe('X');
    expect(nationalIdCheckChar('44052418800101001')).toBe('4');
    expect(isValidNationalId('11010519491231002X')).toBe(true);
    expect(isValidNationalId('440524188001010014')).toBe(true);
  });

  it('accepts a lower-case x and surrounding spaces', () => {
    expect(isValidNationalId('11010519491231002x')).toBe(true);
    expect(isValidNationalId(' 11010519491231002X ')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    for (const check of '0123456789X') {
      const id = `11010519491231002${check}`;
      expect(isValidNationalId(id)).toBe(check === 'X');
    }
  });

  it('refuses impossible birth dates even with a correct check character', () => {
    const withCheck = (body: string) => body + nationalIdCheckChar(body);
    expect(isValidNationalId(withCheck('11010519900230001'))).toBe(false); // 30 February
    expect(isValidNationalId(withCheck('11010519910229001'))).toBe(false); // 1991 is no leap year
    expect(isValidNationalId(withCheck('11010519920229001'))).toBe(true); // 1992 is
    expect(isValidNationalId(withCheck('11010519901301001'))).toBe(false); // month 13
    expect(isValidNationalId(withCheck('11010519900431001'))).toBe(false); // 31 April
    expect(isValidNationalId(withCheck('11010517990101001'))).toBe(false); // before 1800
  });

  it('refuses wrong lengths and characters', () => {
    expect(isValidNationalId('')).toBe(false);
    expect(isValidNationalId('11010519491231002')).toBe(false);
    expect(isValidNationalId('11010519491231002XX')).toBe(false);
    expect(isValidNationalId('01010519491231002X')).toBe(false);
    expect(isValidNationalId('1101051949123100AX')).toBe(false);
  });
});

describe('bank card (Luhn)', () => {
  it('checks the Luhn digit', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('6222 0202')).toBe(false);
  });

  it('appends the digit that makes a body pass, and only that one', () => {
    for (const body of ['622202020011223344', '7992739871', '411111111111111']) {
      const check = luhnCheckDigit(body);
      for (let digit = 0; digit <= 9; digit += 1) {
        expect(passesLuhn(`${body}${digit}`)).toBe(String(digit) === check);
      }
    }
  });

  it('allows 12-19 digits as the form of a card number', () => {
    expect(BANK_CARD_PATTERN.test('1'.repeat(11))).toBe(false);
    expect(BANK_CARD_PATTERN.test('1'.repeat(12))).toBe(true);
    expect(BANK_CARD_PATTERN.test('1'.repeat(19))).toBe(true);
    expect(BANK_CARD_PATTERN.test('1'.repeat(20))).toBe(false);
  });
});
