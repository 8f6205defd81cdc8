import { type TranslateFunction, useTranslate } from 'ra-core';

/** What react-admin's useInput wraps a validator's answer in before handing it to react-hook-form. */
const RA_ENCODED = '@@react-admin@@';

/**
 * The text of an input's validation error as the user should read it. react-admin encodes a validator's answer
 * (`@@react-admin@@"请选择生效日期"`) and decodes it only in its own <ValidationError>; an input that shows
 * `fieldState.error.message` itself must go through here, or the encoded form reaches the page.
 */
export function validationMessage(raw: string | undefined, translate: TranslateFunction): string | undefined {
  if (!raw) return undefined;
  let decoded: unknown = raw;
  if (raw.startsWith(RA_ENCODED)) {
    try {
      decoded = JSON.parse(raw.slice(RA_ENCODED.length));
    } catch {
      decoded = raw.slice(RA_ENCODED.length);
    }
  }
  if (decoded && typeof decoded === 'object' && 'message' in decoded) {
    const { message, args } = decoded as { message: string; args?: Record<string, unknown> };
    return translate(message, { _: message, ...args });
  }
  return translate(String(decoded), { _: String(decoded) });
}

/** validationMessage with the app's translator. */
export function useValidationMessage(raw: string | undefined): string | undefined {
  return validationMessage(raw, useTranslate());
}
