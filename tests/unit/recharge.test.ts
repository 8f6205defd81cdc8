import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/domain/money';
import {
  RECHARGE_MAX_UNITS,
  RECHARGE_MSG,
  rechargeAmountMessage,
  validateBankSerial,
  validatePayerAccount,
  validatePayerName,
  validateRechargeRemark,
  validateRejectReason,
  validateVoucher,
} from '../../src/domain/recharge';

describe('rechargeAmountMessage (units of 1/10000 yuan)', () => {
  it('accepts whole fen from 0.01 up to 100,000,000.00 yuan', () => {
    expect(rechargeAmountMessage(parseMoney('0.01'))).toBeUndefined();
    expect(rechargeAmountMessage(parseMoney('1,234.56'))).toBeUndefined();
    expect(rechargeAmountMessage(parseMoney('100,000,000.00'))).toBeUndefined();
    expect(RECHARGE_MAX_UNITS).toBe(parseMoney('100000000'));
  });

  it('refuses what is not an amount, not positive, too large or finer than a fen', () => {
    expect(rechargeAmountMessage(parseMoney(''))).toBe(RECHARGE_MSG.amount);
    expect(rechargeAmountMessage(parseMoney('12a'))).toBe(RECHARGE_MSG.amount);
    expect(rechargeAmountMessage(1.5)).toBe(RECHARGE_MSG.amount);
    expect(rechargeAmountMessage(parseMoney('0'))).toBe(RECHARGE_MSG.amountPositive);
    expect(rechargeAmountMessage(parseMoney('-5'))).toBe(RECHARGE_MSG.amountPositive);
    expect(rechargeAmountMessage(parseMoney('100000000.01'))).toBe(RECHARGE_MSG.amountMax);
    expect(rechargeAmountMessage(parseMoney('0.001'))).toBe(RECHARGE_MSG.amountFen);
    expect(rechargeAmountMessage(parseMoney('12.3456'))).toBe(RECHARGE_MSG.amountFen);
  });
});

describe('top-up notice fields', () => {
  it('checks the payer name length in characters (2-64)', () => {
    expect(validatePayerName('张三')).toBeUndefined();
    expect(validatePayerName('公'.repeat(64))).toBeUndefined();
    expect(validatePayerName('张')).toBe(RECHARGE_MSG.payerName);
    expect(validatePayerName('  ')).toBe(RECHARGE_MSG.payerName);
    expect(validatePayerName('公'.repeat(65))).toBe(RECHARGE_MSG.payerName);
  });

  it('uses the shared bank account rule (9-32 digits), required', () => {
    expect(validatePayerAccount('123456789')).toBeUndefined();
    expect(validatePayerAccount('1'.repeat(32))).toBeUndefined();
    expect(validatePayerAccount('')).toBe('请输入9-32位数字的银行账号');
    expect(validatePayerAccount('12345678')).toBe(RECHARGE_MSG.payerAccount);
    expect(validatePayerAccount('1234 5678 9')).toBe(RECHARGE_MSG.payerAccount);
  });

  it('takes 6-64 letters or digits as a bank serial number', () => {
    expect(validateBankSerial('AB1234')).toBeUndefined();
    expect(validateBankSerial('a'.repeat(64))).toBeUndefined();
    expect(validateBankSerial('AB123')).toBe(RECHARGE_MSG.bankSerial);
    expect(validateBankSerial('AB-123456')).toBe(RECHARGE_MSG.bankSerial);
    expect(validateBankSerial('a'.repeat(65))).toBe(RECHARGE_MSG.bankSerial);
  });

  it('needs a voucher, bounds the remark and needs a rejection reason', () => {
    expect(validateVoucher('')).toBe('请上传转账凭证');
    expect(validateVoucher('/api-v1/dl?file=1&rn=a.png')).toBeUndefined();
    expect(validateRechargeRemark('')).toBeUndefined();
    expect(validateRechargeRemark('备'.repeat(128))).toBeUndefined();
    expect(validateRechargeRemark('备'.repeat(129))).toBe(RECHARGE_MSG.remark);
    expect(validateRejectReason(' ')).toBe(RECHARGE_MSG.rejectReason);
    expect(validateRejectReason('流水不符')).toBeUndefined();
    expect(validateRejectReason('长'.repeat(129))).toBe(RECHARGE_MSG.rejectReasonMax);
  });
});
