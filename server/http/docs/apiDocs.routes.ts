import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../appServices';
import { ok } from '../envelope';
import { Answers, Query } from '../schemas/formats';
import { checkDocsAccess, DOCS_CODES, type DocsAccess, issueTicket } from './docsAccess';

/**
 * The API document and its reader (docsAccess.ts says who may read them and why the reader page is public):
 * - GET /api/docs/openapi.json   the OpenAPI 3.1 document (Bearer of a UI_SYSTEM_TOOL holder, or ?ticket=);
 * - GET /api/docs/link           a reader address with a 10-minute ticket, for a holder of UI_SYSTEM_TOOL;
 * - GET /api/docs                the reader (Swagger UI); its own copy of the document (/api/docs/json) is checked
 *                                the same way.
 */

export function docsAccessOf({ config, db, tokens }: Pick<AppServices, 'config' | 'db' | 'tokens'>): DocsAccess {
  return { isPublic: config.apiDocsPublic, secret: config.jwtSecret, db, tokens };
}

/**
 * Runs in the reader's page (Swagger UI's requestInterceptor): the document is fetched with the page's ticket, and
 * every call with the session's token when the page was opened in the web app's tab.
 */
function requestInterceptor(request: { url: string; headers: Record<string, string> }) {
  const ticket = new URLSearchParams(window.location.search).get('ticket');
  const token = window.sessionStorage?.getItem('token');
  const url = new URL(request.url, window.location.href);
  if (ticket && /\/api\/docs\/(?:json|yaml)$/.test(url.pathname)) {
    url.searchParams.set('ticket', ticket);
    request.url = url.toString();
  }
  if (token && !request.headers.Authorization && !request.headers.authorization) {
    request.headers.Authorization = `Bearer ${token}`;
  }
  return request;
}

/** The reader, on the root instance (outside the API's access hook: its page and files are public). */
export async function registerApiDocsReader(app: FastifyInstance, access: DocsAccess): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'none', deepLinking: true, requestInterceptor } as never,
    uiHooks: {
      onRequest: async (request: FastifyRequest) => {
        const path = request.url.split('?')[0];
        if (/\/(?:json|yaml)$/.test(path)) await checkDocsAccess(request, access);
      },
    },
  });
}

export async function apiDocsRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const access = docsAccessOf(services);
  let document: string | undefined;
  app.get(
    '/api/docs/openapi.json',
    {
      config: { access: { public: true } },
      schema: {
        summary: '接口文档（OpenAPI 3.1）',
        description:
          '持有系统工具权限（UI_SYSTEM_TOOL）的登录用户可读，或带 /api/docs/link 给出的 ticket；API_DOCS_PUBLIC=1 时公开',
        querystring: Query({ ticket: Type.Optional(Type.String({ maxLength: 80 })) }),
        response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 文档' }) },
      },
    },
    async (request, reply) => {
      await checkDocsAccess(request, access);
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
  app.get(
    '/api/docs/link',
    {
      config: { access: { permissions: [...DOCS_CODES] } },
      schema: {
        summary: '接口文档的阅读地址（10 分钟内有效）',
        querystring: Query({}),
        response: Answers(Type.Object({ url: Type.String(), expiresAt: Type.Integer() })),
      },
    },
    async () => {
      const { ticket, expires } = issueTicket(services.config.jwtSecret);
      return ok({ url: `/api/docs/?ticket=${encodeURIComponent(ticket)}`, expiresAt: expires });
    },
  );
}
