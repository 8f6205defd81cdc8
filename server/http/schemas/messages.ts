import type { FastifySchemaValidationError } from 'fastify/types/schema';

/**
 * Turns the validator's refusals into the Chinese messages the UI shows (1040400): the first as the message,
 * every field's first in `content.errors` by field (the generated forms show each on its input). A field's words
 * come from its schema (formats.ts): `x-message` for any refusal, `x-required` when it is missing or blank,
 * otherwise its `title` with the rule it broke. A field without a title is named by its path, as before:
 * 「请求参数有误：name 过长（最多 64 个字符）」. No English from ajv ever reaches the answer.
 */

interface FieldSchema {
  title?: string;
  'x-message'?: string;
  'x-required'?: string;
  properties?: Record<string, FieldSchema>;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
}

type Refusal = FastifySchemaValidationError & { parentSchema?: FieldSchema; data?: unknown };

const PART: Record<string, string> = {
  body: '请求内容',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

const FORMAT_WORDS: Record<string, string> = {
  'china-date': '（日期格式为 YYYY-MM-DD）',
  'china-month': '（月份格式为 YYYY-MM）',
  'china-datetime': '（时间格式为 YYYY-MM-DD HH:mm:ss）',
};

function typeWords(type: unknown, schema: FieldSchema | undefined): string {
  if (schema && 'x-text' in schema) return '格式不正确';
  const types = [type].flat();
  if (types.includes('integer')) return '必须是整数';
  if (types.includes('number')) return '必须是数字';
  if (types.includes('array')) return '必须是列表';
  if (types.includes('object')) return '格式不正确';
  if (types.includes('boolean')) return '必须是 true 或 false';
  return '格式不正确';
}

/** The field's own message for one refusal, named by `title` when it has one. */
function fieldMessage(error: Refusal, schema: FieldSchema | undefined, path: string): string {
  const params = error.params as Record<string, any>;
  if (error.keyword === 'x-rule' && typeof params.message === 'string') return params.message;
  const title = schema?.title;
  const missing = error.keyword === 'required' || (error.keyword === 'minLength' && params.limit === 1);
  if (missing && schema?.['x-required']) return schema['x-required'];
  if (schema?.['x-message'] && !missing) return schema['x-message'];
  if (!title) return untitledMessage(error, path);
  // An id is right or it is not: 「企业编号格式不正确」 whatever rule it broke.
  if (schema && 'x-id' in schema && error.keyword !== 'required') return `${title}格式不正确`;
  switch (error.keyword) {
    case 'x-integer':
      return `${title}必须是整数`;
    case 'minimum':
      return `${title}不能小于${params.limit}`;
    case 'maximum':
      return `${title}不能大于${params.limit}`;
    case 'required':
      return `请输入${title}`;
    case 'x-text':
      return params.reason === 'bidi'
        ? `${title}不能包含文字方向控制字符，请删除后再提交`
        : `${title}不能包含控制字符，请删除后再提交`;
    case 'maxLength':
      return `${title}不能超过${params.limit}个字符`;
    case 'minLength':
      return params.limit === 1 ? `请输入${title}` : `${title}不能少于${params.limit}个字符`;
    case 'maxItems':
      return `${title}最多${params.limit}项`;
    case 'minItems':
      return `${title}至少${params.limit}项`;
    case 'multipleOf':
      return params.multipleOf === 100 ? `${title}须精确到分` : `${title}格式不正确`;
    case 'enum':
    case 'const':
      // A choice's id that is not even a number reads like any number field's refusal.
      if (schema && 'x-integer' in schema && !/^-?\d+$/.test(String(error.data))) return `${title}必须是整数`;
      return `${title}的取值不正确`;
    case 'type':
      return `${title}${typeWords(params.type, schema)}`;
    case 'format':
      return `${title}格式不正确${FORMAT_WORDS[params.format] ?? ''}`;
    default:
      return `${title}格式不正确`;
  }
}

/** A field without a Chinese name: the message names its path (the wording of the first schemas). */
function untitledMessage(error: Refusal, path: string): string {
  const params = error.params as Record<string, any>;
  const field = path || '请求';
  switch (error.keyword) {
    case 'required':
      return `请求参数有误：缺少 ${field}`;
    case 'maxLength':
      return `请求参数有误：${field} 过长（最多 ${params.limit} 个字符）`;
    case 'x-text':
      return `请求参数有误：${field} 含有控制字符`;
    case 'additionalProperties':
      return `请求参数有误：不支持的参数 ${params.additionalProperty}`;
    default:
      return `请求参数有误：${field} 格式不正确`;
  }
}

export interface ValidationAnswer {
  message: string;
  /** The first message of each field, by its path (a.b.0 for nested ones). */
  errors: Record<string, string>;
}

/** The answer to a request a schema refused (context: body, querystring, params or headers). */
export function validationAnswer(refusals: readonly Refusal[], context: string | undefined): ValidationAnswer {
  const errors: Record<string, string> = {};
  let first: string | undefined;
  for (const error of refusals) {
    const params = error.params as Record<string, any>;
    const segments = error.instancePath.split('/').filter(Boolean).map(unescapePointer);
    let schema: FieldSchema | undefined = error.parentSchema;
    if (error.keyword === 'required') {
      segments.push(String(params.missingProperty));
      schema = error.parentSchema?.properties?.[params.missingProperty];
    }
    const path = segments.join('.');
    // anyOf/oneOf report each branch and then themselves: the branch's words are the useful ones.
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && Object.hasOwn(errors, path)) continue;
    if (error.keyword === 'type' && segments.length === 0 && context === 'body') {
      first ??= '请求内容必须是 JSON 对象';
      continue;
    }
    const message = fieldMessage(error, schema, path);
    first ??= message;
    if (path && !Object.hasOwn(errors, path)) errors[path] = message;
  }
  return { message: first ?? `${PART[context ?? ''] ?? '请求'}格式不正确`, errors };
}

/**
 * The envelope's content for a refusal: the fields' messages for a body (a form shows each on its input), nothing
 * for a query string or path (a list or a link shows the message).
 */
export function refusalContent(answer: ValidationAnswer, context: string | undefined) {
  return context === 'body' && Object.keys(answer.errors).length > 0 ? { errors: answer.errors } : null;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
