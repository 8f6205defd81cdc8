import { parseMoney } from '../../../src/domain/money';
import {
  BANK_CARD_PATTERN,
  duplicateMessage,
  isAlipayAccount,
  isValidNationalId,
  PAYEE_MSG,
  type PayoutMethod,
  parsePayoutMethod,
  passesLuhn,
} from '../../../src/domain/payees';
import { BATCH_MAX_ROW_AMOUNT, type BatchField } from '../../../src/domain/payoutBatch';
import { isTemplateExample, TEMPLATE_EXAMPLE_MSG } from '../../../src/domain/templateExample';
import { MOBILE_PATTERN } from '../../../src/domain/validation';
import { WORKER_MSG } from '../../../src/domain/workers';
import type { RawBatchRow } from './batchFile';
import type { PayoutRow } from './payoutRow';

/**
 * The business rules of one batch payout file: every row, every field, every problem at once (a row may have
 * several), so the merchant fixes the file in one go. Nothing is accepted unless `errors` is empty.
 *
 * The bank card's form (12-19 digits) is an error; a wrong Luhn check digit is a warning (`warnings`, same shape):
 * most such cards are typos the bank refuses later (payoutChannel.ts), but a few real cards do not follow Luhn,
 * so the merchant may accept the warning and submit (remittances.routes.ts asks for that acknowledgement).
 */
export interface RowError {
  rowNo: number;
  field: BatchField;
  message: string;
}

export interface ValidatedRows {
  rows: PayoutRow[];
  errors: RowError[];
  /** Problems the merchant may accept (rows with only warnings are valid). */
  warnings: RowError[];
}

/** The warnings of rows already valid (a stored draft's): a bank card whose check digit fails. */
export function rowWarnings(rows: readonly { rowNo: number; bankCard: string; method?: PayoutMethod }[]): RowError[] {
  // An Alipay row's card, if any, is not paid: its check digit does not matter.
  return rows
    .filter((row) => row.method !== 'alipay' && BANK_CARD_PATTERN.test(row.bankCard) && !passesLuhn(row.bankCard))
    .map((row) => ({ rowNo: row.rowNo, field: 'bankCard', message: PAYEE_MSG.cardCheckDigit }));
}

const NAME_MIN = 2;
const NAME_MAX = 20;
const REMARK_MAX = 50;
/** Units per hundredth of a yuan: a payout has at most two decimals. */
const CENT_UNITS = 100;

const chars = (text: string) => [...text].length;

/** The national ids of the file, upper-cased, to look up on the blacklist. */
export function idCardsOf(rows: readonly RawBatchRow[]): string[] {
  return [...new Set(rows.map((row) => row.values.idCard.trim().toUpperCase()).filter((id) => id !== ''))];
}

function amountError(text: string): { message: string } | { units: number } {
  if (text === '') return { message: PAYEE_MSG.amountRequired };
  const units = parseMoney(text);
  // parseMoney takes a comma only between groups of three digits: '10,00' or '0,50' is a decimal comma.
  if (units === null && text.includes(',')) return { message: PAYEE_MSG.amountComma };
  if (units === null || units % CENT_UNITS !== 0) return { message: PAYEE_MSG.amountInvalid };
  if (units <= 0) return { message: PAYEE_MSG.amountPositive };
  if (units > BATCH_MAX_ROW_AMOUNT) return { message: PAYEE_MSG.amountTooLarge };
  return { units };
}

/** `unsigned`: ID numbers without a signed agreement with the company (workers.service.ts unsignedPayees). */
export function validateRows(
  rows: readonly RawBatchRow[],
  blacklisted: ReadonlySet<string>,
  unsigned: ReadonlySet<string> = new Set(),
): ValidatedRows {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const valid: PayoutRow[] = [];
  const firstRowOfPair = new Map<string, number>();
  for (const row of rows) {
    const found: RowError[] = [];
    const add = (field: BatchField, message: string) => found.push({ rowNo: row.rowNo, field, message });
    const unreadable = new Set(row.cellErrors.map((error) => error.field));
    for (const error of row.cellErrors) add(error.field, error.message);
    const [name, bankCard, mobile, remark, methodText, alipayAccount] = [
      row.values.name,
      row.values.bankCard,
      row.values.mobile,
      row.values.remark,
      row.values.method ?? '',
      row.values.alipayAccount ?? '',
    ].map((value) => value.trim());
    const method = parsePayoutMethod(methodText);
    const idCard = row.values.idCard.trim().toUpperCase();
    // The template's example payee: one message that says so, not the rules it would break (not signed …).
    if (isTemplateExample({ name, idCard, bankCard })) {
      errors.push({ rowNo: row.rowNo, field: 'name', message: TEMPLATE_EXAMPLE_MSG });
      continue;
    }

    if (name === '') add('name', PAYEE_MSG.nameRequired);
    else if (chars(name) < NAME_MIN || chars(name) > NAME_MAX) add('name', PAYEE_MSG.nameLength);

    if (!unreadable.has('idCard')) {
      if (idCard === '') add('idCard', PAYEE_MSG.idRequired);
      else if (!isValidNationalId(idCard)) add('idCard', PAYEE_MSG.idInvalid);
      else if (blacklisted.has(idCard)) add('idCard', PAYEE_MSG.blacklisted);
      else if (unsigned.has(idCard)) add('idCard', WORKER_MSG.notSigned);
    }

    if (method === null) add('method', PAYEE_MSG.methodInvalid);
    // A bank-card row needs its card; an Alipay row its account. The other one, when given, is still checked.
    if (!unreadable.has('bankCard')) {
      if (bankCard === '') {
        if (method === 'bankcard')
          add('bankCard', methodText === '' ? PAYEE_MSG.cardRequired : PAYEE_MSG.cardRequiredForBank);
      } else if (!BANK_CARD_PATTERN.test(bankCard)) add('bankCard', PAYEE_MSG.cardInvalid);
      else if (method === 'bankcard') warnings.push(...rowWarnings([{ rowNo: row.rowNo, bankCard }]));
    }
    if (alipayAccount === '') {
      if (method === 'alipay') add('alipayAccount', PAYEE_MSG.alipayRequired);
    } else if (!isAlipayAccount(alipayAccount)) add('alipayAccount', PAYEE_MSG.alipayInvalid);

    if (!unreadable.has('mobile') && mobile !== '' && !MOBILE_PATTERN.test(mobile)) {
      add('mobile', PAYEE_MSG.mobileInvalid);
    }

    const amount = unreadable.has('amount') ? null : amountError(row.values.amount.trim());
    if (amount && 'message' in amount) add('amount', amount.message);

    if (chars(remark) > REMARK_MAX) add('remark', PAYEE_MSG.remarkLength);

    // The same person paid twice to the same account in one file is a copy-paste slip.
    const account = method === 'alipay' ? (alipayAccount === '' ? '' : `alipay:${alipayAccount}`) : bankCard;
    if (idCard !== '' && account !== '') {
      const pair = `${idCard}|${account}`;
      const first = firstRowOfPair.get(pair);
      if (first === undefined) firstRowOfPair.set(pair, row.rowNo);
      else add('idCard', duplicateMessage(first, method ?? 'bankcard'));
    }

    if (found.length > 0) {
      errors.push(...found);
    } else if (amount && 'units' in amount) {
      valid.push({
        rowNo: row.rowNo,
        name,
        idCard,
        bankCard,
        mobile: mobile === '' ? null : mobile,
        amount: amount.units,
        remark: remark === '' ? null : remark,
        method: method ?? 'bankcard',
        alipayAccount: alipayAccount === '' ? null : alipayAccount,
      });
    }
  }
  return { rows: errors.length > 0 ? [] : valid, errors, warnings };
}

/** How many different rows have at least one problem. */
export function badRowCount(errors: readonly RowError[]): number {
  return new Set(errors.map((error) => error.rowNo)).size;
}
