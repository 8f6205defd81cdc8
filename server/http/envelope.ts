import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  CODE_BUSINESS_ERROR,
  CODE_FORBIDDEN,
  CODE_NOT_FOUND,
  CODE_OK,
  CODE_SERVER_ERROR,
  CODE_UNAUTHENTICATED,
  type Envelope,
  MESSAGES,
} from '../../src/domain/codes';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/availability';
import { sizeText } from './bodyLimits';
import { BusinessError, ForbiddenError, UnauthenticatedError } from './errors';
import { refusalContent, validationAnswer } from './schemas/messages';

export function ok<T>(content: T, message = '操作成功'): Envelope<T> {
  return { code: CODE_OK, message, content };
}

/** Fastify's own refusals of a request it could not read, in the words a user reads (never its English). */
const FASTIFY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空：声明为 JSON 的请求须带 JSON 内容',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型，请以 JSON 或表单提交',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度与 Content-Length 不符',
  FST_ERR_BAD_URL: '请求地址格式不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址中的参数过长',
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: '请求缺少 Content-Type',
  FST_ERR_ROUTE_MISSING_CONTENT: '请求缺少请求内容',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '上传请求须为 multipart/form-data',
  FST_PARTS_LIMIT: '上传的内容项过多',
  FST_FILES_LIMIT: '一次上传的文件过多',
  FST_FIELDS_LIMIT: '上传的表单字段过多',
  FST_PROTO_VIOLATION: '请求内容含有不允许的字段',
};

const STATUS_WORDS: Record<number, string> = {
  400: '请求格式不正确',
  405: '不支持该请求方法',
  406: '不支持的请求格式',
  408: '请求超时，请重试',
  411: '请求缺少 Content-Length',
  414: '请求地址过长',
  415: '不支持的请求内容类型，请以 JSON 或表单提交',
  429: '请求过于频繁，请稍后再试',
  431: '请求头过大',
};

/** The message of a 4xx Fastify or a plugin raised before the handler (bad JSON, wrong content type, ...). */
export function clientErrorMessage(error: FastifyError, status: number): string {
  const known = error.code ? FASTIFY_REFUSALS[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return FASTIFY_REFUSALS.FST_ERR_CTP_INVALID_JSON_BODY;
  // A plugin's own refusal already in Chinese (uploads) stays as it is.
  if (/[\u4e00-\u9fff]/u.test(error.message)) return error.message;
  return STATUS_WORDS[status] ?? `请求无法处理（HTTP ${status}）`;
}

/**
 * Writes an envelope as text: the error handler answers for routes whose response schema describes their success,
 * so its answers must not go through that route's serializer.
 */
function sendEnvelope(reply: FastifyReply, status: number, envelope: Envelope<unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(envelope));
}

/**
 * One central error handler: business errors become a 1040400 envelope the UI shows, auth errors
 * 401/403, a request a schema refused 1040400 with the field's Chinese message and `content.errors` by field
 * (schemas/messages.ts), other malformed requests their 4xx status with a Chinese message under 1040400, an
 * unreachable database 503 (the server stays up and the pool reconnects), everything else 500 without details.
 */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendEnvelope(reply, 200, { code: error.code, message: error.message, content: error.content });
    }
    if (error instanceof UnauthenticatedError) {
      return sendEnvelope(reply, 401, {
        code: CODE_UNAUTHENTICATED,
        message: error.message || '请先登录',
        content: null,
      });
    }
    if (error instanceof ForbiddenError) {
      return sendEnvelope(reply, 403, {
        code: CODE_FORBIDDEN,
        message: error.message || MESSAGES.forbidden,
        content: null,
      });
    }
    if (error.validation) {
      // A body, query or params schema refused the request: a business answer naming the field (DESIGN §2).
      const answer = validationAnswer(error.validation, error.validationContext);
      const content = refusalContent(answer, error.validationContext);
      return sendEnvelope(reply, 200, { code: CODE_BUSINESS_ERROR, message: answer.message, content });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // Fastify's own refusal names the route's limit; @fastify/multipart's (too many files, parts) is an upload's.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `请求内容过大（最多 ${sizeText(request.routeOptions.bodyLimit)}），请精简后再提交`
          : '上传内容过大';
      return sendEnvelope(reply, 413, { code: CODE_BUSINESS_ERROR, message, content: null });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request refused before its handler');
      return sendEnvelope(reply, status, {
        code: CODE_BUSINESS_ERROR,
        message: clientErrorMessage(error, status),
        content: null,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, '数据库暂时无法连接');
      reply.header('retry-after', '5');
      return sendEnvelope(reply, 503, {
        code: CODE_SERVER_ERROR,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        content: null,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, 500, { code: CODE_SERVER_ERROR, message: '服务器内部错误，请稍后再试', content: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({
        code: CODE_NOT_FOUND,
        message: `接口不存在：${request.method} ${request.url.split('?')[0]}`,
        content: null,
      });
  });
}
