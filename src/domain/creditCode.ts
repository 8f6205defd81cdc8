/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters from the code's own alphabet (digits and the capitals without
 * I, O, Z, S, V); the 18th is a check character computed from the first 17 with weights 3^i mod 31.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const CREDIT_CODE_MSG = {
  required: '请输入统一社会信用代码',
  shape: '请输入正确的统一社会信用代码（18位数字或大写字母）',
  checkDigit: '统一社会信用代码校验位不正确，请核对后重新输入',
} as const;

/** The check character the first 17 characters call for (GB 32100-2015 §5). */
export function creditCodeCheckCharacter(first17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += ALPHABET.indexOf(first17[index]) * WEIGHTS[index];
  return ALPHABET[(31 - (sum % 31)) % 31];
}

/** The message for a credit code, or undefined when it is well formed and its check character agrees. */
export function creditCodeError(value: unknown): string | undefined {
  const code = value === undefined || value === null ? '' : String(value).trim();
  if (code === '') return CREDIT_CODE_MSG.required;
  if (!SHAPE.test(code)) return CREDIT_CODE_MSG.shape;
  return creditCodeCheckCharacter(code) === code[17] ? undefined : CREDIT_CODE_MSG.checkDigit;
}
