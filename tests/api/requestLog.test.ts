import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsConfig } from '../../server/accounts/sms/smsConfig';
import { SMS_KIND_NAMES } from '../../server/accounts/sms/smsMessages';
import { buildApp } from '../../server/app';
import { registeredRoutes } from './support/registeredRoutes';
import { createTestApp, envelopeOf, randomSecret, type TestApp } from './support/testApp';

/**
 * No secret reaches the server log. Every route whose path carries a secret (the signing links' token, the SMS
 * receipt address's token, any parameter named like one) is called with a secret in its path and more in the query
 * string, through an app whose logger writes here; no line holds any of them, and the request's line shows the
 * route's path with the secret masked. The open-API key check takes its key in a header, which is never logged.
 */
const SECRET_NAMED = /:(\w*(?:token|secret|key|sig|password)\w*)/gi;
const RECEIPT_TOKEN = randomSecret();

const templates = (prefix: string) =>
  Object.fromEntries(SMS_KIND_NAMES.map((kind) => [`${prefix}${kind}`, `SMS_${kind}`]));
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'LTAI5tFakeAccessKey',
  ALIYUN_ACCESS_KEY_SECRET: randomSecret(),
  ALIYUN_SMS_SIGN_NAME: '灵工结算平台',
  ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9',
  SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
  ...templates('ALIYUN_SMS_TEMPLATE_'),
};
const TENCENT = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SECRET_ID: 'AKIDFakeSecretId0001',
  TENCENT_SECRET_KEY: randomSecret(),
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_SIGN_NAME: '灵工结算平台',
  TENCENT_SMS_ENDPOINT: 'http://127.0.0.1:9',
  SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
  ...templates('TENCENT_SMS_TEMPLATE_'),
};

interface LoggedApp {
  app: FastifyInstance;
  lines: Record<string, any>[];
}

let t: TestApp;
const apps: LoggedApp[] = [];

/** The app of the test database with a logger at info whose lines are kept. */
async function loggedApp(sms: Record<string, string>): Promise<LoggedApp> {
  const lines: Record<string, any>[] = [];
  const problems: string[] = [];
  const config = { ...t.config, sms: readSmsConfig(sms, problems) };
  expect(problems).toEqual([]);
  const app = await buildApp({
    config,
    db: t.db,
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  await app.ready();
  const logged = { app, lines };
  apps.push(logged);
  return logged;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await t.close();
});

/** The `req` of the request's incoming line, found by its request id. */
function requestLine(logged: LoggedApp, reqId: string) {
  return logged.lines.find((line) => line.reqId === reqId && line.req)?.req;
}

describe('the request log', () => {
  it('masks every secret path segment and drops query strings, on every route with a secret in its path', async () => {
    const walked: string[] = [];
    for (const sms of [ALIYUN, TENCENT]) {
      const logged = await loggedApp(sms);
      const routes = registeredRoutes(logged.app).filter((route) => route.url.match(SECRET_NAMED));
      for (const route of routes) {
        const inPath = randomSecret();
        const inQuery = randomSecret();
        const url = route.url.replace(/:(\w+)/g, (_param, name: string) =>
          name.match(/token|secret|key|sig|password/i) ? inPath : '1',
        );
        const before = logged.lines.length;
        const response = await logged.app.inject({
          method: route.method as 'GET',
          url: `${url}?secretkey=${inQuery}&sig=${inQuery}`,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const written = JSON.stringify(logged.lines.slice(before));
        expect(written, `${route.method} ${route.url}`).not.toContain(inPath);
        expect(written, `${route.method} ${route.url}`).not.toContain(inQuery);
        const expected = route.url.replace(/:(\w+)/g, (_param, name: string) =>
          name.match(/token|secret|key|sig|password/i) ? '***' : '1',
        );
        const reqId = logged.lines.slice(before).find((line) => line.req)?.reqId;
        expect(reqId, `${route.method} ${route.url}: no request line`).toBeDefined();
        expect(requestLine(logged, reqId)).toEqual({ method: route.method, url: expected, remoteAddress: '127.0.0.1' });
        expect(response.statusCode).toBeLessThan(500);
        walked.push(`${route.method} ${route.url}`);
      }
    }
    // The walk met the signing links and both receipt addresses, so it is not empty by accident.
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /api/v1/open/worker_sign/:token',
        'POST /api/v1/open/worker_sign/:token/code',
        'GET /api/v1/open/worker_sign/:token/pdf',
        'POST /api/v1/open/worker_sign/:token',
        'POST /api/v1/sms/receipts/aliyun/:token',
        'POST /api/v1/sms/receipts/tencent/:token',
      ]),
    );
  });

  it('logs no token of a path that matched no route, nor its query string', async () => {
    const logged = apps[0] ?? (await loggedApp(ALIYUN));
    const secret = randomSecret();
    const before = logged.lines.length;
    const response = await logged.app.inject({
      method: 'GET',
      url: `/api/v1/open/worker_sign/${secret}/nothing/here?token=${secret}`,
    });
    expect(response.statusCode).toBe(404);
    expect(JSON.stringify(logged.lines.slice(before))).not.toContain(secret);
    const line = logged.lines.slice(before).find((entry) => entry.req);
    expect(line?.req.url).toBe('/api/v1/open/worker_sign/***/nothing/here');
  });

  it('the open-API key check takes its key in a header, logged nowhere; a key in the URL is refused and not logged', async () => {
    const logged = apps[0] ?? (await loggedApp(ALIYUN));
    const key = `lgk_${randomSecret()}`;
    const before = logged.lines.length;
    const byHeader = envelopeOf(
      await logged.app.inject({
        method: 'GET',
        url: '/api/v1/companies/verifysecretkey',
        headers: { secretkey: key },
        remoteAddress: '10.9.8.7',
      }),
    );
    expect(byHeader.message).toBe('密钥无效或已停用');
    const inUrl = envelopeOf(
      await logged.app.inject({
        method: 'GET',
        url: `/api/v1/companies/verifysecretkey?secretkey=${key}`,
        remoteAddress: '10.9.8.7',
      }),
    );
    expect(inUrl.message).toBe('请在请求头 secretkey 中传递密钥，密钥不能放在网址里');
    const written = logged.lines.slice(before);
    expect(JSON.stringify(written)).not.toContain(key.slice(4));
    expect(written.filter((line) => line.req).map((line) => line.req.url)).toEqual([
      '/api/v1/companies/verifysecretkey',
      '/api/v1/companies/verifysecretkey',
    ]);
  });
});
