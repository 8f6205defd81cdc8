import { type TSchema, Type } from '@sinclair/typebox';
import { Text } from '../http/schemas/formats';

/**
 * The form fields of the public routes (login, SMS, registration; CONVENTIONS: Fastify validates before the
 * handler runs). Forms post every field as text; JSON callers may send numbers, which the shared text format takes
 * as their text. Objects, arrays, over-long values and control characters are refused with 1040400
 * (http/envelope.ts), never reach a handler, never 500. Each field is optional: a missing one gets the handler's
 * own message.
 */
export const formText = (max: number) => Type.Optional(Text({ max, numbers: true }));

export const formBody = (properties: Record<string, TSchema>) =>
  Type.Object(properties, { additionalProperties: true });
