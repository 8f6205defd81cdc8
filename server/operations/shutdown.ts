import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_SERVER_ERROR } from '../../src/domain/codes';

/**
 * A graceful stop: on SIGTERM the server keeps listening but answers every new request 503, lets
 * the requests in progress finish (a streaming export to its last byte) up to a deadline, and only then closes.
 * Requests the server makes to itself (`app.inject`, e.g. an export reading a hand-written list page by page)
 * belong to a request in progress and carry INTERNAL_REQUEST_HEADER with this process's own random value.
 */
export const INTERNAL_REQUEST_HEADER = 'x-lg-internal';
export const INTERNAL_REQUEST_VALUE = randomBytes(16).toString('hex');
export const SHUTTING_DOWN_MESSAGE = '服务器正在重启，请稍后再试';

const isInternal = (request: FastifyRequest) => request.headers[INTERNAL_REQUEST_HEADER] === INTERNAL_REQUEST_VALUE;

export interface Drain {
  /** Refuses new requests from now on and resolves once none is in progress, or after `graceMs`. */
  drain(graceMs: number): Promise<{ unfinished: number }>;
}

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  app.addHook('onRequest', (request, reply, done) => {
    if (isInternal(request)) return done();
    if (draining) {
      reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send({ code: CODE_SERVER_ERROR, message: SHUTTING_DOWN_MESSAGE, content: null });
      return;
    }
    inFlight += 1;
    // 'close' comes once the answer is fully sent or the client went away, whichever first.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idle?.();
    });
    done();
  });
  return {
    async drain(graceMs) {
      draining = true;
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          timer.unref();
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return { unfinished: inFlight };
    },
  };
}
