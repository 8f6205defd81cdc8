import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { BusinessError } from './errors';

export const MSG_PUBLIC_TOO_FREQUENT = '请求过于频繁，请稍后再试';
const WINDOW_MS = 60_000;
/** Past this many counters the expired ones are dropped, so a flood of addresses cannot grow the map for long. */
const PRUNE_AT = 10_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Every public route (no token) answers one address at most `perMinute` calls a minute, whatever else the route
 * limits itself (account checks, SMS, webhook refusals keep their own, stricter, counters in the database). This
 * is the floor that a new public route gets without anyone remembering it: a fixed window per route and address,
 * kept in this process's memory because it runs before every public call and must cost no database write.
 * Call on the root instance before any route, like registerPublicBodyLimit.
 */
export function registerPublicRateLimit(app: FastifyInstance, perMinute: number): void {
  const windows = new Map<string, Window>();

  function take(key: string, now: number): boolean {
    const window = windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (windows.size >= PRUNE_AT) {
        for (const [stale, old] of windows) if (now - old.start >= WINDOW_MS) windows.delete(stale);
      }
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    if (window.count >= perMinute) return false;
    window.count += 1;
    return true;
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.access?.public) return;
    const routeKey = `${[route.method].flat().join(',')} ${route.url}`;
    // A callback hook, not an async one: it runs on every public call (server/README.md).
    const limit = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (take(`${routeKey}|${request.ip}`, Date.now())) done();
      else done(new BusinessError(MSG_PUBLIC_TOO_FREQUENT));
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), limit];
  });
}
