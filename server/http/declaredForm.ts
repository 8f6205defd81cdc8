import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FieldDeclaration } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { NAMED_VALIDATORS, required } from '../../src/domain/validation';
import { BusinessError, fail } from './errors';
import { Body, Integer, Text } from './schemas/formats';

/**
 * Checks the submitted values of declared form fields with the shared validators (src/domain). Absent
 * fields are left alone unless `requireAll` (create); unknown fields are ignored. Text is trimmed and
 * a blank optional value becomes null. On failure answers 1040400 with the first message and
 * `content.errors` by field, which the generated form shows on each input.
 */
export function validatedValues<S extends string>(
  body: unknown,
  fields: readonly (FieldDeclaration & { source: S })[],
  options: { maxChars?: Partial<Record<S, number>>; requireAll?: boolean } = {},
): Partial<Record<S, string | number | null>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values = body as Record<string, unknown>;
  const changes: Partial<Record<S, string | number | null>> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const present = Object.hasOwn(values, field.source) && values[field.source] !== undefined;
    if (!present && !(options.requireAll && field.required)) continue;
    const raw = values[field.source];
    if (raw !== null && raw !== undefined && typeof raw === 'object') {
      errors[field.source] = `${field.label}格式不正确`;
      continue;
    }
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    const maxChars = options.maxChars?.[field.source];
    const numeric =
      field.type === 'number' ||
      field.type === 'enum' ||
      field.type === 'money' ||
      field.type === 'rate' ||
      field.type === 'reference';
    let message =
      (field.validate ? NAMED_VALIDATORS[field.validate](value) : undefined) ??
      (field.required
        ? required(`${field.type === 'reference' ? '请选择' : '请输入'}${field.label}`)(value)
        : undefined) ??
      (maxChars !== undefined && [...value].length > maxChars ? `${field.label}不能超过${maxChars}个字符` : undefined);
    if (!message && numeric && value !== '' && !/^-?\d{1,15}$/.test(value)) message = `${field.label}必须是整数`;
    if (!message && field.choices && value !== '' && !field.choices.some((choice) => choice.id === Number(value))) {
      message = `${field.label}的取值不正确`;
    }
    if (message) errors[field.source] = message;
    else changes[field.source] = value === '' ? null : numeric ? Number(value) : value;
  }
  const messages = Object.values(errors);
  if (messages.length > 0) throw new BusinessError(messages[0], CODE_BUSINESS_ERROR, { errors });
  return changes;
}

/** Longest text of a declared field without its own limit (a link, a name); multi-line text may be longer. */
const DEFAULT_TEXT_CHARS = 1000;
const DEFAULT_LONGTEXT_CHARS = 100_000;
/** What a rate is in the API: the pages show and take it as a percentage. */
export const RATE_DESCRIPTION = '费率，单位为万分之一的整数（600 即 6.00%）';
/** validatedValues takes numbers of at most 15 digits. */
const MAX_FORM_NUMBER = 999_999_999_999_999;

/**
 * The body schema of a declared form: each field's type, characters and length, checked before the handler
 * (schemas/formats.ts), so what validatedValues then reads is text without control characters or a whole number.
 * What a blank optional value means, required fields, the shared rules (a field's `validate`) and the binding's own
 * checks stay with validatedValues / checkedValues, which report every field at once with the entity's words; a
 * binding may rewrite a value before them (an ID number upper-cased, a date cut to its day).
 */
export function declaredFormSchema<S extends string>(
  fields: readonly (FieldDeclaration & { source: S })[],
  options: { maxChars?: Partial<Record<S, number>> } = {},
): TObject {
  const properties: Record<string, TSchema> = {};
  for (const field of fields) {
    const title = field.label;
    // The field's own limit is validatedValues' (with every other field's message); this one only bounds the work.
    const max = Math.max(options.maxChars?.[field.source] ?? 0, DEFAULT_TEXT_CHARS);
    let schema: TSchema;
    switch (field.type) {
      case 'number':
      case 'money':
        schema = Integer({ title, digits: true, blank: true, minimum: -MAX_FORM_NUMBER, maximum: MAX_FORM_NUMBER });
        break;
      case 'rate':
        // The range is the binding's check (with its message); the page converts the percentage typed.
        schema = Integer({
          title,
          description: RATE_DESCRIPTION,
          digits: true,
          blank: true,
          minimum: -MAX_FORM_NUMBER,
          maximum: MAX_FORM_NUMBER,
        });
        break;
      case 'enum':
        // Which ids are choices is validatedValues' answer, beside every other field's (all at once).
        schema = Integer({ title, digits: true, blank: true, minimum: -MAX_FORM_NUMBER, maximum: MAX_FORM_NUMBER });
        break;
      case 'reference':
        // Which record it names (and whether it exists) is the reference check's answer, with its own message.
        schema = Integer({ title, digits: true, blank: true, minimum: -MAX_FORM_NUMBER, maximum: MAX_FORM_NUMBER });
        break;
      case 'longtext':
        schema = Text({
          title,
          max: Math.max(max, DEFAULT_LONGTEXT_CHARS),
          multiline: true,
          numbers: true,
          blank: true,
        });
        break;
      default:
        schema = Text({ title, max, numbers: true, blank: true });
    }
    properties[field.source] = Type.Optional(schema);
  }
  return Body(properties);
}
