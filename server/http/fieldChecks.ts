import type { FieldDeclaration, FilterDeclaration } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { validatedValues } from './declaredForm';
import { BusinessError, fail } from './errors';

/** A check validatedValues cannot name: the message for a value that passed the declared rules. */
export type FieldCheck = (value: string | number) => string | undefined | Promise<string | undefined>;

/** Text of `min`-`max` characters (code points), else `message` (e.g. 请输入2-32位行业名称). */
export function lengthBetween(min: number, max: number, message: string): FieldCheck {
  return (value) => {
    const length = [...String(value)].length;
    return length < min || length > max ? message : undefined;
  };
}

/**
 * validatedValues field by field, then each field's own checks (a length range with the entity's message,
 * a uniqueness or existence lookup) on the values that passed. Like validatedValues, every failing field is
 * reported at once: 1040400 with the first message and `content.errors` by field.
 */
export async function checkedValues<S extends string>(
  body: unknown,
  fields: readonly (FieldDeclaration & { source: S })[],
  options: { maxChars?: Partial<Record<S, number>>; requireAll?: boolean; checks?: Partial<Record<S, FieldCheck>> },
): Promise<Partial<Record<S, string | number | null>>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values: Partial<Record<S, string | number | null>> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    let checked: Partial<Record<S, string | number | null>>;
    try {
      checked = validatedValues(body, [field], options);
    } catch (error) {
      const fieldErrors = error instanceof BusinessError ? (error.content as { errors?: object } | null)?.errors : null;
      if (!fieldErrors) throw error;
      Object.assign(errors, fieldErrors);
      continue;
    }
    if (!Object.hasOwn(checked, field.source)) continue;
    const value = checked[field.source] as string | number | null;
    const message = value === null ? undefined : await options.checks?.[field.source]?.(value);
    if (message) errors[field.source] = message;
    else values[field.source] = value;
  }
  const messages = Object.values(errors);
  if (messages.length > 0) throw new BusinessError(messages[0], CODE_BUSINESS_ERROR, { errors });
  return values;
}

/** True when a write failed on a unique index (SQLite or PostgreSQL): the caller answers its own message. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** An enum filter's value (already a number) must be one of its declared choices, else 「label」的取值不正确. */
export function choiceFilter(declared: readonly FilterDeclaration[], key: string, value: number | undefined) {
  const filter = declared.find((item) => item.key === key);
  if (value !== undefined && filter?.choices && !filter.choices.some((choice) => choice.id === value)) {
    fail(`${filter.label}的取值不正确`);
  }
  return value;
}

/**
 * Runs a write; when it fails on a unique index (two saves of one name at the same moment, past the check
 * before them) answers like that check: `message` on `field`.
 */
export async function writeUnique<T>(write: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new BusinessError(message, CODE_BUSINESS_ERROR, { errors: { [field]: message } });
    throw error;
  }
}

/** The column a write left empty against a NOT NULL constraint (SQLite or PostgreSQL), else undefined. */
export function notNullColumn(error: unknown): string | undefined {
  const failure = error as { code?: unknown; message?: unknown; column?: unknown } | null;
  if (failure?.code === '23502' && typeof failure.column === 'string') return failure.column;
  if (failure?.code === 'SQLITE_CONSTRAINT_NOTNULL' && typeof failure.message === 'string') {
    return /NOT NULL constraint failed: [^.\s]+\.(\S+)/.exec(failure.message)?.[1];
  }
  return undefined;
}

/**
 * Runs a write of declared fields; when it leaves a column empty that may not be (a blank optional field, read as
 * "no value", on a column without a default), answers 「<label>不能为空」 on that field, never a server error.
 */
export async function writeFilled<T>(
  write: () => Promise<T>,
  labelsByColumn: Record<string, readonly [string, string]>,
) {
  try {
    return await write();
  } catch (error) {
    const column = notNullColumn(error);
    const field = column === undefined ? undefined : labelsByColumn[column];
    if (!field) throw error;
    const message = `${field[1]}不能为空`;
    throw new BusinessError(message, CODE_BUSINESS_ERROR, { errors: { [field[0]]: message } });
  }
}
