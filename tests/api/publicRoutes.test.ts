import { createHmac } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSensitiveWords } from '../../resources/sensitiveWords';
import { ACCOUNT_CHECKS_PER_IP } from '../../server/accounts/rateCounters';
import { chinaTime } from '../../server/db/time';
import { PUBLIC_BODY_LIMIT } from '../../server/http/bodyLimits';
import { MSG_PUBLIC_TOO_FREQUENT } from '../../server/http/publicRateLimit';
import { assertNoSensitiveWords } from '../../server/system/sensitiveWords';
import { REFUSED_EXCERPT_CHARS } from '../../server/thirdparty/callLog';
import { KEY_CHECKS_PER_IP } from '../../server/thirdparty/thirdparty.routes';
import { WEBHOOK_REFUSALS_PER_IP } from '../../server/thirdparty/webhooks';
import { WEBHOOK_MAX_BYTES } from '../../src/domain/thirdPartyCalls';
import { fileBytes, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * "public routes are cheap and bounded": every public route refuses a body over its small limit with the
 * envelope; refused webhook calls leave an excerpt only and an address's refusals are capped; the checks that tell
 * whether an account exists are rate-limited per address; sensitive words cannot be split by invisible or
 * punctuation characters; q= refuses `__proto__` like any unknown key.
 */
const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let addressSeq = 0;
/** A fresh client address per test, so the per-address counters of one test never touch another's. */
const freshAddress = () => `10.31.0.${++addressSeq}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => t?.close());

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route path with every parameter filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

describe('every public route is bounded', () => {
  it('lists the public routes from the registered routes, each with a small body limit', () => {
    const routes = t.app.publicRoutes;
    const keys = routes.map((route) => `${route.method} ${route.url}`);
    // A few we know of, so an empty or partial list cannot pass the walk below.
    for (const known of [
      'POST /login',
      'POST /api/v1/common/checkloginphone',
      'POST /api/v1/common/checknameandphone',
      'GET /api/v1/companies/duplicate/checking',
      'POST /api/v1/companies/registernewcloud',
      'POST /api/v1/open/enterprises/:enterpriseId/webhook',
    ]) {
      expect(keys).toContain(known);
    }
    for (const route of routes) {
      const allowed = route.url.endsWith('/webhook') ? WEBHOOK_MAX_BYTES : PUBLIC_BODY_LIMIT;
      expect(route.bodyLimit, `${route.method} ${route.url}`).toBeLessThanOrEqual(allowed);
    }
  });

  it('refuses a body over the limit on each public route with the envelope, never a 500', async () => {
    let walked = 0;
    for (const route of t.app.publicRoutes) {
      const url = concrete(route.url);
      const filler = 'a'.repeat(route.bodyLimit + 1024);
      const requests: InjectOptions[] = [
        { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ phone: filler }) },
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `phone=${filler}` },
      ];
      for (const request of requests) {
        const response = await t.app.inject({
          ...request,
          method: route.method as InjectOptions['method'],
          url,
          remoteAddress: freshAddress(),
        });
        const where = `${route.method} ${url} (${request.headers?.['content-type']})`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (BODYLESS.has(route.method)) continue;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 200)}`).toBe(413);
        const answer = envelopeOf(response);
        expect(answer.code).toBe(BUSINESS);
        expect(answer.message).toMatch(/^请求内容过大（最多 \d+ KB）/);
        walked += 1;
      }
    }
    expect(walked).toBeGreaterThanOrEqual(2 * 10);
  });

  it('names the limit: 64 KB on a public route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/common/checkloginphone',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: 'x'.repeat(PUBLIC_BODY_LIMIT) }),
      remoteAddress: freshAddress(),
    });
    expect([response.statusCode, envelopeOf(response).message]).toEqual([
      413,
      '请求内容过大（最多 64 KB），请精简后再提交',
    ]);
  });
});

describe('every public route is limited per address', () => {
  const PER_MINUTE = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PUBLIC_CALLS_PER_MINUTE: String(PER_MINUTE) });
  });
  afterAll(async () => limited?.close());

  const callFrom = (route: { method: string; url: string }, remoteAddress: string) =>
    limited.app.inject({
      method: route.method as InjectOptions['method'],
      url: concrete(route.url),
      remoteAddress,
      ...(BODYLESS.has(route.method) ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
    });

  /** The envelope's message, or '' for an answer that is not JSON (a file, an image, the health probe). */
  const messageOf = (response: { body: string }): string => {
    try {
      return String(JSON.parse(response.body).message ?? '');
    } catch {
      return '';
    }
  };

  it(`answers an address ${PER_MINUTE} calls a minute on each public route, then refuses it, not the next address`, async () => {
    const routes = limited.app.publicRoutes;
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain('POST /login');
    // A HEAD answer has no body to tell the refusal by; its GET twin is walked (each method counts on its own).
    for (const route of routes.filter((item) => item.method !== 'HEAD')) {
      const where = `${route.method} ${route.url}`;
      const address = freshAddress();
      for (let call = 0; call < PER_MINUTE; call += 1) {
        const response = await callFrom(route, address);
        expect(response.statusCode, where).toBeLessThan(500);
        expect(messageOf(response), where).not.toBe(MSG_PUBLIC_TOO_FREQUENT);
      }
      const refused = await callFrom(route, address);
      expect([refused.statusCode, envelopeOf(refused).code, envelopeOf(refused).message], where).toEqual([
        200,
        BUSINESS,
        MSG_PUBLIC_TOO_FREQUENT,
      ]);
      const other = await callFrom(route, freshAddress());
      expect(messageOf(other), where).not.toBe(MSG_PUBLIC_TOO_FREQUENT);
    }
  });

  it('refuses an address past its limit before reading the body', async () => {
    const address = freshAddress();
    const login = { method: 'POST', url: '/login' };
    for (let call = 0; call < PER_MINUTE; call += 1) await callFrom(login, address);
    const flood = await limited.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(PUBLIC_BODY_LIMIT * 2) }),
    });
    expect(envelopeOf(flood).message).toBe(MSG_PUBLIC_TOO_FREQUENT);
  });
});

describe('authenticated routes', () => {
  it('refuse a JSON body over 1 MB, while a 3 MB file upload (multipart, its own limit) still goes through', async () => {
    const json = await admin({
      method: 'POST',
      url: '/api/v1/notifications/savenotifications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '公告', body: '文'.repeat(400_000), platformmark: 1 }),
    });
    expect([json.statusCode, envelopeOf(json).message]).toEqual([413, '请求内容过大（最多 1 MB），请精简后再提交']);
    const upload = await admin({
      method: 'POST',
      url: '/api/v1/common/uploadfiles',
      ...multipartRequest([{ name: 'file', filename: 'big.png', content: fileBytes('png', 3 * 1024 * 1024) }]),
    });
    const answer = envelopeOf(upload);
    expect(answer.code, answer.message).toBe(OK);
  });
});

describe('the enterprise webhook', () => {
  let enterprise: { id: number; secret: string };
  beforeAll(async () => {
    const row = await t.db
      .selectFrom('enterprises')
      .select(['id', 'webhook_secret'])
      .where('webhook_secret', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    enterprise = { id: Number(row.id), secret: String(row.webhook_secret) };
  });

  const calls = async () =>
    Number(
      (
        await t.db
          .selectFrom('third_party_calls')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const post = (body: string, address: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/open/enterprises/${enterprise.id}/webhook`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
      remoteAddress: address,
    });

  it('keeps an excerpt of each refused call and stops logging an address past its refusals', async () => {
    const address = freshAddress();
    const body = JSON.stringify({ eventId: 'e1', type: 'payout.result', pad: 'x'.repeat(200 * 1024) });
    const before = await calls();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const response = await post(body, address, {
        'x-lg-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-lg-signature': 'f'.repeat(64),
      });
      statuses.push(response.statusCode);
      const answer = envelopeOf(response);
      expect(answer.code).toBe(BUSINESS);
    }
    const limit = WEBHOOK_REFUSALS_PER_IP.max;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(401));
    expect(statuses.slice(limit)).toEqual(Array(50 - limit).fill(429));
    const rows = await t.db
      .selectFrom('third_party_calls')
      .select(['request_body', 'remote_ip', 'message'])
      .where('remote_ip', '=', address)
      .execute();
    expect(rows).toHaveLength(limit);
    expect(await calls()).toBe(before + limit);
    for (const row of rows) {
      expect(String(row.request_body).length).toBeLessThanOrEqual(REFUSED_EXCERPT_CHARS);
      expect(String(row.request_body).startsWith('{"eventId":"e1"')).toBe(true);
      expect(row.message).toBe('签名校验失败');
    }
  });

  it('still applies a signed call from an address whose refusals are capped, keeping its whole body', async () => {
    const address = freshAddress();
    for (let i = 0; i <= WEBHOOK_REFUSALS_PER_IP.max; i += 1) await post('{}', address, {});
    const body = JSON.stringify({
      eventId: `signed-${Date.now()}`,
      type: 'contract.signed',
      data: { contractId: 999999 },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', enterprise.secret).update(`${timestamp}.${body}`).digest('hex');
    const response = await post(body, address, { 'x-lg-timestamp': timestamp, 'x-lg-signature': signature });
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.db
      .selectFrom('third_party_calls')
      .select('request_body')
      .where('remote_ip', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.request_body).toBe(body);
  });

  it('refuses a body over 256 KB before reading it into the log', async () => {
    const before = await calls();
    const response = await post(`"${'x'.repeat(WEBHOOK_MAX_BYTES)}"`, freshAddress(), {});
    expect(response.statusCode).toBe(413);
    expect(envelopeOf(response).message).toBe('请求内容过大（最多 256 KB），请精简后再提交');
    expect(await calls()).toBe(before);
  });
});

describe('the open-API key check', () => {
  it('logs at most KEY_CHECKS_PER_IP checks per address a minute and refuses the rest unlogged', async () => {
    const address = freshAddress();
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/companies/verifysecretkey',
        headers: { secretkey: 'lgk_notARealKeyAtAll0123' },
        remoteAddress: address,
      });
    for (let i = 0; i < KEY_CHECKS_PER_IP.max; i += 1) {
      expect(envelopeOf(await check()).message).toBe('密钥无效或已停用');
    }
    const refused = envelopeOf(await check());
    expect([refused.code, refused.message]).toEqual([BUSINESS, '调用过于频繁，请稍后再试']);
    const logged = await t.db.selectFrom('third_party_calls').select('id').where('remote_ip', '=', address).execute();
    expect(logged).toHaveLength(KEY_CHECKS_PER_IP.max);
  });
});

describe('the checks that tell whether an account exists', () => {
  const checks = {
    loginPhone: (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/common/checkloginphone',
        payload: { phone: '13800000003' },
        remoteAddress: address,
      }),
    nameAndPhone: (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/common/checknameandphone',
        payload: { name: 'kefu', phone: '13800000003' },
        remoteAddress: address,
      }),
    duplicate: (address: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/companies/duplicate/checking?name=%E6%9F%90%E5%85%AC%E5%8F%B8&mobile=13800000003',
        remoteAddress: address,
      }),
  };

  for (const [name, check] of Object.entries(checks)) {
    it(`${name}: answers ${ACCOUNT_CHECKS_PER_IP.max} guesses per address, then refuses in Chinese`, async () => {
      const address = freshAddress();
      for (let i = 0; i < ACCOUNT_CHECKS_PER_IP.max; i += 1) {
        const answer = envelopeOf(await check(address));
        expect(answer.message).not.toBe('查询过于频繁，请稍后再试');
      }
      const refused = envelopeOf(await check(address));
      expect([refused.code, refused.message]).toEqual([BUSINESS, '查询过于频繁，请稍后再试']);
      // Another address is not affected.
      expect(envelopeOf(await check(freshAddress())).message).not.toBe('查询过于频繁，请稍后再试');
    });
  }

  it('the three share one counter, so together they allow no more guesses', async () => {
    const address = freshAddress();
    const all = Object.values(checks);
    for (let i = 0; i < ACCOUNT_CHECKS_PER_IP.max; i += 1) await all[i % all.length](address);
    for (const check of all) {
      expect(envelopeOf(await check(address)).message).toBe('查询过于频繁，请稍后再试');
    }
  });
});

describe('the account checks that read the query string', () => {
  it('checkloginphone answers a phone sent in the query string alone, with no body', async () => {
    const answer = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/common/checkloginphone?phone=13800000003',
        remoteAddress: freshAddress(),
      }),
    );
    expect([answer.code, answer.content]).toEqual([OK, { registered: true }]);
  });

  it('checknameandphone reads the query string too, and refuses a NUL there before looking anything up', async () => {
    const match = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/common/checknameandphone?name=kefu&phone=13800000003',
        remoteAddress: freshAddress(),
      }),
    );
    expect([match.code, match.content]).toEqual([OK, true]);
    const poisoned = envelopeOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/common/checknameandphone?name=ke%00fu&phone=13800000003',
        remoteAddress: freshAddress(),
      }),
    );
    expect(poisoned.code).toBe(BUSINESS);
    expect(poisoned.message).toMatch(/[\u4e00-\u9fff]/u);
  });

  it('resetpwd (query string only, as the login page sends it) keeps its own message for a wrong code', async () => {
    const answer = envelopeOf(
      await t.app.inject({ method: 'PATCH', url: '/api/v1/accounts/resetpwd?name=kefu&code=000000&platformmark=1' }),
    );
    expect(answer.message).toBe('短信验证码错误或已失效');
  });
});

describe('sensitive words cannot be split', () => {
  const refusedWord = async (text: string) => {
    try {
      await assertNoSensitiveWords(t.db, text, 'topUp', '备注');
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('finds 洗钱 and 套现 through zero-width, soft hyphen, BOM, separators, punctuation and full width', async () => {
    for (const text of [
      '洗\u200b钱',
      '用于洗\u200c\u200d钱',
      '套-现',
      '套\u00ad现',
      '\ufeff洗\ufeff钱',
      '套\u2028现',
      '套 现',
      '套　现',
      '套－现',
      '洗.钱',
      '洗\u2060钱',
    ]) {
      expect(await refusedWord(text), JSON.stringify(text)).toMatch(/^备注包含敏感词「(洗钱|套现)」/);
    }
  });

  it('lets ordinary text with hyphens and spaces through', async () => {
    for (const text of ['2024-01-01 套餐-现金券说明', 'A-B 方案，洗衣-钱包', '工资 11-12 月']) {
      expect(await refusedWord(text), text).toBeNull();
    }
  });

  it('refuses a notice whose word is split by a zero-width space', async () => {
    const answer = envelopeOf(
      await admin({
        method: 'POST',
        url: '/api/v1/notifications/savenotifications',
        payload: { title: '平台公告', body: '禁止任何形式的赌\u200b博', platformmark: 1 },
      }),
    );
    expect([answer.code, answer.message]).toEqual([BUSINESS, '内容包含敏感词「赌博」，请修改后再提交']);
  });
});

describe('q= keys that name Object.prototype members', () => {
  const list = adSensitiveWords.api.list;
  const refusal = async (key: string) => {
    const answer = envelopeOf(await admin.get(`${list}?q=${encodeURIComponent(`${key}:x`)}`));
    expect(answer.code, `${key}: ${answer.message}`).toBe(BUSINESS);
    return answer.message;
  };

  it('refuses __proto__, constructor and hasOwnProperty with the unknown-key message', async () => {
    const unknown = await refusal('zzz');
    expect(unknown).toMatch(/^不支持的查询条件：zzz（可用：/);
    for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
      expect(await refusal(key)).toBe(unknown.replace('zzz', key));
    }
  });

  it('still answers a declared filter', async () => {
    const answer = envelopeOf(await admin.get(`${list}?q=${encodeURIComponent('word:赌')}`));
    expect(answer.code, answer.message).toBe(OK);
  });
});

describe('log retention', () => {
  it('is configured with defaults, and a bad value is refused at start-up', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(t.config.logRetention).toEqual({
      callDays: 180,
      smsDays: 180,
      operationDays: 365,
      loginDays: 180,
      downloadDays: 7,
      draftDays: 2,
      cron: '20 3 * * *',
    });
    expect(() =>
      loadConfig({ DATA_DIR: t.config.dataDir, CALL_LOG_RETENTION_DAYS: '0', LOG_RETENTION_CRON: 'nightly' }),
    ).toThrow(/CALL_LOG_RETENTION_DAYS[\s\S]*LOG_RETENTION_CRON/);
    expect(() =>
      loadConfig({ DATA_DIR: t.config.dataDir, DOWNLOAD_JOB_RETENTION_DAYS: 'week', DRAFT_RETENTION_DAYS: '0' }),
    ).toThrow(/DOWNLOAD_JOB_RETENTION_DAYS[\s\S]*DRAFT_RETENTION_DAYS/);
  });

  it('deletes rows older than each log’s age, keeps the newer ones, and records each run', async () => {
    const { runLogRetention } = await import('../../server/system/logRetention');
    const now = Date.now();
    const daysAgo = (days: number) => chinaTime(now - days * 24 * 3600_000);
    const marker = `retention-${now}`;
    const call = (days: number) => ({
      direction: 1,
      enterprise_id: null,
      channel: null,
      kind: marker,
      event_id: null,
      method: 'POST',
      path: '/x',
      request_headers: null,
      request_body: null,
      http_status: 401,
      outcome: 3,
      message: null,
      response_body: null,
      latency_ms: 1,
      remote_ip: null,
      replay_of: null,
      operator: null,
      create_time: daysAgo(days),
    });
    await t.db
      .insertInto('third_party_calls')
      .values([call(181), call(179), call(1)])
      .execute();
    const sms = (days: number) => ({
      mobile: '13800000009',
      mobile_masked: '138****0009',
      type: 1,
      template: marker,
      provider: 'test',
      status: 1,
      reason: null,
      create_time: daysAgo(days),
      update_time: daysAgo(days),
    });
    await t.db
      .insertInto('sms_logs')
      .values([sms(200), sms(170)])
      .execute();
    const operation = (days: number) => ({
      user_id: null,
      username: marker,
      role_id: 1,
      create_time: daysAgo(days),
      method: 'POST',
      path: '/x',
      resource: null,
      action: 'create',
      record_id: null,
      changes: '{}',
      ip: '127.0.0.1',
    });
    await t.db
      .insertInto('operation_logs')
      .values([operation(366), operation(364), operation(200)])
      .execute();
    await t.db
      .insertInto('rate_counters')
      .values([
        { key: `${marker}:old`, window_start: now - 3 * 24 * 3600_000, count: 1, last_at: now - 3 * 24 * 3600_000 },
        { key: `${marker}:new`, window_start: now - 3600_000, count: 1, last_at: now - 3600_000 },
      ])
      .execute();

    const first = await runLogRetention(t.db, t.config.logRetention, t.app.files, now);
    // At least the rows made here (the demo data may hold old rows too).
    for (const count of [first.callsDeleted, first.smsDeleted, first.operationsDeleted, first.countersDeleted]) {
      expect(count).toBeGreaterThanOrEqual(1);
    }
    const left = async () => ({
      calls: (await t.db.selectFrom('third_party_calls').select('create_time').where('kind', '=', marker).execute())
        .map((row) => row.create_time)
        .sort(),
      sms: (await t.db.selectFrom('sms_logs').select('create_time').where('template', '=', marker).execute()).map(
        (row) => row.create_time,
      ),
      operations: (
        await t.db.selectFrom('operation_logs').select('create_time').where('username', '=', marker).execute()
      )
        .map((row) => row.create_time)
        .sort(),
      counters: (
        await t.db.selectFrom('rate_counters').select('key').where('key', 'like', `${marker}:%`).execute()
      ).map((row) => row.key),
    });
    expect(await left()).toEqual({
      calls: [daysAgo(179), daysAgo(1)].sort(),
      sms: [daysAgo(170)],
      operations: [daysAgo(364), daysAgo(200)].sort(),
      counters: [`${marker}:new`],
    });

    // Idempotent: a second run deletes nothing more and is recorded too.
    const second = await runLogRetention(t.db, t.config.logRetention, t.app.files, now);
    expect(second).toMatchObject({ callsDeleted: 0, smsDeleted: 0, operationsDeleted: 0, countersDeleted: 0 });
    const runs = await t.db
      .selectFrom('log_retention_runs')
      .selectAll()
      .where('id', 'in', [first.id, second.id])
      .orderBy('id')
      .execute();
    expect(runs.map((run) => [run.status, run.calls_deleted, run.sms_deleted, run.operations_deleted])).toEqual([
      [1, first.callsDeleted, first.smsDeleted, first.operationsDeleted],
      [1, 0, 0, 0],
    ]);
    expect(runs[0].calls_before).toBe(daysAgo(180));
    expect(runs[0].operations_before).toBe(daysAgo(365));
    expect(runs.every((run) => run.finish_time !== null)).toBe(true);
  });

  it('deletes finished download jobs with their zip files and unsubmitted drafts, never open jobs or submitted drafts', async () => {
    const { runLogRetention } = await import('../../server/system/logRetention');
    const { storeFile } = await import('../../server/files/fileStore');
    const { insertUpload } = await import('../../server/files/uploads.repository');
    const now = Date.now();
    const daysAgo = (days: number) => chinaTime(now - days * 24 * 3600_000);
    const company = await t.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
    const companyId = Number(company.id);
    const marker = `keep-${now}`;
    // status 2 已完成 / 3 失败 / 0 排队中 (DOWNLOAD_STATUS, product spec), finished `days` ago, with a zip on disk.
    const job = async (status: number, days: number) => {
      const storedName = await storeFile(t.app.files, new Uint8Array([0x50, 0x4b, 5, 6]), '.zip');
      const fileId = await insertUpload(t.db, {
        storedName,
        originalName: `${marker}.zip`,
        mime: 'application/zip',
        size: 4,
        ownerUserId: 0,
        ownerCompanyId: companyId,
        createTime: daysAgo(days),
      });
      const row = await t.db
        .insertInto('worker_downloads')
        .values({
          company_id: companyId,
          enterprise_id: null,
          sign_status: null,
          status,
          file_id: fileId,
          message: null,
          create_user: marker,
          create_time: daysAgo(days),
          finish_time: status >= 2 ? daysAgo(days) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), fileId, file: storedName };
    };
    const oldDone = await job(2, 8);
    const oldFailed = await job(3, 30);
    const newDone = await job(2, 6);
    const oldQueued = await job(0, 30);
    const draft = async (days: number, batchId: number | null) =>
      Number(
        (
          await t.db
            .insertInto('payout_drafts')
            .values({
              company_id: companyId,
              platform_mark: 1,
              user_id: 1,
              file_name: marker,
              items: '[]',
              item_count: 0,
              total_amount: 0,
              service_charge: 0,
              rate: 0,
              batch_id: batchId,
              create_time: daysAgo(days),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await draft(3, null);
    const newOpen = await draft(1, null);
    const oldSubmitted = await draft(400, 424242);

    const run = await runLogRetention(t.db, t.config.logRetention, t.app.files, now);
    expect(run.downloadsDeleted).toBeGreaterThanOrEqual(2);
    expect(run.draftsDeleted).toBeGreaterThanOrEqual(1);
    const jobsLeft = (
      await t.db.selectFrom('worker_downloads').select('id').where('create_user', '=', marker).orderBy('id').execute()
    ).map((row) => Number(row.id));
    expect(jobsLeft).toEqual([newDone.id, oldQueued.id]);
    const filesLeft = (
      await t.db.selectFrom('uploads').select('id').where('original_name', '=', `${marker}.zip`).orderBy('id').execute()
    ).map((row) => Number(row.id));
    expect(filesLeft).toEqual([newDone.fileId, oldQueued.fileId]);
    const stored = await Promise.all(
      [oldDone, oldFailed, newDone, oldQueued].map(async (one) => (await t.app.files.size(one.file)) !== null),
    );
    expect(stored).toEqual([false, false, true, true]);
    const draftsLeft = (
      await t.db.selectFrom('payout_drafts').select('id').where('file_name', '=', marker).orderBy('id').execute()
    ).map((row) => Number(row.id));
    expect(draftsLeft).toEqual([newOpen, oldSubmitted]);
    const recorded = await t.db
      .selectFrom('log_retention_runs')
      .selectAll()
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({
      downloads_before: daysAgo(7),
      drafts_before: daysAgo(2),
      downloads_deleted: run.downloadsDeleted,
      drafts_deleted: run.draftsDeleted,
    });
  });

  it('honours configured ages', async () => {
    const { runLogRetention } = await import('../../server/system/logRetention');
    const now = Date.now();
    const marker = `short-${now}`;
    await t.db
      .insertInto('sms_logs')
      .values({
        mobile: '13800000009',
        mobile_masked: '138****0009',
        type: 1,
        template: marker,
        provider: 'test',
        status: 1,
        reason: null,
        create_time: chinaTime(now - 10 * 24 * 3600_000),
        update_time: chinaTime(now),
      })
      .execute();
    const run = await runLogRetention(t.db, { ...t.config.logRetention, smsDays: 7 }, t.app.files, now);
    expect(run.smsDeleted).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('sms_logs').select('id').where('template', '=', marker).execute()).toEqual([]);
  });
});
