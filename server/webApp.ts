import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PUBLIC_PATHS } from '../src/domain/routes';
import { AppPages } from './appPages';
import type { ServerConfig } from './config';

/**
 * Paths handled by the API; everything else that is not a file is an app route and gets index.html.
 * Not '/login': POST /login is the API (any non-GET is), but GET /login is the app's login page.
 */
const API_PREFIXES = ['/api/', '/api-v1/'];
/** API-only paths that are not app routes either (GET /login, by contrast, is the login page). */
const API_PATHS = new Set(['/code/login', '/refresh_token']);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // The PDF preview's pdf.js worker is one of our built assets (dist/assets/pdf.worker.min-*.mjs): only
  // same-origin workers, never blob: ones, whatever script-src becomes.
  "worker-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function isApiCall(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  const pathname = url.split('?')[0];
  return API_PATHS.has(pathname) || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Serves the built web app (dist/) with a strict CSP and a fallback to index.html for app routes. */
export async function registerWebApp(app: FastifyInstance, config: ServerConfig): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      reply.header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });

  const indexFile = path.join(config.webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`未找到前端构建产物 ${indexFile}，请先运行 npm run build；现在只提供 API。`);
    return;
  }
  await app.register(fastifyStatic, {
    root: config.webRoot,
    wildcard: false,
    index: false,
    // dist/ holds .br and .gz beside each asset (scripts/compressDist.mjs)
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed bundles never change; index.html and config.json must always be fresh.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The admin's pages: index.html with the admin chunks preloaded (scripts/bootPlugin.ts), when the build has it.
  const adminPage = existsSync(path.join(config.webRoot, 'admin.html')) ? 'admin.html' : 'index.html';
  const pages = new AppPages(config.webRoot);
  const sendPage = (reply: FastifyReply, page: 'index.html' | 'admin.html') =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pages.page(page));
  app.get('/*', (request, reply) => {
    if (isApiCall(request.method, request.url)) {
      return reply.callNotFound();
    }
    const pathname = request.url.split('?')[0];
    return sendPage(reply, PUBLIC_PATHS.includes(pathname) ? 'index.html' : adminPage);
  });
  app.get('/', (_request, reply) => sendPage(reply, 'index.html'));
}
