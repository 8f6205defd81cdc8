import {
  MSG,
  type Validator,
  validateAddress,
  validateBankAccount,
  validateContactPhone,
  validateInvoiceAddress,
  validateInvoiceBank,
  validateInvoicePhone,
  validateInvoiceTitle,
  validateRecipient,
  validateTaxNumber,
} from './validation';

/**
 * The rules of an invoice application shared by the application page and the server: the company's invoice
 * information an application copies (all six fields required, each under its shared rule) and the mailing
 * fields a paper invoice needs (recipient 2-6, phone 10-12 digits, address 5-60).
 */
export const INCOMPLETE_INFO = '请先完善发票信息';

export interface InvoiceInfo {
  title: string;
  taxNumber: string;
  bankName: string;
  bankAccount: string;
  address: string;
  phone: string;
}

interface Rule<K extends string> {
  field: K;
  label: string;
  /** The message when the value is blank: the rule's own. */
  message: string;
  validate: Validator;
}

/** In the order a person reads them; `companySource` is the company record's field (resources/companies.ts). */
export const INVOICE_INFO_RULES: readonly (Rule<keyof InvoiceInfo> & { companySource: string })[] = [
  {
    field: 'title',
    companySource: 'invoiceTitle',
    label: '发票抬头',
    message: MSG.invoiceTitle,
    validate: validateInvoiceTitle,
  },
  {
    field: 'taxNumber',
    companySource: 'invoiceTaxNumber',
    label: '纳税人识别号',
    message: MSG.taxNumber,
    validate: validateTaxNumber,
  },
  {
    field: 'bankName',
    companySource: 'invoiceBank',
    label: '开户银行',
    message: MSG.invoiceBank,
    validate: validateInvoiceBank,
  },
  {
    field: 'bankAccount',
    companySource: 'invoiceAccount',
    label: '银行账号',
    message: MSG.bankAccount,
    validate: validateBankAccount,
  },
  {
    field: 'address',
    companySource: 'invoiceAddress',
    label: '开票地址',
    message: MSG.invoiceAddress,
    validate: validateInvoiceAddress,
  },
  {
    field: 'phone',
    companySource: 'invoicePhone',
    label: '开票电话',
    message: MSG.invoicePhone,
    validate: validateInvoicePhone,
  },
];

export type MailingField = 'recipient' | 'recipientPhone' | 'mailAddress';

export const MAILING_RULES: readonly Rule<MailingField>[] = [
  { field: 'recipient', label: '收件人', message: MSG.recipient, validate: validateRecipient },
  { field: 'recipientPhone', label: '联系电话', message: MSG.contactPhone, validate: validateContactPhone },
  { field: 'mailAddress', label: '邮寄地址', message: MSG.address, validate: validateAddress },
];

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A required value under its rule: blank gives the rule's own message. */
function problemOf(rule: Rule<string>, value: unknown): string | undefined {
  return text(value) === '' ? rule.message : rule.validate(text(value));
}

/** The company record's invoice fields under the application's names. */
export function invoiceInfoOfCompany(company: Record<string, unknown>): Partial<Record<keyof InvoiceInfo, string>> {
  return Object.fromEntries(INVOICE_INFO_RULES.map((rule) => [rule.field, text(company[rule.companySource])]));
}

/** The first rule the information breaks, or undefined when it can go on an invoice. */
export function invoiceInfoProblem(info: Partial<Record<keyof InvoiceInfo, unknown>>): string | undefined {
  for (const rule of INVOICE_INFO_RULES) {
    const problem = problemOf(rule, info[rule.field]);
    if (problem) return problem;
  }
  return undefined;
}

export interface InvoiceInfoGap {
  field: keyof InvoiceInfo;
  label: string;
  /** Blank, rather than filled in a form the rule refuses. */
  missing: boolean;
  message: string;
}

/** Every field the information lacks or has wrong, in reading order: what the application page asks to complete. */
export function invoiceInfoGaps(info: Partial<Record<keyof InvoiceInfo, unknown>>): InvoiceInfoGap[] {
  return INVOICE_INFO_RULES.flatMap((rule) => {
    const problem = problemOf(rule, info[rule.field]);
    if (!problem) return [];
    return [{ field: rule.field, label: rule.label, missing: text(info[rule.field]) === '', message: problem }];
  });
}

/** The gaps in words: 「尚未填写：发票抬头、纳税人识别号；需要修改：开票电话（…）」. */
export function invoiceInfoGapText(gaps: readonly InvoiceInfoGap[]): string {
  const missing = gaps.filter((gap) => gap.missing).map((gap) => gap.label);
  const wrong = gaps.filter((gap) => !gap.missing).map((gap) => `${gap.label}（${gap.message}）`);
  return [
    missing.length > 0 ? `尚未填写：${missing.join('、')}` : '',
    wrong.length > 0 ? `需要修改：${wrong.join('、')}` : '',
  ]
    .filter(Boolean)
    .join('；');
}

/** The mailing fields' messages by field (empty when a paper invoice can be sent there). */
export function mailingErrors(values: Partial<Record<MailingField, unknown>>): Partial<Record<MailingField, string>> {
  const errors: Partial<Record<MailingField, string>> = {};
  for (const rule of MAILING_RULES) {
    const problem = problemOf(rule, values[rule.field]);
    if (problem) errors[rule.field] = problem;
  }
  return errors;
}
