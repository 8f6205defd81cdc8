import type { FastifyInstance } from 'fastify';

/** Largest body of a public route (no token) unless the route declares its own `bodyLimit` (DESIGN §4). */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Largest body of any other route unless it declares its own; multipart uploads have their own file limits. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface PublicRoute {
  method: string;
  url: string;
  bodyLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public route with the body limit it got, so the conformance test can walk them all. */
    publicRoutes: readonly PublicRoute[];
  }
}

/** 64 KB, 1 MB: the limit as the refusal names it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Gives every public route registered after this call PUBLIC_BODY_LIMIT unless it declared a limit itself (the
 * webhook's 256 KB), and lists them in `app.publicRoutes`. Call on the root instance before any route: onRoute
 * hooks reach the routes of every plugin registered after them. Everything else gets the server's
 * DEFAULT_BODY_LIMIT (buildApp), so a larger body is always an explicit decision of its route.
 */
export function registerPublicBodyLimit(app: FastifyInstance): void {
  const routes: PublicRoute[] = [];
  app.decorate('publicRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.config?.access?.public) return;
    route.bodyLimit ??= PUBLIC_BODY_LIMIT;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, bodyLimit: route.bodyLimit });
  });
}
