import type { Ajv, AnySchemaObject, ErrorObject, JSONType, KeywordDefinition } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';
import { NAMED_VALIDATORS, type ValidatorName } from '../../../src/domain/validation';

/**
 * The keywords and formats the shared formats (formats.ts) rely on, added to every validator the server compiles
 * (validation.ts). They run before the typed keywords (maxLength, pattern), so lengths and patterns see the value
 * as it is stored: trimmed, NFC-normalised, a digit id turned into its number.
 */

/** C0 control characters but tab and line feed, which a multi-line field keeps. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F]/u;
/** Every C0 control character: a one-line field keeps none. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F]/u;
/** What a field of unknown kind may still hold (the family guard, inputGuard.ts): tab, line feed, carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_LENIENT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/u;
/** Bidirectional embeddings, overrides and isolates: they make a name read differently from what is stored. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * The reason a text cannot be kept, or undefined: the one rule of the x-text keyword and of the family guard.
 * `line`: no control character; `multiline`: tab and line feed kept; `lenient`: carriage return kept too.
 */
export function unsafeTextReason(
  value: string,
  kind: 'line' | 'multiline' | 'lenient',
): 'control' | 'bidi' | undefined {
  const control = kind === 'line' ? CONTROL : kind === 'multiline' ? CONTROL_MULTILINE : CONTROL_LENIENT;
  if (control.test(value)) return 'control';
  if (BIDI.test(value)) return 'bidi';
  return undefined;
}

export interface TextKeyword {
  /** A multi-line field: line feeds and tabs stay (CR LF becomes LF). */
  multiline?: boolean;
  /** A JSON number is taken as its decimal text (a form field a script may send as a number). */
  numbers?: boolean;
}

type Validate = ((schema: any, data: any, parentSchema?: any, cxt?: DataValidationCxt) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

/** The keyword's error, with the field's schema beside it like ajv's own errors (verbose), for messages.ts. */
function refuse(
  validate: Validate,
  keyword: string,
  params: Record<string, unknown>,
  parentSchema: AnySchemaObject,
): false {
  validate.errors = [{ keyword, message: keyword, params, parentSchema }];
  return false;
}

function replace(cxt: DataValidationCxt | undefined, value: unknown): void {
  if (cxt?.parentData && cxt.parentDataProperty !== undefined) {
    (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = value;
  }
}

/** x-text: trims, NFC-normalises and refuses control characters and bidirectional overrides. */
const text: Validate = function text(schema: TextKeyword, data, parent, cxt) {
  let value = data;
  if (typeof value === 'number' && schema.numbers && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return true;
  if (schema.multiline) value = value.replace(/\r\n?/g, '\n');
  const reason = unsafeTextReason(value, schema.multiline ? 'multiline' : 'line');
  if (reason) return refuse(text, 'x-text', { reason }, parent);
  value = value.normalize('NFC').trim();
  if (value !== data) replace(cxt, value);
  return true;
};

interface NumberKeyword {
  /** Digits as text are taken and become the number. */
  digits?: boolean;
  /** '' is taken as it is (a form's blank field, which the handler reads as no value). */
  blank?: boolean;
}

/** Digits of a positive whole number without a leading zero, at most 16 (the safe range is checked after). */
const DIGITS = /^[1-9][0-9]{0,15}$/;
const SIGNED_DIGITS = /^-?(?:0|[1-9][0-9]{0,15})$/;

/**
 * x-id: a positive safe integer, or (digits: true) its digits as text, which become the number. "Infinity", "NaN",
 * "1e3", " 7", "-1", "0", "007" and anything past Number.MAX_SAFE_INTEGER are refused.
 */
const id: Validate = function id(schema: NumberKeyword, data, parent, cxt) {
  if (typeof data === 'number') return Number.isSafeInteger(data) && data >= 1 ? true : refuse(id, 'x-id', {}, parent);
  if (typeof data !== 'string' || !schema.digits) return true; // the type keyword answers
  if (data === '' && schema.blank) return true;
  const value = Number(data);
  if (!DIGITS.test(data) || !Number.isSafeInteger(value)) return refuse(id, 'x-id', {}, parent);
  replace(cxt, value);
  return true;
};

/** x-integer: a safe integer, or (digits: true) its digits as text, which become the number. */
const integer: Validate = function integer(schema: NumberKeyword, data, parent, cxt) {
  if (typeof data === 'number') return Number.isSafeInteger(data) ? true : refuse(integer, 'x-integer', {}, parent);
  if (typeof data !== 'string' || !schema.digits) return true;
  if (data === '' && schema.blank) return true;
  const value = Number(data);
  if (!SIGNED_DIGITS.test(data) || !Number.isSafeInteger(value)) return refuse(integer, 'x-integer', {}, parent);
  replace(cxt, value);
  return true;
};

/** x-rule: one of the shared validators of src/domain (its message is the answer's). Blank passes, as there. */
const rule: Validate = function rule(name: ValidatorName, data, parent) {
  if (typeof data !== 'string' || data === '') return true;
  const message = NAMED_VALIDATORS[name](data);
  return message ? refuse(rule, 'x-rule', { message }, parent) : true;
};

const modifying = (keyword: string, validate: Validate, schemaType: JSONType): KeywordDefinition => ({
  keyword,
  schemaType,
  modifying: true,
  errors: true,
  validate,
});

/** Keywords that only carry words for the error handler and the document. */
const ANNOTATIONS = ['x-message', 'x-required'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

/** A calendar day that exists (2021-02-29 does not); the text is China time by contract (DESIGN §2). */
export function isChinaDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const CHINA_FORMATS = {
  'china-date': (value: string) => isChinaDate(value),
  'china-month': (value: string) => MONTH.test(value),
  'china-datetime': (value: string) => {
    const match = DATETIME.exec(value);
    return !!match && isChinaDate(match[1]);
  },
} as const;

export function addSharedKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword(modifying('x-text', text, 'object'));
  ajv.addKeyword(modifying('x-id', id, 'object'));
  ajv.addKeyword(modifying('x-integer', integer, 'object'));
  ajv.addKeyword({ keyword: 'x-rule', schemaType: 'string', errors: true, validate: rule });
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  for (const [name, validate] of Object.entries(CHINA_FORMATS)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}
