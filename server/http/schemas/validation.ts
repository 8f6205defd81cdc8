import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { addSharedKeywords } from './keywords';

/**
 * One way to validate: every route's params, querystring and body go through these two compilers.
 * - Query strings and path parameters are text by nature: they are coerced to the declared type ('1' → 1,
 *   `?ids=1` → [1]). Ids never rely on coercion ("1e3" would become 1000): they use the x-id keyword.
 * - Bodies are JSON (or forms, whose fields are text): nothing is coerced, so `null`, `true` or "12" never become
 *   0, 1 or 12 unnoticed; where a client may send either a number or its digits, the format says so (formats.ts).
 * Both refuse NaN and Infinity (strictNumbers), report every failing field (allErrors: the form shows each one on
 * its input) and keep the failing schema beside each error (verbose), from which messages.ts takes its words.
 */
const COMMON: Options = {
  allErrors: true,
  verbose: true,
  strictNumbers: true,
  allowUnionTypes: true,
  useDefaults: true,
  // Unknown body fields are ignored by the handlers; declared ones are what they read.
  removeAdditional: false,
  // TypeBox adds `[Kind]` symbols only; keywords outside JSON Schema are ours (keywords.ts) and annotations.
  strict: false,
};

export function sharedAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...COMMON, ...options });
  addFormats(ajv);
  return addSharedKeywords(ajv);
}

export function validatorCompilers(): FastifySchemaCompiler<FastifySchema> {
  const body = sharedAjv({ coerceTypes: false });
  const text = sharedAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema as object) as never;
}

/** Installs the compilers on the root instance, before any route (every plugin inherits them). */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompilers());
}
