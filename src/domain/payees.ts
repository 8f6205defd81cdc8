/**
 * Checks on the people a batch pays: the national id's check digit (GB 11643) and the bank card's
 * Luhn check digit. Shared by the server's batch validation, the simulated payout channel and the UI.
 */
import { MOBILE_PATTERN, NATIONAL_ID_PATTERN } from './validation';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The 18th character a 17-digit national id body must end with. */
export function nationalIdCheckChar(body17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(body17[index]) * ID_WEIGHTS[index];
  return ID_CHECK_CHARS[sum % 11];
}

/** An 18-digit national id with a real birth date and a correct check character (lower-case x accepted). */
export function isValidNationalId(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (!NATIONAL_ID_PATTERN.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  return nationalIdCheckChar(id.slice(0, 17)) === id[17];
}

export const BANK_CARD_PATTERN = /^\d{12,19}$/;

/** Luhn (mod 10) check over all digits, the last being the check digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit to append to a card number body. */
export function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (passesLuhn(`${body}${digit}`)) return String(digit);
  throw new Error('unreachable');
}

/** How a worker is paid: to a bank card (the default, and what a blank 收款方式 means) or to an Alipay account. */
export type PayoutMethod = 'bankcard' | 'alipay';

export const PAYOUT_METHOD_LABELS: Readonly<Record<PayoutMethod, string>> = { bankcard: '银行卡', alipay: '支付宝' };

/** The 收款方式 a person wrote → the method; '' is a bank card (files from before the column). null: unknown. */
export function parsePayoutMethod(text: string): PayoutMethod | null {
  const value = text.trim().toLowerCase();
  if (value === '' || value === '银行卡' || value === 'bankcard') return 'bankcard';
  if (value === '支付宝' || value === 'alipay') return 'alipay';
  return null;
}

/** Alipay's login ids are a mainland mobile number or an e-mail address (at most 64 characters). */
export const ALIPAY_ACCOUNT_MAX = 64;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

export function isAlipayAccount(text: string): boolean {
  return text.length <= ALIPAY_ACCOUNT_MAX && (MOBILE_PATTERN.test(text) || EMAIL_PATTERN.test(text));
}

/** An Alipay account as lists show it: 138****0000, z***@example.com. */
export function maskAlipayAccount(account: string): string {
  if (MOBILE_PATTERN.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account[0]}***${account.slice(at)}`;
  return account ? `${account[0]}***` : '';
}

export const PAYEE_MSG = {
  nameRequired: '姓名不能为空',
  nameLength: '姓名应为2-20个字符',
  idRequired: '身份证号不能为空',
  idInvalid: '身份证号格式或校验位不正确',
  cardRequired: '银行卡号不能为空',
  cardInvalid: '银行卡号应为12-19位数字',
  /** A warning, not an error: a few real cards do not follow Luhn, so the merchant may accept it. */
  cardCheckDigit: '银行卡号校验位不符，可能填错，请与收款人核对；确认无误可继续提交',
  /** The row pays a bank card (收款方式 blank or 银行卡) and has none. */
  cardRequiredForBank: '银行卡收款需填写银行卡号',
  methodInvalid: '收款方式只能填写银行卡或支付宝（不填为银行卡）',
  alipayRequired: '支付宝收款需填写支付宝账号',
  alipayInvalid: '支付宝账号应为手机号或邮箱（登录号）',
  mobileInvalid: '请输入正确的手机号',
  amountRequired: '金额不能为空',
  amountInvalid: '金额格式不正确（最多两位小数）',
  amountComma: '金额中的逗号只能作千位分隔符（如 1,234.56），小数请用小数点',
  amountPositive: '金额必须大于0',
  amountTooLarge: '单笔金额不能超过100,000.00元',
  remarkLength: '备注不能超过50个字符',
  blacklisted: '该收款人在结算黑名单中，不能打款',
  duplicate: '与第%{row}行的身份证号和银行卡号重复',
  duplicateAlipay: '与第%{row}行的身份证号和支付宝账号重复',
} as const;

/** PAYEE_MSG.duplicate naming the row where the pair first appeared. */
export function duplicateMessage(firstRowNo: number, method: PayoutMethod = 'bankcard'): string {
  const message = method === 'alipay' ? PAYEE_MSG.duplicateAlipay : PAYEE_MSG.duplicate;
  return message.replace('%{row}', String(firstRowNo));
}

/** The settlement blacklist's form (/adSettlementBlacklist). */
export const BLACKLIST_MSG = {
  nameLength: PAYEE_MSG.nameLength,
  idInvalid: PAYEE_MSG.idInvalid,
  reasonLength: '原因应为2-128个字符',
  idTaken: '该身份证号已在黑名单中',
  missing: '黑名单记录不存在',
} as const;
