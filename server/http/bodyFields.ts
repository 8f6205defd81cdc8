/**
 * The request body as named fields. A handler reads its fields one by one and judges each itself, so a body
 * that is not a plain object (absent, null, an array, a bare value) reads as no fields at all: every field is
 * then missing and answers its own message. The route's body schema refuses a non-object JSON body before
 * the handler runs; this reader is what the handler sees for the rest (an empty POST, a multipart request).
 */
export function bodyFields(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A field a handler reads as text: a string trimmed, a number as its digits, anything else blank. */
export const fieldText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
