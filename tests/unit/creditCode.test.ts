import { describe, expect, it } from 'vitest';
import { CREDIT_CODE_MSG, creditCodeCheckCharacter, creditCodeError } from '../../src/domain/creditCode';

describe('统一社会信用代码 (GB 32100-2015)', () => {
  // Codes as printed on business licences: their check characters were computed by the issuing authority.
  it.each(['91110000600001760P', '91440300708461136T'])('accepts %s', (code) => {
    expect(creditCodeError(code)).toBeUndefined();
  });

  it('computes the check character from the weighted sum mod 31', () => {
    expect(creditCodeCheckCharacter('91110000600001760')).toBe('P');
    expect(creditCodeCheckCharacter('91440300708461136')).toBe('T');
  });

  it('refuses a mistyped character through the check character', () => {
    expect(creditCodeError('91110000600001761P')).toBe(CREDIT_CODE_MSG.checkDigit);
    expect(creditCodeError('91110000600001760Q')).toBe(CREDIT_CODE_MSG.checkDigit);
  });

  it.each([
    ['', CREDIT_CODE_MSG.required],
    ['9111000060000176', CREDIT_CODE_MSG.shape],
    ['91110000600001760PX', CREDIT_CODE_MSG.shape],
    // I, O, Z, S, V are not in the alphabet; the administrative-division part (3rd-8th) is digits.
    ['9111000060000176OP', CREDIT_CODE_MSG.shape],
    ['911100AB600001760P', CREDIT_CODE_MSG.shape],
    ['91110000600001760p', CREDIT_CODE_MSG.shape],
  ])('refuses %j', (code, message) => {
    expect(creditCodeError(code)).toBe(message);
  });
});
