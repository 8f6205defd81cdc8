import { type Static, type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { CREDIT_CODE_MSG } from '../../../src/domain/creditCode';
import {
  MOBILE_PATTERN,
  MSG,
  NATIONAL_ID_PATTERN,
  TAX_NUMBER_PATTERN,
  type ValidatorName,
} from '../../../src/domain/validation';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../listQuery';

/**
 * The shared formats every route schema is built from (server/README.md, "Route schemas"). Each is a TypeBox
 * schema with the words its refusal needs: `title` is the field's Chinese name (「企业编号格式不正确」), `x-message`
 * the whole message where the spec gives one (a shared rule of src/domain), `x-required` the message for a
 * missing or blank value. The keywords they use (x-text, x-id, x-integer, x-rule) live in keywords.ts.
 */

export interface Labelled {
  /** The field's Chinese name, e.g. 企业编号. */
  title?: string;
  description?: string;
}

interface Optionals extends Labelled {
  'x-message'?: string;
  'x-required'?: string;
}

const labels = ({ title, description, ...rest }: Optionals & { [key: string]: unknown }) => ({
  ...(title ? { title } : {}),
  ...(description ? { description } : {}),
  ...rest,
});

// --- Text -----------------------------------------------------------------------------------------------------

export interface TextOptions extends Labelled {
  /** Longest value in characters (code points), after trimming. */
  max: number;
  min?: number;
  /** A multi-line field (an address, a notice's body): line feeds and tabs are kept. */
  multiline?: boolean;
  /** A shared rule of src/domain/validation.ts, whose message is the refusal's. */
  rule?: ValidatorName;
  pattern?: RegExp;
  /** The message for any refusal of this field. */
  message?: string;
  /** The message when the field is required and missing or blank. */
  requiredMessage?: string;
  /** A form field a script may send as a JSON number: the number is taken as its text. */
  numbers?: boolean;
  /** null is taken too (a form's cleared field). */
  blank?: boolean;
}

/**
 * Text, trimmed and NFC-normalised once; refuses U+0000–U+001F (a multi-line field keeps line feed and tab) and
 * the bidirectional overrides U+202A–U+202E, U+2066–U+2069. Length limits count characters of the stored value.
 */
export function Text(options: TextOptions) {
  const { max, min, multiline, rule, pattern, message, requiredMessage, numbers, blank, ...rest } = options;
  return Type.Unsafe<string>({
    type: ['string', ...(numbers ? ['number'] : []), ...(blank ? ['null'] : [])],
    maxLength: max,
    ...(min !== undefined ? { minLength: min } : {}),
    ...(pattern ? { pattern: pattern.source } : {}),
    'x-text': { ...(multiline ? { multiline: true } : {}), ...(numbers ? { numbers: true } : {}) },
    ...(rule ? { 'x-rule': rule } : {}),
    ...labels({ ...rest, 'x-message': message, 'x-required': requiredMessage }),
  });
}

/**
 * A short value kept as sent, text or number or true/false (a declared action's `status: 0`, which the handler
 * compares as text): text is still trimmed and checked for control characters, a number must be finite.
 */
export const Scalar = (options: Labelled & { max?: number; blank?: boolean } = {}) => {
  const { max, blank, ...rest } = options;
  return Type.Unsafe<string | number | boolean>({
    type: ['string', 'number', 'boolean', ...(blank ? ['null'] : [])],
    maxLength: max ?? 64,
    'x-text': {},
    ...labels({ ...rest }),
  });
};

/** Multi-line text (line feeds and tabs kept). */
export const LongText = (options: Omit<TextOptions, 'multiline'>) => Text({ ...options, multiline: true });

// --- Numbers --------------------------------------------------------------------------------------------------

export interface IdOptions extends Labelled {
  /** The id may come as its digits ("12"), as the spec's calls and every path parameter send it. */
  digits?: boolean;
  /** A form's empty choice: '' and null are taken too (the handler reads them as no value). */
  blank?: boolean;
}

/** The JSON types of a number field: integer, and text for its digits, and null for a blank one. */
function numberTypes(digits?: boolean, blank?: boolean): string | string[] {
  if (!digits && !blank) return 'integer';
  return ['integer', ...(digits || blank ? ['string'] : []), ...(blank ? ['null'] : [])];
}

/** The keyword options of x-id / x-integer. */
const numberKeyword = (digits?: boolean, blank?: boolean) => ({
  ...(digits ? { digits: true } : {}),
  ...(blank ? { blank: true } : {}),
});

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * A record id: a positive safe integer; with `digits` also its digits as text, which become the number. Never
 * "Infinity", "NaN", "1e3", a negative, zero, a fraction or past 2^53 − 1.
 */
export function Id(options: IdOptions = {}) {
  const { digits, blank, ...rest } = options;
  return Type.Unsafe<number>({
    type: numberTypes(digits, blank),
    minimum: 1,
    maximum: MAX_ID,
    ...(digits || blank ? { pattern: blank ? '^(?:[1-9][0-9]{0,15})?$' : '^[1-9][0-9]{0,15}$' } : {}),
    'x-id': numberKeyword(digits, blank),
    ...labels(rest),
  });
}

/** A path parameter naming a record: `{ id: IdParam('行业编号') }`. */
export const IdParam = (title: string) => Id({ title, digits: true });

export interface IntegerOptions extends Labelled {
  minimum?: number;
  maximum?: number;
  digits?: boolean;
  blank?: boolean;
  message?: string;
}

/** A whole number within safe bounds; with `digits` also its digits as text (query strings, forms). */
export function Integer(options: IntegerOptions = {}) {
  const { digits, blank, minimum, maximum, message, ...rest } = options;
  return Type.Unsafe<number>({
    type: numberTypes(digits, blank),
    minimum: minimum ?? -MAX_ID,
    maximum: maximum ?? MAX_ID,
    ...(digits || blank ? { pattern: `^${blank ? '(?:' : ''}-?(?:0|[1-9][0-9]{0,15})${blank ? ')?' : ''}$` } : {}),
    'x-integer': numberKeyword(digits, blank),
    ...labels({ ...rest, 'x-message': message }),
  });
}

/** One of the declared choices' ids (an enum such as a status or an edition). */
export function Choice(ids: readonly number[], options: Labelled & { digits?: boolean; blank?: boolean } = {}) {
  const { digits, blank, ...rest } = options;
  return Type.Unsafe<number>({
    type: numberTypes(digits, blank),
    enum: [...ids, ...(digits ? ids.map(String) : []), ...(blank ? ['', null] : [])],
    'x-integer': numberKeyword(digits, blank),
    ...labels(rest),
  });
}

/** The largest amount the server takes (10^12 yuan in 1/10000 yuan), far below 2^53. */
export const MAX_MONEY_UNITS = 10_000_000_000_000_000;

/**
 * Money that moves or sits in the ledger: an integer in 1/10000 yuan that is a whole fen (a multiple of 100,
 * DESIGN §2), never negative unless `signed`.
 */
export function Fen(options: Labelled & { signed?: boolean; digits?: boolean } = {}) {
  const { signed, digits, ...rest } = options;
  return Type.Unsafe<number>({
    type: numberTypes(digits),
    multipleOf: 100,
    minimum: signed ? -MAX_MONEY_UNITS : 0,
    maximum: MAX_MONEY_UNITS,
    'x-integer': digits ? { digits: true } : {},
    description: rest.description ?? '金额，单位为万分之一元，须为整分（100 的倍数）',
    ...labels({ title: rest.title }),
  });
}

// --- Dates (China time, DESIGN §2) ----------------------------------------------------------------------------

/** 'YYYY-MM-DD', a day that exists, in China time. */
export const ChinaDate = (options: Labelled = {}) =>
  Type.Unsafe<string>({ type: 'string', format: 'china-date', 'x-text': {}, maxLength: 10, ...labels({ ...options }) });

/** 'YYYY-MM', a month (a period such as 所属期), in China time. */
export const ChinaMonth = (options: Labelled = {}) =>
  Type.Unsafe<string>({ type: 'string', format: 'china-month', 'x-text': {}, maxLength: 7, ...labels({ ...options }) });

/** 'YYYY-MM-DD HH:mm:ss' in China time. */
export const ChinaDateTime = (options: Labelled = {}) =>
  Type.Unsafe<string>({
    type: 'string',
    format: 'china-datetime',
    'x-text': {},
    maxLength: 19,
    ...labels({ ...options }),
  });

// --- Identifiers of people and companies (src/domain/validation.ts) -------------------------------------------

/** A mainland mobile number, 11 digits (请输入正确的手机号). */
export const Mobile = (options: Labelled = {}) =>
  Text({ max: 11, pattern: MOBILE_PATTERN, rule: 'mobile', message: MSG.mobile, numbers: true, ...options });

/** An 18-character resident ID number (请输入正确的18位身份证号); lower-case x is kept as sent. */
export const NationalId = (options: Labelled = {}) =>
  Text({ max: 18, pattern: NATIONAL_ID_PATTERN, rule: 'nationalId', message: MSG.nationalId, ...options });

/** 统一社会信用代码 with its check character (GB 32100-2015). */
export const CreditCode = (options: Labelled = {}) =>
  Text({ max: 18, rule: 'creditCode', requiredMessage: CREDIT_CODE_MSG.required, ...options });

/** 纳税人识别号: 15, 17, 18 or 20 capitals or digits. */
export const TaxNumber = (options: Labelled = {}) =>
  Text({ max: 20, pattern: TAX_NUMBER_PATTERN, rule: 'taxNumber', message: MSG.taxNumber, ...options });

// --- Objects, lists and answers -------------------------------------------------------------------------------

/**
 * A JSON body: the declared fields are checked, others are left for the handler to ignore (react-admin sends the
 * whole record back on save).
 */
export const Body = <P extends TProperties>(properties: P, options: Labelled = {}) =>
  Type.Object(properties, { additionalProperties: true, ...labels({ ...options }) });

/** Path parameters: exactly these. */
export const Params = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** The page query every list takes (DESIGN §2): page from 0, size with the list's cap, q=, sort=. */
export function PageQuery(options: { maxSize?: number } = {}) {
  const maxSize = options.maxSize ?? MAX_PAGE_SIZE;
  return {
    page: Type.Optional(
      Integer({
        minimum: 0,
        maximum: 10_000_000,
        digits: true,
        blank: true,
        description: '页码，从 0 开始',
        message: 'page 参数必须是非负整数',
      }),
    ),
    size: Type.Optional(
      Integer({
        minimum: 1,
        maximum: maxSize,
        digits: true,
        blank: true,
        description: `每页条数，默认 ${DEFAULT_PAGE_SIZE}`,
        message: `size 参数必须在 1 到 ${maxSize} 之间`,
      }),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: 4096,
        description: '查询条件 key:value;key2:value2，每个 key:value 单独 URL 编码；只接受该列表声明的键',
      }),
    ),
    sort: Type.Optional(
      Type.String({
        // The field and direction are checked by listQuery.ts against the list's sortable fields, with its messages.
        maxLength: 128,
        description: '排序 field,asc|desc',
      }),
    ),
  };
}

/** A list's query string: the page query and `extra` keys, nothing else but the cache-buster `_`. */
export function ListQuery<P extends TProperties>(extra: P = {} as P, options: { maxSize?: number } = {}) {
  return Type.Object({ ...PageQuery(options), _: Type.Optional(Type.String({ maxLength: 32 })), ...extra });
}

/** A query string of named keys; unknown keys are ignored. */
export const Query = <P extends TProperties>(properties: P) => Type.Object(properties);

/** The envelope every JSON answer has (DESIGN §2): `{ code, message, content }`. */
export function Envelope<T extends TSchema>(content: T) {
  return Type.Object(
    {
      code: Type.Integer({ description: '1020000 成功；1040400 业务错误（message 给用户看）' }),
      message: Type.String(),
      content,
    },
    { additionalProperties: false },
  );
}

/** A page of rows: `content: { content, totalElements, number, size }`. */
export function Page<T extends TSchema>(row: T) {
  return Type.Object({
    content: Type.Array(row),
    totalElements: Type.Integer({ minimum: 0 }),
    number: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 0 }),
  });
}

/** What a record read answers: its fields, and any others the page shows (no field is dropped). */
export const Row = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: true });

/** The JSON type of one answer field (Fields). */
export type FieldType = 'integer' | 'number' | 'string' | 'boolean';

/**
 * A record in an answer, described by its fields' types: each may be absent or null (a left join, an optional
 * column), and any other field passes as it is, so the serializer never drops or invents a value.
 */
export function Fields(types: Record<string, FieldType | TSchema>) {
  const properties: TProperties = {};
  for (const [name, type] of Object.entries(types)) {
    properties[name] = Type.Optional(
      typeof type === 'string' ? Type.Unsafe({ type: [type, 'null'] }) : (type as TSchema),
    );
  }
  return Type.Object(properties, { additionalProperties: true });
}

/**
 * A body the route may also be called without (a confirm button's PUT): a JSON object of these fields, or none
 * (Fastify checks a missing body as null).
 */
export const OptionalBody = <P extends TProperties>(properties: P, options: Labelled = {}) =>
  Type.Union([Body(properties, options), Type.Null()]);

/** Nullable: the value or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A text field a handler judges itself (its own words for a missing or wrong value): optional, blank allowed, a
 * number taken as its digits; the schema bounds only characters and length.
 */
export const HandlerText = (title: string, max = 64) => Type.Optional(Text({ title, max, numbers: true, blank: true }));

/** A record's id a form may leave blank (no record chosen), sent as a number or its digits. */
export const BlankableId = (title: string) => Type.Optional(Id({ title, digits: true, blank: true }));

/** The path of a route on one record: `:id`, refused as 「<title>格式不正确」. */
export const IdParams = (title: string) => Params({ id: IdParam(title) });

/** A success answer of `content` at HTTP 200 (business refusals are written by the error handler, not here). */
export const Answers = <T extends TSchema>(content: T) => ({ 200: Envelope(content) });

/** A file answer (xlsx, pdf, zip, an image): the bytes, not the envelope. */
export function FileAnswer(types: readonly string[], description = '文件') {
  const content: Record<string, { schema: TSchema }> = {};
  for (const type of types) content[type] = { schema: Type.String({ format: 'binary' }) };
  return { 200: { description, content } };
}

export type { Static, TObject, TSchema };
