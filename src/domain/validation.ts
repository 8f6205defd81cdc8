import { creditCodeError } from './creditCode';
/**
 * Validation rules shared by the browser and the server (spec §5). Each validator returns the
 * Chinese message to show, or undefined when the value is fine.
 */
export type Validator = (value: unknown) => string | undefined;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
const blank = (value: unknown): boolean => text(value) === '';

export const MSG = {
  usernameRequired: '用户名不能为空',
  phoneRequired: '手机号不能为空',
  phoneDigits: '请输入正确的手机号',
  phoneMax: '手机号限制15位',
  passwordRequired: '密码不能为空',
  smsRequired: '短信验证码不能为空',
  smsFormat: '请输入正确的短信验证码',
  fillAccount: '请填写账号',
  fillPhone: '请填写手机号',
  fillUsername: '请填写用户名',
  registerPassword: '请输入不少于8位字母+数字的组合，长度为 8 - 30位',
  repeatPassword: '请再次输入密码',
  passwordMismatch: '两次输入密码不一致!',
  mobileRequired: '请输入手机号',
  codeRequired: '请输入验证码',
  companyName: '请输入6-128位公司名称',
  imageUpload: '仅支持小于10M的图片格式上传',
  switchPassword: '请输入登录密码',
  endRequired: '请选择结束时间',
  startRequired: '请选择开始时间',
  endBeforeStart: '结束时间不能早于开始时间',
  captchaLength: '请输入6位图形验证码',
  invoiceTitle: '请输入2-36位发票抬头',
  taxNumber: '请输入正确的纳税人识别号（15、17、18或20位大写字母或数字）',
  invoiceBank: '请输入2-36位开户银行',
  bankAccount: '请输入9-32位数字的银行账号',
  invoiceAddress: '请输入5-60位地址',
  invoicePhone: '请输入1-30位电话',
  contactPhone: '请输入10-12位数字的电话',
  recipient: '请输入2-6位收件人姓名',
  address: '请输入5-60位收件地址',
  mobile: '请输入正确的手机号',
  nationalId: '请输入正确的18位身份证号',
  required: '必填项',
} as const;

export const required =
  (message: string = MSG.required): Validator =>
  (value) =>
    blank(value) ? message : undefined;

const lengthBetween =
  (min: number, max: number, message: string): Validator =>
  (value) => {
    if (blank(value)) return undefined;
    const length = [...text(value)].length;
    return length < min || length > max ? message : undefined;
  };

const matches =
  (pattern: RegExp, message: string): Validator =>
  (value) =>
    blank(value) || pattern.test(text(value)) ? undefined : message;

/** Runs validators in order and returns the first message. */
export const compose =
  (...validators: Validator[]): Validator =>
  (value) => {
    for (const validate of validators) {
      const message = validate(value);
      if (message) return message;
    }
    return undefined;
  };

// Login (spec §5)
export const validateUsername = required(MSG.usernameRequired);
export const validateLoginPhone = compose(
  required(MSG.phoneRequired),
  (value) => (/^\d+$/.test(text(value)) ? undefined : MSG.phoneDigits),
  (value) => (text(value).length > 15 ? MSG.phoneMax : undefined),
);
export const validatePassword = required(MSG.passwordRequired);
export const validateSmsCode = compose(required(MSG.smsRequired), matches(/^\d{6}$/, MSG.smsFormat));

// Registration
export const validateRegisterPassword = compose(
  required(MSG.registerPassword),
  matches(/^(?=.*[A-Za-z])(?=.*\d)\S{8,30}$/, MSG.registerPassword),
);
export const validateRepeatPassword =
  (password: string): Validator =>
  (value) => {
    if (blank(value)) return MSG.repeatPassword;
    return text(value) === password.trim() ? undefined : MSG.passwordMismatch;
  };
export const validateRegisterMobile = compose(required(MSG.mobileRequired), matches(/^1[2-9]\d{9}$/, MSG.mobile));
export const validateRegisterCode = compose(required(MSG.codeRequired), matches(/^\d{6}$/, MSG.smsFormat));
export const validateCompanyName = compose(required(MSG.companyName), lengthBetween(6, 128, MSG.companyName));
export const validateCaptcha = compose(required(MSG.captchaLength), matches(/^[A-Za-z0-9]{6}$/, MSG.captchaLength));
export const validateSwitchPassword = required(MSG.switchPassword);

// Shared invoice and contact rules
export const TAX_NUMBER_PATTERN = /^(?:[A-Z0-9]{15}|[A-Z0-9]{17}|[A-Z0-9]{18}|[A-Z0-9]{20})$/;
export const MOBILE_PATTERN = /^1[2-9]\d{9}$/;
export const NATIONAL_ID_PATTERN = /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

export const validateInvoiceTitle = lengthBetween(2, 36, MSG.invoiceTitle);
export const validateTaxNumber = matches(TAX_NUMBER_PATTERN, MSG.taxNumber);
export const validateTaxpayerId = validateTaxNumber;
export const validateInvoiceBank = lengthBetween(2, 36, MSG.invoiceBank);
export const validateBankAccount = matches(/^\d{9,32}$/, MSG.bankAccount);
export const validateInvoiceAddress = lengthBetween(5, 60, MSG.invoiceAddress);
export const validateInvoicePhone = lengthBetween(1, 30, MSG.invoicePhone);
export const validateContactPhone = matches(/^\d{10,12}$/, MSG.contactPhone);
export const validateRecipient = lengthBetween(2, 6, MSG.recipient);
export const validateAddress = lengthBetween(5, 60, MSG.address);
export const validateMobile = matches(MOBILE_PATTERN, MSG.mobile);
export const validateNationalId = matches(NATIONAL_ID_PATTERN, MSG.nationalId);

/** Date range filters (spec §5): a start needs an end and an end needs a start. */
export function validateDateRange(start: unknown, end: unknown): string | undefined {
  if (!blank(start) && blank(end)) return MSG.endRequired;
  if (blank(start) && !blank(end)) return MSG.startRequired;
  return undefined;
}

/** What a date-range picker refuses before it filters: a half-filled range, or an end before the start. */
export function validateDateRangeInput(start: unknown, end: unknown): string | undefined {
  const missing = validateDateRange(start, end);
  if (missing) return missing;
  if (!blank(start) && !blank(end) && String(end) < String(start)) return MSG.endBeforeStart;
  return undefined;
}

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Upload check for images: jpg, jpeg, png only, under 10 MB. */
export function validateImageFile(name: string, size: number): string | undefined {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension) || size >= IMAGE_MAX_BYTES) return MSG.imageUpload;
  return undefined;
}

/** Runs a record of validators over a record of values; returns the messages by field. */
export function validateFields<T extends Record<string, unknown>>(
  values: T,
  rules: Partial<Record<keyof T & string, Validator>>,
): Partial<Record<keyof T & string, string>> {
  const errors: Partial<Record<keyof T & string, string>> = {};
  for (const [field, validate] of Object.entries(rules) as [keyof T & string, Validator][]) {
    const message = validate(values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/** A person's name on a form (法人姓名, 联系人姓名): required, 2-32 characters. */
export function personNameError(value: unknown, label: string): string | undefined {
  const name = text(value);
  if (name === '') return `请输入${label}`;
  const length = [...name].length;
  return length < 2 || length > 32 ? `请输入2-32位${label}` : undefined;
}

export const validateLegalPersonName = (value: unknown) => personNameError(value, '法人姓名');
export const validateLinkmanName = (value: unknown) => personNameError(value, '联系人姓名');

export const validateIndustryName = lengthBetween(2, 32, '请输入2-32位行业名称');
export const validateSubsidiaryName = lengthBetween(2, 64, '请输入2-64位分公司名称');
export const validateNoticeTitle = lengthBetween(2, 128, '请输入2-128位标题');

/** Shared rules by name, so plain-data declarations (resources/) can name the rule a field follows. */
export const NAMED_VALIDATORS = {
  companyName: validateCompanyName,
  creditCode: creditCodeError,
  legalPersonName: validateLegalPersonName,
  linkmanName: validateLinkmanName,
  invoiceTitle: validateInvoiceTitle,
  taxNumber: validateTaxNumber,
  invoiceBank: validateInvoiceBank,
  bankAccount: validateBankAccount,
  invoiceAddress: validateInvoiceAddress,
  invoicePhone: validateInvoicePhone,
  mobile: validateMobile,
  contactPhone: validateContactPhone,
  nationalId: validateNationalId,
  recipient: validateRecipient,
  address: validateAddress,
  industryName: validateIndustryName,
  subsidiaryName: validateSubsidiaryName,
  noticeTitle: validateNoticeTitle,
} as const satisfies Record<string, Validator>;

export type ValidatorName = keyof typeof NAMED_VALIDATORS;
