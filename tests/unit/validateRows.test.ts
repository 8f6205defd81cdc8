import { describe, expect, it } from 'vitest';
import type { RawBatchRow } from '../../server/money/payouts/batchFile';
import { badRowCount, idCardsOf, validateRows } from '../../server/money/payouts/validateRows';
import { duplicateMessage, PAYEE_MSG } from '../../src/domain/payees';
import { BATCH_FILE_MSG, type BatchField } from '../../src/domain/payoutBatch';
import { bankCard, idCard } from '../support/batchFiles';

function raw(rowNo: number, values: Partial<Record<BatchField, string>> = {}, serial = rowNo): RawBatchRow {
  return {
    rowNo,
    values: {
      name: '张三丰',
      idCard: idCard(serial),
      bankCard: bankCard(serial),
      mobile: '13912345678',
      amount: '100.00',
      remark: '',
      method: '',
      alipayAccount: '',
      ...values,
    } as Record<BatchField, string>,
    cellErrors: [],
  };
}

const NONE = new Set<string>();

/** The messages of one row, by field. */
function messagesOf(values: Partial<Record<BatchField, string>>, blacklist = NONE): Record<string, string[]> {
  const { errors } = validateRows([raw(2, values)], blacklist);
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    expect(error.rowNo).toBe(2);
    byField[error.field] = [...(byField[error.field] ?? []), error.message];
  }
  return byField;
}

describe('validateRows', () => {
  it('turns clean rows into payout rows (units of 1/10000 yuan, optional fields null)', () => {
    const { rows, errors } = validateRows(
      [raw(2, { amount: '1,234.5', mobile: '', remark: '  ' }), raw(3, { idCard: idCard(3).toLowerCase() })],
      NONE,
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toEqual({
      rowNo: 2,
      name: '张三丰',
      idCard: idCard(2),
      bankCard: bankCard(2),
      mobile: null,
      amount: 12_345_000,
      remark: null,
      method: 'bankcard',
      alipayAccount: null,
    });
    // A lower-case x check character is the same id.
    expect(rows[1].idCard).toBe(idCard(3).toUpperCase());
  });

  it('checks the name: required, 2-20 characters', () => {
    expect(messagesOf({ name: '' })).toEqual({ name: [PAYEE_MSG.nameRequired] });
    expect(messagesOf({ name: '张' })).toEqual({ name: [PAYEE_MSG.nameLength] });
    expect(messagesOf({ name: '张'.repeat(21) })).toEqual({ name: [PAYEE_MSG.nameLength] });
    expect(messagesOf({ name: '张'.repeat(20) })).toEqual({});
    expect(messagesOf({ name: '阿卜杜·热合曼' })).toEqual({});
  });

  it('checks the national id: required, format, birth date and check character', () => {
    const valid = idCard(9);
    const wrongCheck = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
    expect(messagesOf({ idCard: '' })).toEqual({ idCard: [PAYEE_MSG.idRequired] });
    expect(messagesOf({ idCard: '12345' })).toEqual({ idCard: [PAYEE_MSG.idInvalid] });
    expect(messagesOf({ idCard: wrongCheck })).toEqual({ idCard: [PAYEE_MSG.idInvalid] });
    expect(messagesOf({ idCard: '110101199002300012' })).toEqual({ idCard: [PAYEE_MSG.idInvalid] });
  });

  it('refuses a bank card by its form only (12-19 digits); a wrong Luhn digit is an error-free warning', () => {
    expect(messagesOf({ bankCard: '' })).toEqual({ bankCard: [PAYEE_MSG.cardRequired] });
    expect(messagesOf({ bankCard: '12345678901' })).toEqual({ bankCard: [PAYEE_MSG.cardInvalid] });
    expect(messagesOf({ bankCard: '1'.repeat(20) })).toEqual({ bankCard: [PAYEE_MSG.cardInvalid] });
    expect(messagesOf({ bankCard: '6222abc000000000' })).toEqual({ bankCard: [PAYEE_MSG.cardInvalid] });
    expect(messagesOf({ bankCard: bankCard(1, false) })).toEqual({});
    expect(messagesOf({ bankCard: '123456789012' })).toEqual({});
  });

  it('warns, without refusing the row, about a card whose Luhn check digit fails (a few real cards do not follow it)', () => {
    const wrong = bankCard(7, false);
    const { rows, errors, warnings } = validateRows([raw(2), raw(3, { bankCard: wrong }, 3), raw(4)], NONE);
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.rowNo)).toEqual([2, 3, 4]);
    expect(warnings).toEqual([{ rowNo: 3, field: 'bankCard', message: PAYEE_MSG.cardCheckDigit }]);
    // Next to errors: a row with an error elsewhere still reports its card warning.
    const both = validateRows([raw(2, { bankCard: wrong, amount: '0' })], NONE);
    expect(both.errors).toEqual([{ rowNo: 2, field: 'amount', message: PAYEE_MSG.amountPositive }]);
    expect(both.warnings).toEqual([{ rowNo: 2, field: 'bankCard', message: PAYEE_MSG.cardCheckDigit }]);
    // A card with a bad form is an error only.
    expect(validateRows([raw(2, { bankCard: '6222abc000000000' })], NONE).warnings).toEqual([]);
  });

  it('reads 收款方式 and 支付宝账号: blank is a bank card, each method asks for its own account', () => {
    expect(messagesOf({ method: '支付宝', alipayAccount: '' })).toEqual({ alipayAccount: [PAYEE_MSG.alipayRequired] });
    expect(messagesOf({ method: '银行卡', bankCard: '' })).toEqual({ bankCard: [PAYEE_MSG.cardRequiredForBank] });
    expect(messagesOf({ method: '微信' })).toEqual({ method: [PAYEE_MSG.methodInvalid] });
    expect(messagesOf({ method: '支付宝', alipayAccount: 'zhang' })).toEqual({
      alipayAccount: [PAYEE_MSG.alipayInvalid],
    });
    expect(messagesOf({ method: '支付宝', alipayAccount: '1380013800' })).toEqual({
      alipayAccount: [PAYEE_MSG.alipayInvalid],
    });
    // An Alipay row needs no card; a card it has is still checked.
    expect(messagesOf({ method: '支付宝', alipayAccount: '13800138000', bankCard: '' })).toEqual({});
    expect(messagesOf({ method: '支付宝', alipayAccount: 'a.b@example.com', bankCard: '123' })).toEqual({
      bankCard: [PAYEE_MSG.cardInvalid],
    });
    const { rows, errors, warnings } = validateRows(
      [
        raw(2, { method: '支付宝', alipayAccount: 'zhang.san@example.com', bankCard: '' }),
        raw(3, { method: '银行卡' }),
        // A wrong Luhn digit on a card an Alipay row does not pay is no warning.
        raw(4, { method: '支付宝', alipayAccount: '13900139000', bankCard: '6222020200112233445' }),
      ],
      NONE,
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(rows.map((row) => [row.method, row.alipayAccount])).toEqual([
      ['alipay', 'zhang.san@example.com'],
      ['bankcard', null],
      ['alipay', '13900139000'],
    ]);
  });

  it('keeps files without the new columns valid, paying the bank card', () => {
    const old = raw(2);
    const values: Record<string, string> = { ...old.values };
    delete values.method;
    delete values.alipayAccount;
    const { rows, errors } = validateRows([{ ...old, values: values as Record<BatchField, string> }], NONE);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ method: 'bankcard', alipayAccount: null, bankCard: bankCard(2) });
  });

  it('names a repeated person and Alipay account as such', () => {
    const { errors } = validateRows(
      [
        raw(2, { method: '支付宝', alipayAccount: 'li@example.com' }, 7),
        raw(3, { method: '支付宝', alipayAccount: 'li@example.com' }, 7),
      ],
      NONE,
    );
    expect(errors).toEqual([{ rowNo: 3, field: 'idCard', message: '与第2行的身份证号和支付宝账号重复' }]);
  });

  it('checks the mobile only when given', () => {
    expect(messagesOf({ mobile: '' })).toEqual({});
    expect(messagesOf({ mobile: '1391234567' })).toEqual({ mobile: [PAYEE_MSG.mobileInvalid] });
    expect(messagesOf({ mobile: '11912345678' })).toEqual({ mobile: [PAYEE_MSG.mobileInvalid] });
  });

  it('checks the amount: required, a number with at most two decimals, above zero, at most 100,000.00', () => {
    expect(messagesOf({ amount: '' })).toEqual({ amount: [PAYEE_MSG.amountRequired] });
    expect(messagesOf({ amount: 'abc' })).toEqual({ amount: [PAYEE_MSG.amountInvalid] });
    expect(messagesOf({ amount: '1.234' })).toEqual({ amount: [PAYEE_MSG.amountInvalid] });
    expect(messagesOf({ amount: '1.00001' })).toEqual({ amount: [PAYEE_MSG.amountInvalid] });
    expect(messagesOf({ amount: '¥100' })).toEqual({ amount: [PAYEE_MSG.amountInvalid] });
    expect(messagesOf({ amount: '0' })).toEqual({ amount: [PAYEE_MSG.amountPositive] });
    expect(messagesOf({ amount: '-5' })).toEqual({ amount: [PAYEE_MSG.amountPositive] });
    expect(messagesOf({ amount: '100000.01' })).toEqual({ amount: [PAYEE_MSG.amountTooLarge] });
    expect(messagesOf({ amount: '100,000.00' })).toEqual({});
    expect(messagesOf({ amount: '12,345' })).toEqual({});
    // A decimal comma is refused with its reason, never read as thousands (10,00 was paid as 1 000.00 yuan).
    expect(messagesOf({ amount: '10,00' })).toEqual({ amount: [PAYEE_MSG.amountComma] });
    expect(messagesOf({ amount: '0,50' })).toEqual({ amount: [PAYEE_MSG.amountComma] });
    expect(messagesOf({ amount: '1,234,5' })).toEqual({ amount: [PAYEE_MSG.amountComma] });
    expect(messagesOf({ amount: '0.01' })).toEqual({});
    expect(messagesOf({ amount: '1.230' })).toEqual({});
  });

  it('checks the remark length (50)', () => {
    expect(messagesOf({ remark: '备'.repeat(51) })).toEqual({ remark: [PAYEE_MSG.remarkLength] });
    expect(messagesOf({ remark: '备'.repeat(50) })).toEqual({});
  });

  it('refuses a blacklisted payee, whatever the case of the check character', () => {
    const listed = idCard(77);
    expect(messagesOf({ idCard: listed }, new Set([listed]))).toEqual({ idCard: [PAYEE_MSG.blacklisted] });
    expect(messagesOf({ idCard: listed.toLowerCase() }, new Set([listed.toUpperCase()]))).toEqual({
      idCard: [PAYEE_MSG.blacklisted],
    });
  });

  it('reports a repeated id card + bank card pair, naming the row where it first appeared', () => {
    const { rows, errors } = validateRows([raw(2, {}, 5), raw(3, {}, 6), raw(4, {}, 5), raw(9, {}, 5)], NONE);
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { rowNo: 4, field: 'idCard', message: duplicateMessage(2) },
      { rowNo: 9, field: 'idCard', message: duplicateMessage(2) },
    ]);
    expect(duplicateMessage(2)).toBe('与第2行的身份证号和银行卡号重复');
    // The same person with another card is a different payee.
    expect(validateRows([raw(2, {}, 5), raw(3, { bankCard: bankCard(99) }, 5)], NONE).errors).toEqual([]);
  });

  it('reports every problem of a row, and every bad row', () => {
    const { rows, errors } = validateRows(
      [raw(2, { name: '', amount: '0', mobile: '123' }), raw(3), raw(4, { bankCard: 'x' })],
      NONE,
    );
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      { rowNo: 2, field: 'name', message: PAYEE_MSG.nameRequired },
      { rowNo: 2, field: 'mobile', message: PAYEE_MSG.mobileInvalid },
      { rowNo: 2, field: 'amount', message: PAYEE_MSG.amountPositive },
      { rowNo: 4, field: 'bankCard', message: PAYEE_MSG.cardInvalid },
    ]);
    expect(badRowCount(errors)).toBe(2);
  });

  it('passes on the cells the file reader could not read, without a second message for them', () => {
    const row = raw(2, { idCard: '' });
    row.cellErrors.push({ field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') });
    const { errors } = validateRows([row], NONE);
    expect(errors).toEqual([{ rowNo: 2, field: 'idCard', message: BATCH_FILE_MSG.numberCell('身份证号') }]);
  });

  it('lists the distinct upper-case ids to look up on the blacklist', () => {
    expect(idCardsOf([raw(2, { idCard: 'abcx' }), raw(3, { idCard: 'ABCX' }), raw(4, { idCard: '' })])).toEqual([
      'ABCX',
    ]);
  });
});
