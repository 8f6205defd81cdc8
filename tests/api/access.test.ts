import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createVerifier } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const UNAUTHENTICATED = 1040100;
const FORBIDDEN = 1040300;
const NOT_FOUND = 1040404;

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];
const MARK: Record<Account, 1 | 3> = { admin: 1, kefu: 1, hehuoren: 1, caiwu: 1, merchant: 1, xgm: 3 };

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
const tokens = {} as Record<Account, string>;
/** Companies by what matters for scope: the two demo merchants' own, one per department. */
const company = { merchant: 1, xgm: 2, dept1: 0, dept2: 0, dept3: 0, dept4: 0 };

async function firstCompanyOfDepartment(departmentId: number, exclude: number[] = []): Promise<number> {
  const row = await t.db
    .selectFrom('companies')
    .select('id')
    .where('department_id', '=', departmentId)
    .where('id', 'not in', exclude.length > 0 ? exclude : [-1])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    tokens[account] = await tokenOf(t.app, account, MARK[account] === 3 ? 3 : 1);
    clients[account] = authed(t.app, tokens[account], MARK[account]);
  }
  company.dept1 = await firstCompanyOfDepartment(1, [1, 2]);
  company.dept2 = await firstCompanyOfDepartment(2);
  company.dept3 = await firstCompanyOfDepartment(3);
  company.dept4 = await firstCompanyOfDepartment(4);
  // The seed's own companies: 1 and 2 belong to department 1.
  const own = await t.db.selectFrom('companies').select(['id', 'department_id']).where('id', 'in', [1, 2]).execute();
  expect(own.map((row) => Number(row.department_id))).toEqual([1, 1]);
});

afterAll(async () => {
  await t?.close();
});

describe('sign_status/:coid: data scope', () => {
  type Target = keyof typeof company;
  const TARGETS: readonly Target[] = ['merchant', 'xgm', 'dept1', 'dept2', 'dept3', 'dept4'];
  /** Which companies each role may read (DESIGN §4). */
  const VISIBLE: Record<Account, readonly Target[]> = {
    admin: TARGETS,
    caiwu: TARGETS,
    kefu: ['merchant', 'xgm', 'dept1', 'dept2'],
    hehuoren: ['dept2'],
    merchant: ['merchant'],
    xgm: ['xgm'],
  };
  const cases = ACCOUNTS.flatMap((account) =>
    TARGETS.map((target) => ({ account, target, allowed: VISIBLE[account].includes(target) })),
  );

  it.each(cases)('$account → company of $target: allowed=$allowed', async ({ account, target, allowed }) => {
    const response = await clients[account].get(`/api/v1/companies/sign_status/${company[target]}`);
    const answer = envelopeOf(response);
    if (allowed) {
      expect(response.statusCode).toBe(200);
      expect(answer.code).toBe(OK);
      const row = await t.db
        .selectFrom('companies')
        .select(['sign_status', 'sub_status'])
        .where('id', '=', company[target])
        .executeTakeFirstOrThrow();
      expect(answer.content).toMatchObject({ signStatus: row.sign_status, sub_status: row.sub_status });
      expect(answer.content.confirmed).toBe(row.sub_status === 8);
    } else {
      expect(response.statusCode).toBe(403);
      expect(answer.code).toBe(FORBIDDEN);
      expect(answer.content).toBeNull();
    }
  });

  it('the merchant reads the full sign status of its own company', async () => {
    const answer = envelopeOf(await clients.merchant.get('/api/v1/companies/sign_status/1'));
    expect(answer.content).toEqual({
      signStatus: 1,
      fddCorpFreeStatus: 1,
      certificationType: 1,
      sub_status: 8,
      confirmed: true,
    });
  });

  it('a missing company: a business error for staff who may see every company, 403 for a merchant', async () => {
    for (const account of ['admin', 'caiwu'] as const) {
      const response = await clients[account].get('/api/v1/companies/sign_status/999999');
      expect(response.statusCode).toBe(200);
      expect(envelopeOf(response)).toEqual({ code: BUSINESS, message: '公司不存在', content: null });
    }
    expect((await clients.merchant.get('/api/v1/companies/sign_status/999999')).statusCode).toBe(403);
  });

  it('a company moved to another department leaves kefu’s scope at the very next request, and comes back', async () => {
    const url = `/api/v1/companies/sign_status/${company.dept2}`;
    const move = (department: number) =>
      t.db.updateTable('companies').set({ department_id: department }).where('id', '=', company.dept2).execute();
    expect((await clients.kefu.get(url)).statusCode).toBe(200);
    await move(3);
    try {
      expect((await clients.kefu.get(url)).statusCode).toBe(403);
      expect((await clients.admin.get(url)).statusCode).toBe(200);
    } finally {
      await move(2);
    }
    expect((await clients.kefu.get(url)).statusCode).toBe(200);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3x'])('a malformed company id (%s) is a business error', async (id) => {
    const response = await clients.admin.get(`/api/v1/companies/sign_status/${id}`);
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toContain('公司编号');
  });
});

describe('servicecharge', () => {
  it.each(ACCOUNTS)('%s gets its own company charges only', async (account) => {
    const response = await clients[account].get('/api/v1/servicecharge');
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    const expected =
      account === 'merchant'
        ? [{ companyType: 1, rate: 600, platformMark: 1, isCheck: expect.any(Number) }]
        : account === 'xgm'
          ? [{ companyType: 1, rate: 500, platformMark: 3, isCheck: expect.any(Number) }]
          : [];
    expect(answer.content).toEqual(expected);
  });
});

describe('countunreadupnotifications', () => {
  const URL = '/api/v1/notifications/countunreadupnotifications';
  const count = async (account: Account) => {
    const response = await clients[account].get(URL);
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    return answer.content as number;
  };

  // Seeded (demo.ts and seed/notices.ts): 14 published standard notices, 7 of them read by the merchant;
  // 9 published small-scale notices; drafts of both editions.
  it('merchant: 14 published standard notices, 7 read → 7; xgm: 9 small-scale notices → 9', async () => {
    expect(await count('merchant')).toBe(7);
    expect(await count('xgm')).toBe(9);
  });

  it.each(['admin', 'kefu', 'hehuoren', 'caiwu'] as const)(
    '%s (standard edition, nothing read) → 14',
    async (account) => {
      expect(await count(account)).toBe(14);
    },
  );

  it('counts only published notices of the edition that the user has not read', async () => {
    const merchantId = Number(
      (await t.db.selectFrom('users').select('id').where('username', '=', 'merchant').executeTakeFirstOrThrow()).id,
    );
    const draft = await t.db
      .insertInto('notices')
      .values({
        title: '草稿',
        body: '未发布',
        image_url: null,
        annex_url: null,
        annex_name: null,
        platform_mark: 1,
        publisher: '系统管理员',
        status: 0,
        release_time: null,
        create_time: '2026-01-01 00:00:00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await count('merchant')).toBe(7);
      await t.db
        .insertInto('notice_reads')
        .values({ notice_id: 2, user_id: merchantId, read_time: '2026-01-01 00:00:00' })
        .execute();
      expect(await count('merchant')).toBe(6);
      expect(await count('xgm')).toBe(9);
    } finally {
      await t.db.deleteFrom('notice_reads').where('notice_id', '=', 2).execute();
      await t.db.deleteFrom('notices').where('id', '=', Number(draft.id)).execute();
    }
  });
});

describe('refresh_token', () => {
  it.each(ACCOUNTS)('%s refreshes its own session', async (account) => {
    const response = await clients[account].post('/refresh_token');
    expect(response.statusCode).toBe(200);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(OK);
    const claims = createVerifier({ key: t.config.jwtSecret })(answer.content.token);
    const old = createVerifier({ key: t.config.jwtSecret })(tokens[account]);
    expect(claims).toMatchObject({ sub: old.sub, rid: old.rid, cid: old.cid, pm: MARK[account] });
  });
});

describe('anonymous calls and unknown paths', () => {
  const PROTECTED = [
    { method: 'GET' as const, url: '/api/v1/servicecharge' },
    { method: 'GET' as const, url: '/api/v1/notifications/countunreadupnotifications' },
    { method: 'GET' as const, url: '/api/v1/companies/sign_status/1' },
    { method: 'POST' as const, url: '/refresh_token' },
  ];

  it.each(PROTECTED)('anonymous $method $url → 401 envelope', async (request) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(401);
    const answer = envelopeOf(response);
    expect(answer.code).toBe(UNAUTHENTICATED);
    expect(answer.content).toBeNull();
  });

  it.each([
    { method: 'GET' as const, url: '/api/v1/nope' },
    { method: 'POST' as const, url: '/api/v1/nope?x=1' },
    { method: 'GET' as const, url: '/api/v1/companies/sign_status' },
    { method: 'DELETE' as const, url: '/api/v1/servicecharge' },
  ])('$method $url → 404 envelope, with or without a token', async ({ method, url }) => {
    for (const response of [await t.app.inject({ method, url }), await clients.admin({ method, url })]) {
      expect(response.statusCode).toBe(404);
      const answer = envelopeOf(response);
      expect(answer.code).toBe(NOT_FOUND);
      expect(answer.message).toContain(url.split('?')[0]);
      expect(answer.content).toBeNull();
    }
  });
});

describe('with the built web app served beside the API', () => {
  let web: TestApp;

  beforeAll(async () => {
    const webRoot = fs.mkdtempSync(path.join(t.config.dataDir, 'web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>灵工结算平台</title>');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'pdf.worker.min-test.mjs'), 'export {};');
    web = await createTestApp({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await web?.close();
  });

  it.each(['/api/v1/nope', '/api/v1/companies/sign_status', '/refresh_token'])(
    'GET %s still answers a 404 envelope, not the app',
    async (url) => {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(envelopeOf(response).code).toBe(NOT_FOUND);
    },
  );

  it.each(['/', '/adMerchant', '/login', '/login?Rurl=%2FadMerchant', '/register'])(
    'GET %s serves index.html with the CSP',
    async (url) => {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('灵工结算平台');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('the CSP lets workers start only from our own origin (the PDF preview), and opens no blob: or eval', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/adMoneyManagement' });
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources] as const),
    );
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    for (const [name, sources] of directives) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain("'wasm-unsafe-eval'");
      if (name !== 'img-src') expect(sources, name).not.toContain('blob:');
    }
    // No PDF (or any) frames: nothing sets frame-src/child-src, so they fall back to default-src 'self'.
    expect(directives.has('frame-src') || directives.has('child-src')).toBe(false);
  });

  it('without an admin.html in the build, the admin pages get index.html too', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/adMerchant?perPage=25' });
    expect(response.body).toBe('<!doctype html><title>灵工结算平台</title>');
  });

  it('serves the pdf.js worker (an .mjs asset) as JavaScript, which a module worker requires', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/pdf.worker.min-test.mjs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it('the API still works and POST /login is still the login call', async () => {
    const token = await tokenOf(web.app, 'merchant');
    const response = await authed(web.app, token).get('/api/v1/servicecharge');
    expect(envelopeOf(response).content).toEqual([
      { companyType: 1, rate: 600, platformMark: 1, isCheck: expect.any(Number) },
    ]);
  });
});

describe('with a build that has admin.html (the admin chunks preloaded)', () => {
  let web: TestApp;

  beforeAll(async () => {
    const webRoot = fs.mkdtempSync(path.join(t.config.dataDir, 'web-admin-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>public</title>');
    fs.writeFileSync(path.join(webRoot, 'admin.html'), '<!doctype html><title>admin</title>');
    web = await createTestApp({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await web?.close();
  });

  it.each(['/adMerchant', '/adMerchant?perPage=200', '/home', '/adHome'])('GET %s serves admin.html', async (url) => {
    const response = await web.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>admin</title>');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/login', '/login?Rurl=%2FadMerchant', '/register', '/authentication', '/versionUpdate', '/test'])(
    'GET %s (a public page) serves index.html, which downloads no admin chunk',
    async (url) => {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>public</title>');
    },
  );
});

describe("admin.html's inline boot: allowed by its hash alone, and the page sent compressed", () => {
  let web: TestApp;
  let webRoot: string;
  const boot = 'window.__boot = "灵工";'.repeat(400);
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scriptSrc = (csp: unknown) =>
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1);

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(t.config.dataDir, 'web-inline-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>public</title><script src="/assets/boot.js"></script></head></html>',
    );
    fs.writeFileSync(
      path.join(webRoot, 'admin.html'),
      `<!doctype html><html><head><title>admin</title><script>${boot}</script></head><body></body></html>`,
    );
    web = await createTestApp({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await web?.close();
  });

  it('lets the admin page run its own inline script and nothing else inline; public pages run files only', async () => {
    const admin = await web.app.inject({ method: 'GET', url: '/adMerchant' });
    expect(scriptSrc(admin.headers['content-security-policy'])).toEqual(["'self'", sha256(boot)]);
    const login = await web.app.inject({ method: 'GET', url: '/login' });
    expect(scriptSrc(login.headers['content-security-policy'])).toEqual(["'self'"]);
    for (const response of [admin, login]) {
      expect(scriptSrc(response.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
    }
  });

  it('asked for by its file name, the page still goes out with its own CSP (its boot would not run otherwise)', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/admin.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(boot);
    expect(scriptSrc(response.headers['content-security-policy'])).toEqual(["'self'", sha256(boot)]);
  });

  it('a config.json written to smuggle in a script adds no script and no hash', async () => {
    const configFile = path.join(webRoot, 'config.json');
    fs.writeFileSync(configFile, JSON.stringify({ apiBase: '"></meta></head><script>alert(1)</script><script>' }));
    try {
      const response = await web.app.inject({ method: 'GET', url: '/adMerchant' });
      expect(response.body.match(/<script>/g)).toHaveLength(1);
      expect(response.body).not.toContain('alert(1)</script>');
      expect(scriptSrc(response.headers['content-security-policy'])).toEqual(["'self'", sha256(boot)]);
    } finally {
      fs.rmSync(configFile);
    }
  });

  it('sends the page compressed as the browser accepts it, the same page in every encoding', async () => {
    const plain = await web.app.inject({ method: 'GET', url: '/adMerchant' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain(boot);

    const br = await web.app.inject({
      method: 'GET',
      url: '/adMerchant',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gzip = await web.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<title>public</title>');

    const none = await web.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toContain('<title>public</title>');
  });
});

describe("config.json in the page's head (a cold start need not ask for it)", () => {
  let web: TestApp;
  let webRoot: string;
  const page = (title: string) =>
    `<!doctype html>\n<html>\n  <head>\n    <title>${title}</title>\n    <script src="/assets/boot.js"></script>\n  </head>\n  <body></body>\n</html>`;
  const metaOf = (html: string) => /<meta name="lg-config" content="([^"]*)" \/>/.exec(html)?.[1];

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(t.config.dataDir, 'web-config-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), page('public'));
    fs.writeFileSync(path.join(webRoot, 'admin.html'), page('admin'));
    web = await createTestApp({ WEB_ROOT: webRoot });
  });

  afterAll(async () => {
    await web?.close();
  });

  const get = async (url: string) => (await web.app.inject({ method: 'GET', url })).body;

  it('without a config.json the page says there is none, before the boot script', async () => {
    for (const url of ['/adMerchant', '/login']) {
      const html = await get(url);
      expect(metaOf(html)).toBe('null');
      expect(html.indexOf('lg-config')).toBeLessThan(html.indexOf('<script'));
    }
  });

  it("carries config.json's content, escaped for an attribute, and follows an edit without a restart", async () => {
    const configFile = path.join(webRoot, 'config.json');
    fs.writeFileSync(configFile, JSON.stringify({ apiBase: 'https://api.example.cn/"<x>&' }));
    const html = await get('/adMerchant');
    expect(html).not.toContain('"<x>');
    const decoded = metaOf(html)
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded ?? '')).toEqual({ apiBase: 'https://api.example.cn/"<x>&' });

    fs.writeFileSync(configFile, JSON.stringify({ apiBase: 'https://other.example.cn' }));
    // A later modification time than the first write, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(configFile, later, later);
    expect(metaOf(await get('/login'))).toBe('{&quot;apiBase&quot;:&quot;https://other.example.cn&quot;}');
    expect(metaOf(await get('/adMerchant'))).toBe('{&quot;apiBase&quot;:&quot;https://other.example.cn&quot;}');
  });

  it('a config.json that is not JSON gets no meta: the page asks for it, as on a static deployment', async () => {
    const configFile = path.join(webRoot, 'config.json');
    fs.writeFileSync(configFile, '{ apiBase: ');
    const later = new Date(Date.now() + 10_000);
    fs.utimesSync(configFile, later, later);
    const html = await get('/adMerchant');
    expect(html).toContain('<title>admin</title>');
    expect(metaOf(html)).toBeUndefined();
    fs.rmSync(configFile);
    expect(metaOf(await get('/adMerchant'))).toBe('null');
  });
});
