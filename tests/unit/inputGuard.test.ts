import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../server/http/errors';
import { registerInputGuard, unsafeInput } from '../../server/http/inputGuard';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';

/**
 * The floor under a route that does not describe a part of its request (server/http/inputGuard.ts): every API route
 * now declares its schemas, so the route walk (tests/api/routeSchemas.test.ts) no longer reaches the guard; its rule
 * is checked here, on the values and on a route registered without a schema.
 */
describe('unsafeInput', () => {
  it('finds a control character, a direction override, a non-finite or unsafe number and "Infinity" / "NaN"', () => {
    expect(unsafeInput({ name: '物\u0000流' })?.path).toBe('name');
    expect(unsafeInput({ items: [{ remark: '\u202E物流' }] })?.path).toBe('items.0.remark');
    expect(unsafeInput({ id: 'Infinity' })?.path).toBe('id');
    expect(unsafeInput({ id: ' nan ' })?.path).toBe('id');
    expect(unsafeInput({ amount: Number.MAX_SAFE_INTEGER + 2 })?.path).toBe('amount');
    expect(unsafeInput({ amount: Number.POSITIVE_INFINITY })?.path).toBe('amount');
    expect(unsafeInput({ '\u0000key': 1 })?.path).toBe('\u0000key');
  });

  it('lets ordinary values through, tab, line feed and carriage return included', () => {
    expect(unsafeInput({ name: '物流', remark: '第一行\r\n第二行\t完', id: 12, ok: true, none: null })).toBeUndefined();
    expect(unsafeInput(['1', 2, { q: 'name:张三;status:1' }])).toBeUndefined();
  });
});

describe('registerInputGuard', () => {
  it('refuses a schema-less body, query string or path parameter before the handler runs', async () => {
    const app = Fastify();
    registerInputGuard(app);
    // What the central error handler reads (http/envelope.ts): the BusinessError's code and Chinese message.
    app.setErrorHandler((error, _request, reply) => {
      const refusal = error instanceof BusinessError ? error : undefined;
      return reply.status(400).send({ code: refusal?.code, message: refusal?.message });
    });
    let reached = 0;
    app.post('/things/:id', async () => {
      reached++;
      return { ok: true };
    });
    await app.ready();
    const send = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
    for (const [url, payload] of [
      ['/things/1', { name: '物\u0000流' }],
      ['/things/1?name=%E2%80%AE', { name: '物流' }],
      ['/things/Infinity', { name: '物流' }],
    ] as const) {
      const answer = (await send(url, payload)).json();
      expect(answer.code, url).toBe(CODE_BUSINESS_ERROR);
      expect(answer.message, url).toMatch(/^请求参数有误：/);
    }
    expect(reached).toBe(0);
    expect((await send('/things/1', { name: '物流' })).statusCode).toBe(200);
    expect(reached).toBe(1);
    await app.close();
  });
});
