import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** A year, the value HSTS preload lists ask for; subdomains are left to their own servers. */
export const HSTS_HEADER = 'max-age=31536000';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin deployment: a web app served from another origin (config.json's apiBase pointing here) calls the API
 * from the browser, which first asks with a preflight OPTIONS. Only the origins in CORS_ORIGINS are answered
 * (@fastify/cors); none are by default, and then no route is added at all. Calls carry the token in the
 * Authorization header, never in cookies, so no credentials are allowed; downloads need their file name
 * (Content-Disposition) readable.
 *
 * Behind TLS (BEHIND_TLS=1) every answer carries Strict-Transport-Security, so a browser that once reached the
 * server over HTTPS never again sends a token over plain HTTP to it.
 */
export async function registerCrossOrigin(app: FastifyInstance, config: ServerConfig): Promise<void> {
  if (config.behindTls) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('strict-transport-security', HSTS_HEADER);
      done();
    });
  }
  if (config.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'platformMark', 'secretkey'],
    exposedHeaders: ['Content-Disposition'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
