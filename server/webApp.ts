import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_PATHS } from '../src/domain/routes';
import { AppPages, type PageEncoding, type PageName } from './appPages';
import type { ServerConfig } from './config';

/**
 * Paths handled by the API; everything else that is not a file is an app route and gets index.html.
 * Not '/login': POST /login is the API (any non-GET is), but GET /login is the app's login page.
 */
const API_PREFIXES = ['/api/', '/api-v1/'];
/** API-only paths that are not app routes either (GET /login, by contrast, is the login page). */
const API_PATHS = new Set(['/code/login', '/refresh_token']);

/** Every directive but default-src, script-src and connect-src. */
const OTHER_DIRECTIVES = [
  // The PDF preview's pdf.js worker is one of our built assets (dist/assets/pdf.worker.min-*.mjs): only
  // same-origin workers, never blob: ones, whatever script-src becomes.
  "worker-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * The CSP of every page; a page's own inline scripts (admin.html's boot) are allowed by their hashes only, and it
 * connects to its own origin and to the API's when config.json names one elsewhere.
 */
function contentSecurityPolicy(
  inlineScriptHashes: readonly string[] = [],
  connectSources: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScriptHashes].join(' '),
    ['connect-src', "'self'", ...connectSources].join(' '),
    ...OTHER_DIRECTIVES,
  ].join('; ');
}

/** br when the browser takes it, else gzip, else none (HTTP clients without Accept-Encoding, the tests' inject). */
function pageEncoding(request: FastifyRequest): PageEncoding | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
    .map(([coding]) => coding.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

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
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', contentSecurityPolicy());
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
    // The pages go out through sendPage below, with config.json in their head and their own CSP (admin.html's
    // inline boot would not run under the default one), whatever the path they are asked for by.
    globIgnore: ['index.html*', 'admin.html*'],
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
  const sendPage = (request: FastifyRequest, reply: FastifyReply, name: PageName) => {
    const page = pages.page(name);
    const encoding = pageEncoding(request);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('content-security-policy', contentSecurityPolicy(page.inlineScriptHashes, page.connectSources))
      .type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page.encodedAs(encoding));
  };
  app.get('/*', (request, reply) => {
    if (isApiCall(request.method, request.url)) {
      return reply.callNotFound();
    }
    const pathname = request.url.split('?')[0];
    return sendPage(request, reply, PUBLIC_PATHS.includes(pathname) ? 'index.html' : adminPage);
  });
  app.get('/', (request, reply) => sendPage(request, reply, 'index.html'));
}
