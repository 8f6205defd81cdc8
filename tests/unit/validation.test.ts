import { describe, expect, it } from 'vitest';
import {
  compose,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  MSG,
  required,
  type Validator,
  validateAddress,
  validateBankAccount,
  validateCaptcha,
  validateCompanyName,
  validateContactPhone,
  validateDateRange,
  validateDateRangeInput,
  validateFields,
  validateImageFile,
  validateInvoiceAddress,
  validateInvoiceBank,
  validateInvoicePhone,
  validateInvoiceTitle,
  validateLoginPhone,
  validateMobile,
  validateNationalId,
  validatePassword,
  validateRecipient,
  validateRegisterCode,
  validateRegisterMobile,
  validateRegisterPassword,
  validateRepeatPassword,
  validateSmsCode,
  validateSwitchPassword,
  validateTaxNumber,
  validateTaxpayerId,
  validateUsername,
} from '../../src/domain/validation';

const BLANKS: unknown[] = [undefined, null, '', '   ', '\t\n'];
const chars = (n: number, ch = '字') => ch.repeat(n);

/** Asserts each value passes (undefined). */
function passes(validate: Validator, values: unknown[]) {
  for (const value of values) expect(validate(value), `expected ${JSON.stringify(value)} to pass`).toBeUndefined();
}

/** Asserts each value fails with exactly this message. */
function fails(validate: Validator, values: unknown[], message: string) {
  for (const value of values) expect(validate(value), `expected ${JSON.stringify(value)} to fail`).toBe(message);
}

/** Optional length rule: blank passes, [min, max] passes, min-1 and max+1 fail. */
function lengthRule(validate: Validator, min: number, max: number, message: string) {
  passes(validate, [...BLANKS, chars(min), chars(max), `  ${chars(min)}  `, 'a'.repeat(max)]);
  const tooLong = [chars(max + 1), 'a'.repeat(max + 1)];
  const tooShort = min > 1 ? [chars(min - 1), ` ${chars(min - 1)} `] : [];
  fails(validate, [...tooShort, ...tooLong], message);
}

describe('login rules', () => {
  it('username is required', () => {
    passes(validateUsername, ['admin', ' 张三 ']);
    fails(validateUsername, BLANKS, '用户名不能为空');
  });

  it('phone is required, digits only and at most 15 digits', () => {
    passes(validateLoginPhone, ['13800138000', '1', '123456789012345', ' 13800138000 ']);
    fails(validateLoginPhone, BLANKS, '手机号不能为空');
    fails(
      validateLoginPhone,
      ['1380013800a', '+8613800138000', '138 0013 8000', '138-0013-8000', '一三八'],
      '请输入正确的手机号',
    );
    fails(validateLoginPhone, ['1234567890123456', '1'.repeat(20)], '手机号限制15位');
  });

  it('checks digits before the length', () => {
    expect(validateLoginPhone('a234567890123456')).toBe('请输入正确的手机号');
  });

  it('password is required', () => {
    passes(validatePassword, ['x', 'secret']);
    fails(validatePassword, BLANKS, '密码不能为空');
  });

  it('SMS code is required and exactly 6 digits', () => {
    passes(validateSmsCode, ['123456', '000000', ' 654321 ']);
    fails(validateSmsCode, BLANKS, '短信验证码不能为空');
    fails(validateSmsCode, ['12345', '1234567', '12345a', 'abcdef', '12 456'], '请输入正确的短信验证码');
  });
});

describe('registration rules', () => {
  const message = '请输入不少于8位字母+数字的组合，长度为 8 - 30位';

  it('password needs 8-30 characters with letters and digits', () => {
    passes(validateRegisterPassword, ['abcd1234', 'A1bcdefg', `${'a'.repeat(29)}1`, '1234567a']);
    fails(validateRegisterPassword, BLANKS, message);
    fails(
      validateRegisterPassword,
      ['abc1234', 'a1', `${'a'.repeat(30)}1`, 'abcdefgh', '12345678', 'abcdefghijkl', '123456789012'],
      message,
    );
  });

  it('repeat password is required and must match', () => {
    const repeat = validateRepeatPassword('abcd1234');
    passes(repeat, ['abcd1234']);
    fails(repeat, BLANKS, '请再次输入密码');
    fails(repeat, ['abcd12345', 'ABCD1234', 'abcd123'], '两次输入密码不一致!');
  });

  it('step 1 mobile and code are required', () => {
    passes(validateRegisterMobile, ['13800138000']);
    fails(validateRegisterMobile, BLANKS, '请输入手机号');
    fails(validateRegisterMobile, ['1380013800', '11800138000'], '请输入正确的手机号');
    passes(validateRegisterCode, ['123456']);
    fails(validateRegisterCode, BLANKS, '请输入验证码');
    fails(validateRegisterCode, ['12345', '1234567', 'abcdef'], '请输入正确的短信验证码');
  });

  it('company name is required, 6-128 characters, counted as characters', () => {
    const message = '请输入6-128位公司名称';
    passes(validateCompanyName, ['上海某某公司', chars(128), 'abcdef', ' 上海某某公司 ']);
    fails(validateCompanyName, BLANKS, message);
    fails(validateCompanyName, ['上海某公司', 'abcde', chars(129), ' 上海某公司 '], message);
  });

  it('image captcha must be 6 characters', () => {
    passes(validateCaptcha, ['ab12CD', '123456']);
    fails(validateCaptcha, [...BLANKS, 'ab12C', 'ab12CDE'], '请输入6位图形验证码');
  });

  it('switch-company password is required', () => {
    passes(validateSwitchPassword, ['pw']);
    fails(validateSwitchPassword, BLANKS, '请输入登录密码');
  });
});

describe('shared invoice and contact rules', () => {
  it('invoice title: 2-36 characters', () => {
    lengthRule(validateInvoiceTitle, 2, 36, '请输入2-36位发票抬头');
  });

  it('tax number: 15, 17, 18 or 20 uppercase letters or digits', () => {
    const message = '请输入正确的纳税人识别号（15、17、18或20位大写字母或数字）';
    const id = (n: number) => '91310115MA1H7XYZ0Q0123456789'.slice(0, n);
    passes(validateTaxNumber, [...BLANKS, id(15), id(17), id(18), id(20), '1'.repeat(18), 'A'.repeat(15)]);
    fails(validateTaxNumber, [id(14), id(16), id(19), id(21), id(18).toLowerCase(), '91310115ma1h7xyz0q'], message);
    fails(validateTaxNumber, ['91310115MA1H7XYZ-Q', '91310115MA1H7XY 0Q', '９1310115MA1H7XYZ0Q'], message);
  });

  it('taxpayer id uses the tax number rule', () => {
    expect(validateTaxpayerId).toBe(validateTaxNumber);
    expect(validateTaxpayerId('A'.repeat(18))).toBeUndefined();
    expect(validateTaxpayerId('A'.repeat(16))).toBe('请输入正确的纳税人识别号（15、17、18或20位大写字母或数字）');
  });

  it('invoice bank: 2-36 characters', () => {
    lengthRule(validateInvoiceBank, 2, 36, '请输入2-36位开户银行');
  });

  it('bank account: 9-32 digits', () => {
    const message = '请输入9-32位数字的银行账号';
    passes(validateBankAccount, [...BLANKS, '1'.repeat(9), '6'.repeat(32), '6222020012345678901']);
    fails(
      validateBankAccount,
      ['1'.repeat(8), '1'.repeat(33), '62220200123456789X', '6222 0200 1234 5678', '-123456789'],
      message,
    );
  });

  it('invoice address: 5-60 characters', () => {
    lengthRule(validateInvoiceAddress, 5, 60, '请输入5-60位地址');
  });

  it('invoice phone: 1-30 characters', () => {
    lengthRule(validateInvoicePhone, 1, 30, '请输入1-30位电话');
    passes(validateInvoicePhone, ['021-12345678']);
  });

  it('contact phone: 10-12 digits', () => {
    const message = '请输入10-12位数字的电话';
    passes(validateContactPhone, [...BLANKS, '0211234567', '02112345678', '021123456789']);
    fails(validateContactPhone, ['021123456', '0211234567890', '021-1234567', '021123456a'], message);
  });

  it('recipient: 2-6 characters', () => {
    lengthRule(validateRecipient, 2, 6, '请输入2-6位收件人姓名');
    passes(validateRecipient, ['张三', '欧阳娜娜']);
  });

  it('address: 5-60 characters', () => {
    lengthRule(validateAddress, 5, 60, '请输入5-60位收件地址');
  });

  it('mobile: 1, then 2-9, then 9 more digits', () => {
    const message = '请输入正确的手机号';
    passes(validateMobile, [...BLANKS, '13800138000', '12000000000', '19999999999', ' 15912345678 ']);
    fails(
      validateMobile,
      ['11800138000', '10800138000', '23800138000', '1380013800', '138001380000', '1380013800a'],
      message,
    );
  });

  it('national id: 18-digit pattern', () => {
    const message = '请输入正确的18位身份证号';
    passes(validateNationalId, [...BLANKS, '11010519491231002X', '110105194912310021', '440301200002290012']);
    fails(
      validateNationalId,
      [
        '11010519491231002', // 17
        '1101051949123100211', // 19
        '01010519491231002X', // leading 0
        '110105174912310021', // year 17xx
        '110105194913310021', // month 13
        '110105194900310021', // month 00
        '110105194912320021', // day 32
        '110105194912000021', // day 00
        '11010519491231002Y',
        '1101051949123100X1',
      ],
      message,
    );
  });
});

describe('date range', () => {
  it('a start needs an end and an end needs a start', () => {
    expect(validateDateRange('2024-01-01', '')).toBe('请选择结束时间');
    expect(validateDateRange('2024-01-01', undefined)).toBe('请选择结束时间');
    expect(validateDateRange('', '2024-01-31')).toBe('请选择开始时间');
    expect(validateDateRange(null, '2024-01-31')).toBe('请选择开始时间');
    expect(validateDateRange('2024-01-01', '2024-01-31')).toBeUndefined();
    expect(validateDateRange(undefined, null)).toBeUndefined();
    expect(validateDateRange('', '')).toBeUndefined();
  });

  it('the picker also refuses an end before the start', () => {
    expect(validateDateRangeInput('2024-02-01', '2024-01-31')).toBe('结束时间不能早于开始时间');
    expect(validateDateRangeInput('2024-01-31', '2024-01-31')).toBeUndefined();
    expect(validateDateRangeInput('2024-01-01', '')).toBe('请选择结束时间');
    expect(validateDateRangeInput('', '')).toBeUndefined();
  });
});

describe('image upload', () => {
  const message = '仅支持小于10M的图片格式上传';
  const tenMb = 10 * 1024 * 1024;

  it('limits are jpg, jpeg, png under 10 MB', () => {
    expect(IMAGE_MAX_BYTES).toBe(tenMb);
    expect([...IMAGE_EXTENSIONS]).toEqual(['jpg', 'jpeg', 'png']);
  });

  it('accepts jpg, jpeg and png under 10 MB, in any letter case', () => {
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'LICENSE.JPG', 'scan.Png', '营业执照.jpeg', 'my.photo.png']) {
      expect(validateImageFile(name, 1), name).toBeUndefined();
      expect(validateImageFile(name, tenMb - 1), name).toBeUndefined();
    }
  });

  it('rejects 10 MB exactly and anything larger', () => {
    expect(validateImageFile('a.jpg', tenMb)).toBe(message);
    expect(validateImageFile('a.png', tenMb + 1)).toBe(message);
  });

  it('rejects other formats', () => {
    for (const name of ['a.gif', 'a.pdf', 'a.bmp', 'a.webp', 'a.png.exe', 'jpg.gif', 'a.jpg ', 'a.']) {
      expect(validateImageFile(name, 1), name).toBe(message);
    }
  });
});

describe('required and compose', () => {
  it('required uses 必填项 by default and a custom message when given', () => {
    fails(required(), BLANKS, '必填项');
    passes(required(), ['x', 0, false]);
    fails(required('自定义'), [''], '自定义');
  });

  it('compose returns the first failing message in order', () => {
    const first: Validator = (v) => (v === 'a' ? 'A' : undefined);
    const second: Validator = (v) => (v === 'a' || v === 'b' ? 'B' : undefined);
    const both = compose(first, second);
    expect(both('a')).toBe('A');
    expect(both('b')).toBe('B');
    expect(both('c')).toBeUndefined();
    expect(compose()('anything')).toBeUndefined();
  });

  it('MSG holds the Chinese texts the spec shows', () => {
    expect(MSG.registerPassword).toBe('请输入不少于8位字母+数字的组合，长度为 8 - 30位');
    expect(MSG.repeatPassword).toBe('请再次输入密码');
    expect(MSG.passwordMismatch).toBe('两次输入密码不一致!');
    expect(MSG.mobileRequired).toBe('请输入手机号');
    expect(MSG.codeRequired).toBe('请输入验证码');
    expect(MSG.companyName).toBe('请输入6-128位公司名称');
    expect(MSG.imageUpload).toBe('仅支持小于10M的图片格式上传');
    expect(MSG.switchPassword).toBe('请输入登录密码');
    expect(MSG.endRequired).toBe('请选择结束时间');
    expect(MSG.startRequired).toBe('请选择开始时间');
  });
});

describe('validateFields', () => {
  const rules = {
    username: validateUsername,
    mobile: validateMobile,
    taxNumber: validateTaxNumber,
  };

  it('returns no errors when every field passes', () => {
    expect(validateFields({ username: 'admin', mobile: '13800138000', taxNumber: 'A'.repeat(18) }, rules)).toEqual({});
  });

  it('returns the message of each failing field only', () => {
    expect(validateFields({ username: '', mobile: '13800138000', taxNumber: 'abc' }, rules)).toEqual({
      username: '用户名不能为空',
      taxNumber: '请输入正确的纳税人识别号（15、17、18或20位大写字母或数字）',
    });
  });

  it('checks missing fields against their rule and ignores fields without a rule', () => {
    expect(validateFields<Record<string, unknown>>({ extra: '' }, { username: validateUsername })).toEqual({
      username: '用户名不能为空',
    });
  });

  it('gives the first message of a composed rule', () => {
    expect(validateFields({ phone: '' }, { phone: validateLoginPhone })).toEqual({ phone: '手机号不能为空' });
    expect(validateFields({ phone: '12ab' }, { phone: validateLoginPhone })).toEqual({ phone: '请输入正确的手机号' });
  });
});
