import type { FastifyError, FastifyInstance } from 'fastify';
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

/** '请求参数有误：token 格式不正确' from the first schema violation Fastify reports. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as { missingProperty?: string; limit?: number };
  const field =
    first?.instancePath?.split('/').filter(Boolean).join('.') ||
    params.missingProperty ||
    error.validationContext ||
    '请求';
  if (first?.keyword === 'maxLength') return `请求参数有误：${field} 过长（最多 ${params.limit} 个字符）`;
  if (first?.keyword === 'required') return `请求参数有误：缺少 ${field}`;
  return `请求参数有误：${field} 格式不正确`;
}

export function ok<T>(content: T, message = '操作成功'): Envelope<T> {
  return { code: CODE_OK, message, content };
}

/**
 * One central error handler: business errors become a 1040400 envelope the UI shows, auth errors
 * 401/403, malformed requests 400 with Fastify's reason in Chinese, an unreachable database 503 (the server stays up
 * and the pool reconnects), everything else 500 without details.
 */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send({ code: error.code, message: error.message, content: error.content });
    }
    if (error instanceof UnauthenticatedError) {
      return reply
        .status(401)
        .send({ code: CODE_UNAUTHENTICATED, message: error.message || '请先登录', content: null });
    }
    if (error instanceof ForbiddenError) {
      return reply
        .status(403)
        .send({ code: CODE_FORBIDDEN, message: error.message || MESSAGES.forbidden, content: null });
    }
    if (error.validation) {
      // A body, query or params schema refused the request: a business answer naming the field (DESIGN §2).
      return reply.status(200).send({ code: CODE_BUSINESS_ERROR, message: validationMessage(error), content: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // Fastify's own refusal names the route's limit; @fastify/multipart's (too many files, parts) is an upload's.
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `请求内容过大（最多 ${sizeText(request.routeOptions.bodyLimit)}），请精简后再提交`
          : '上传内容过大';
      return reply.status(413).send({ code: CODE_BUSINESS_ERROR, message, content: null });
    }
    if (status >= 400 && status < 500) {
      const message = error.validation ? `请求参数有误：${error.message}` : error.message;
      return reply.status(status).send({ code: CODE_SERVER_ERROR, message, content: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, '数据库暂时无法连接');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: CODE_SERVER_ERROR, message: DATABASE_UNAVAILABLE_MESSAGE, content: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: CODE_SERVER_ERROR, message: '服务器内部错误，请稍后再试', content: null });
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
