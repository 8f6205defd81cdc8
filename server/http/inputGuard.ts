import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { BusinessError } from './errors';
import { unsafeTextReason } from './schemas/keywords';

/**
 * The floor under every route, beside the schemas: a part of a request (body, query string, path parameters) that
 * the route does not describe with a schema yet is still walked before the handler, and refused with 1040400 when
 * it holds what no field of this product stores and what a database chokes on: a control character (PostgreSQL
 * refuses U+0000 in text and answered 500), a bidirectional override, a number that is not finite or not a safe
 * integer, or the words "Infinity" / "NaN" where a number is read. Tab, line feed and carriage return pass (the
 * field may be multi-line); a schema (schemas/formats.ts) then says exactly what each field takes. Call on the root
 * instance before any route: an onRoute hook reaches the routes of every plugin registered after it.
 */

const NOT_A_NUMBER = /^\s*[+-]?(?:Infinity|NaN)\s*$/iu;
/** Past this many values the walk stops: a body is at most 1 MB, and what a schema-less route reads is small. */
const MAX_VALUES = 100_000;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE']);

type Finding = { path: string; message: string };

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  // Parsed query strings are objects of a prototype-less class (fast-querystring); files and buffers are not walked.
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

function badString(value: string): string | undefined {
  if (unsafeTextReason(value, 'lenient')) return '含有控制字符或文字方向控制字符，请删除后再提交';
  if (NOT_A_NUMBER.test(value)) return '不是有效的数字';
  return undefined;
}

/** The first value of `input` that must not reach a handler, with its path; undefined when there is none. */
export function unsafeInput(input: unknown): Finding | undefined {
  const stack: [unknown, string][] = [[input, '']];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_VALUES) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const message = badString(value);
      if (message) return { path, message };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
        return { path, message: '不是有效的数字' };
      }
    } else if (value !== null && typeof value === 'object' && isPlain(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (badString(key)) return { path: itemPath, message: '含有控制字符或文字方向控制字符，请删除后再提交' };
        stack.push([item, itemPath]);
      }
    }
  }
  return undefined;
}

function refusal(finding: Finding, part: string): BusinessError {
  const field = finding.path || part;
  const message = `请求参数有误：${field} ${finding.message}`;
  return new BusinessError(message, CODE_BUSINESS_ERROR, { errors: { [field]: message } });
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const methods = [route.method].flat();
    const body = !schema.body && methods.some((method) => !BODYLESS.has(method));
    const query = !schema.querystring;
    const params = !schema.params && route.url.includes(':');
    if (!body && !query && !params) return;
    // A callback hook, not an async one: it may run on every call of the route (server/README.md).
    const guard = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const finding =
        (body && request.body !== undefined && unsafeInput(request.body)) ||
        (query && unsafeInput(request.query)) ||
        (params && unsafeInput(request.params));
      if (finding) done(refusal(finding, '请求'));
      else done();
    };
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), guard];
  });
}
