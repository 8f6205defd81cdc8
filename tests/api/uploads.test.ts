import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownload } from '../../server/files/downloadTokens';
import { MSG } from '../../src/domain/validation';
import { fileBytes, type MultipartPart, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, login, type TestApp } from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const UNAUTHENTICATED = 1040100;
const FORBIDDEN = 1040300;
const ANNEX_MESSAGE = '请上传格式为 pdf、doc、docx、xls、xlsx、zip 的文件';
const TEN_MB = 10 * 1024 * 1024;

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const type = account === 'xgm' ? 3 : 1;
    const answer = await login(t.app, account, undefined, type);
    expect(answer.code, `${account}: ${answer.message}`).toBe(OK);
    clients[account] = authed(t.app, answer.content.token, type === 3 ? 3 : 1);
  }
});

afterAll(async () => {
  await t?.close();
});

interface Uploaded {
  id: number;
  url: string;
  name: string;
}

async function uploadResponse(as: Account | null, parts: readonly MultipartPart[]): Promise<LightMyRequestResponse> {
  const request = { method: 'POST' as const, url: '/api/v1/common/uploadfiles', ...multipartRequest(parts) };
  return as ? clients[as](request) : t.app.inject(request);
}

async function uploadAnswer(as: Account, filename: string, content: Buffer, kind?: string) {
  const parts: MultipartPart[] = kind === undefined ? [] : [{ name: 'kind', value: kind }];
  const response = await uploadResponse(as, [...parts, { name: 'file', filename, content }]);
  expect(response.statusCode).toBe(200);
  return envelopeOf<Uploaded | null>(response);
}

async function upload(as: Account, filename: string, content: Buffer, kind?: string): Promise<Uploaded> {
  const answer = await uploadAnswer(as, filename, content, kind);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content!;
}

async function refusal(as: Account, filename: string, content: Buffer, kind?: string): Promise<string> {
  const before = await uploadCount();
  const answer = await uploadAnswer(as, filename, content, kind);
  expect(answer.code).toBe(BUSINESS);
  expect(answer.content).toBeNull();
  expect(await uploadCount()).toBe(before);
  return answer.message;
}

async function uploadCount(): Promise<number> {
  const row = await t.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function storedFiles(): string[] {
  const directory = path.join(t.config.dataDir, 'uploads');
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
}

async function uploadRow(id: number) {
  return t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function userOf(username: string) {
  return t.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

async function download(as: Account | null, url: string): Promise<LightMyRequestResponse> {
  return as ? clients[as].get(url) : t.app.inject({ method: 'GET', url });
}

describe('POST /api/v1/common/uploadfiles: images', () => {
  it('stores a PNG under a random name and records who uploaded it', async () => {
    const content = fileBytes('png', 1000);
    const filesBefore = storedFiles();
    const uploaded = await upload('merchant', '营业执照.png', content);
    expect(uploaded.name).toBe('营业执照.png');
    expect(uploaded.url).toBe(`/api-v1/dl?file=${uploaded.id}&rn=${encodeURIComponent('营业执照.png')}`);

    const row = await uploadRow(uploaded.id);
    const merchant = await userOf('merchant');
    expect(row).toMatchObject({
      original_name: '营业执照.png',
      mime: 'image/png',
      owner_user_id: merchant.id,
      owner_company_id: merchant.company_id,
    });
    expect(Number(row.size)).toBe(1000);
    expect(row.stored_name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(row.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const added = storedFiles().filter((name) => !filesBefore.includes(name));
    expect(added).toEqual([row.stored_name]);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'uploads', row.stored_name)).equals(content)).toBe(true);
  });

  it('kind=image explicitly, a .jpeg and a .JPG with JPEG content', async () => {
    for (const name of ['photo.jpeg', 'PHOTO.JPG']) {
      const uploaded = await upload('admin', name, fileBytes('jpeg'), 'image');
      const row = await uploadRow(uploaded.id);
      expect(row.mime).toBe('image/jpeg');
      expect(row.stored_name).toMatch(/\.jpg$/);
    }
  });

  it('a .jpg that is really a PNG is stored and served as PNG', async () => {
    const row = await uploadRow((await upload('admin', 'misnamed.jpg', fileBytes('png'))).id);
    expect(row.mime).toBe('image/png');
    expect(row.stored_name).toMatch(/\.png$/);
  });

  it('refuses a .png name with text content (the content is sniffed)', async () => {
    expect(await refusal('merchant', 'fake.png', fileBytes('text'))).toBe(MSG.imageUpload);
    expect(await refusal('merchant', 'fake.jpg', fileBytes('pdf'))).toBe(MSG.imageUpload);
  });

  it('refuses image content under another extension, and a name without one', async () => {
    for (const name of ['image.gif', 'image.txt', 'image.pdf', 'png', 'image.png.exe']) {
      expect(await refusal('merchant', name, fileBytes('png')), name).toBe(MSG.imageUpload);
    }
  });

  it('refuses an empty file', async () => {
    expect(await refusal('merchant', 'empty.png', Buffer.alloc(0))).toBe(MSG.imageUpload);
  });

  it('accepts just under 10 MB and refuses 10 MB and more', async () => {
    const filesBefore = storedFiles();
    const under = await upload('admin', 'big.png', fileBytes('png', TEN_MB - 1));
    expect(Number((await uploadRow(under.id)).size)).toBe(TEN_MB - 1);
    expect(await refusal('admin', 'exact.png', fileBytes('png', TEN_MB))).toBe(MSG.imageUpload);
    expect(await refusal('admin', 'over.png', fileBytes('png', TEN_MB + 1))).toBe(MSG.imageUpload);
    expect(await refusal('admin', 'over.pdf', fileBytes('pdf', TEN_MB + 1), 'annex')).toBe(ANNEX_MESSAGE);
    // Nothing is written for a refused file.
    expect(storedFiles().length).toBe(filesBefore.length + 1);
  });

  it('keeps only the last segment of a path-like name', async () => {
    const uploaded = await upload('admin', '..\\..\\windows\\logo.png', fileBytes('png'));
    expect(uploaded.name).toBe('logo.png');
    const other = await upload('admin', '../../etc/passwd.png', fileBytes('png'));
    expect(other.name).toBe('passwd.png');
    expect((await uploadRow(other.id)).stored_name).toMatch(/^[0-9a-f]{32}\.png$/);
  });
});

describe('POST /api/v1/common/uploadfiles: attachments (kind=annex)', () => {
  const ACCEPTED: readonly [string, Parameters<typeof fileBytes>[0], string][] = [
    ['制度.pdf', 'pdf', 'application/pdf'],
    ['old.doc', 'ole', 'application/msword'],
    ['old.xls', 'ole', 'application/vnd.ms-excel'],
    ['new.docx', 'zip', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['new.xlsx', 'zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['bundle.zip', 'zip', 'application/zip'],
    ['scan.png', 'png', 'image/png'],
    ['scan.jpg', 'jpeg', 'image/jpeg'],
  ];

  it.each(ACCEPTED)('accepts %s as %s content, served as %s', async (name, kind, mime) => {
    const uploaded = await upload('kefu', name, fileBytes(kind), 'annex');
    expect(uploaded.name).toBe(name);
    const row = await uploadRow(uploaded.id);
    expect(row.mime).toBe(mime);
    expect(row.stored_name.endsWith(`.${name.split('.').pop()}`)).toBe(true);
  });

  it.each([
    ['text.pdf', 'text'],
    ['pdf.docx', 'pdf'],
    ['zip.doc', 'zip'],
    ['png.xlsx', 'png'],
    ['tool.exe', 'zip'],
    ['notes.txt', 'text'],
    ['image.gif', 'png'],
  ] as const)('refuses %s holding %s content', async (name, kind) => {
    expect(await refusal('kefu', name, fileBytes(kind), 'annex')).toBe(ANNEX_MESSAGE);
  });
});

describe('POST /api/v1/common/uploadfiles: requests', () => {
  it('an unknown kind is refused', async () => {
    expect(await refusal('admin', 'a.png', fileBytes('png'), 'video')).toBe('kind 只能是 image 或 annex');
  });

  it('kind may follow the file in the form', async () => {
    const response = await uploadResponse('admin', [
      { name: 'file', filename: 'a.pdf', content: fileBytes('pdf') },
      { name: 'kind', value: 'annex' },
    ]);
    const answer = envelopeOf<Uploaded>(response);
    expect(answer.code, answer.message).toBe(OK);
    expect((await uploadRow(answer.content.id)).mime).toBe('application/pdf');
  });

  it('a form without a `file` part, or no form at all, is refused', async () => {
    const withoutFile = envelopeOf(
      await uploadResponse('admin', [
        { name: 'kind', value: 'image' },
        { name: 'other', filename: 'a.png', content: fileBytes('png') },
      ]),
    );
    expect([withoutFile.code, withoutFile.message]).toEqual([BUSINESS, '请选择要上传的文件']);
    const json = envelopeOf(
      await clients.admin({ method: 'POST', url: '/api/v1/common/uploadfiles', payload: { file: 'x' } }),
    );
    expect([json.code, json.message]).toEqual([BUSINESS, '请选择要上传的文件']);
  });

  it('two files in one request are refused as too large a request', async () => {
    const response = await uploadResponse('admin', [
      { name: 'file', filename: 'a.png', content: fileBytes('png') },
      { name: 'file', filename: 'b.png', content: fileBytes('png') },
    ]);
    expect(response.statusCode).toBe(413);
  });

  it('anonymous uploads are refused with 401 and nothing is stored', async () => {
    const before = await uploadCount();
    const response = await uploadResponse(null, [{ name: 'file', filename: 'a.png', content: fileBytes('png') }]);
    expect(response.statusCode).toBe(401);
    expect(envelopeOf(response).code).toBe(UNAUTHENTICATED);
    expect(await uploadCount()).toBe(before);
  });

  it('other routes still refuse multipart bodies (the parser is registered for the upload route only)', async () => {
    const response = await clients.admin({
      method: 'POST',
      url: '/api/v1/notifications/savenotifications',
      ...multipartRequest([{ name: 'title', value: '多部分表单' }]),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('GET /api-v1/dl: download access', () => {
  let merchantFile: Uploaded;
  const content = fileBytes('png', 2048);

  beforeAll(async () => {
    merchantFile = await upload('merchant', '企业 资料(1).png', content);
  });

  it('the uploader gets the bytes with the content type and an RFC 5987 Chinese file name', async () => {
    const response = await download('merchant', merchantFile.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__ __(1).png"; filename*=UTF-8''${encodeURIComponent('企业 资料')}%281%29.png`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['admin', 'kefu', 'caiwu'] as const)(
    'staff whose scope holds the company (%s) may download its upload',
    async (account) => {
      const response = await download(account, merchantFile.url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(content)).toBe(true);
    },
  );

  it('department-scoped staff outside the company department (hehuoren, department 2) get 403', async () => {
    const response = await download('hehuoren', merchantFile.url);
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe(FORBIDDEN);
  });

  it('another merchant gets 403, an anonymous caller 401', async () => {
    const other = await download('xgm', merchantFile.url);
    expect(other.statusCode).toBe(403);
    expect(envelopeOf(other).code).toBe(FORBIDDEN);
    const anonymous = await download(null, merchantFile.url);
    expect(anonymous.statusCode).toBe(401);
    expect(envelopeOf(anonymous).code).toBe(UNAUTHENTICATED);
  });

  it('rn renames the download only when it keeps the extension', async () => {
    const renamed = await download(
      'merchant',
      `/api-v1/dl?file=${merchantFile.id}&rn=${encodeURIComponent('附件.png')}`,
    );
    expect(renamed.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('附件.png')}`);
    const exe = await download('merchant', `/api-v1/dl?file=${merchantFile.id}&rn=setup.exe`);
    expect(exe.headers['content-disposition']).not.toContain('setup.exe');
    expect(exe.headers['content-disposition']).toContain(encodeURIComponent('企业'));
  });

  it('the file is named by its id only: a path or an unknown id is refused', async () => {
    for (const file of ['../app.sqlite', 'uploads%2F..%2Fjwt-secret', '1.png', '']) {
      const answer = envelopeOf(await download('admin', `/api-v1/dl?file=${file}`));
      expect([answer.code, answer.message], file).toEqual([BUSINESS, '文件编号格式不正确']);
    }
    const missing = envelopeOf(await download('admin', '/api-v1/dl?file=999999'));
    expect([missing.code, missing.message]).toEqual([BUSINESS, '文件不存在']);
  });

  it('a file gone from the disk is answered as missing', async () => {
    const uploaded = await upload('admin', 'gone.png', fileBytes('png'));
    fs.rmSync(path.join(t.config.dataDir, 'uploads', (await uploadRow(uploaded.id)).stored_name));
    const answer = envelopeOf(await download('admin', uploaded.url));
    expect([answer.code, answer.message]).toEqual([BUSINESS, '文件不存在']);
  });
});

describe('GET /api/v1/common/downloadtoken: signed links for <a> and <img>', () => {
  let merchantFile: Uploaded;
  let otherFile: Uploaded;

  beforeAll(async () => {
    merchantFile = await upload('merchant', '合同.pdf', fileBytes('pdf'), 'annex');
    otherFile = await upload('admin', 'other.pdf', fileBytes('pdf'), 'annex');
  });

  async function signed(as: Account, id: number) {
    const response = await clients[as].get(`/api/v1/common/downloadtoken?file=${id}`);
    return {
      status: response.statusCode,
      answer: envelopeOf<{ url: string; t: string; expireTime: string }>(response),
    };
  }

  it('answers a URL with t that works without the Authorization header for 5 minutes', async () => {
    const { answer } = await signed('merchant', merchantFile.id);
    expect(answer.code).toBe(OK);
    expect(answer.content.url).toBe(`${merchantFile.url}&t=${encodeURIComponent(answer.content.t)}`);
    const [expires] = answer.content.t.split('.');
    const seconds = Number(expires) - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(290);
    expect(seconds).toBeLessThanOrEqual(300);
    const response = await download(null, answer.content.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('合同.pdf'));
  });

  it('only for a file the caller may download', async () => {
    const { status, answer } = await signed('xgm', merchantFile.id);
    expect(status).toBe(403);
    expect(answer.code).toBe(FORBIDDEN);
    expect((await signed('kefu', merchantFile.id)).answer.code).toBe(OK);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/common/downloadtoken?file=${merchantFile.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a token is bound to its file, cannot be altered and expires', async () => {
    const { answer } = await signed('merchant', merchantFile.id);
    const t0 = answer.content.t;
    const forOther = await download(null, `/api-v1/dl?file=${otherFile.id}&t=${encodeURIComponent(t0)}`);
    expect(forOther.statusCode).toBe(403);
    const [expires, mac] = t0.split('.');
    const later = `${Number(expires) + 3600}.${mac}`;
    expect((await download(null, `/api-v1/dl?file=${merchantFile.id}&t=${later}`)).statusCode).toBe(403);
    const flipped = `${expires}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await download(null, `/api-v1/dl?file=${merchantFile.id}&t=${flipped}`)).statusCode).toBe(403);
    const expired = signDownload(t.config.jwtSecret, merchantFile.id, Date.now() - 301_000).t;
    const response = await download(null, `/api-v1/dl?file=${merchantFile.id}&t=${expired}`);
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).message).toBe('下载链接已失效，请重新下载');
    const fresh = signDownload(t.config.jwtSecret, merchantFile.id).t;
    expect((await download(null, `/api-v1/dl?file=${merchantFile.id}&t=${fresh}`)).statusCode).toBe(200);
    const foreign = signDownload('another-secret-of-at-least-32-characters', merchantFile.id).t;
    expect((await download(null, `/api-v1/dl?file=${merchantFile.id}&t=${foreign}`)).statusCode).toBe(403);
  });
});

describe('files of notices: every user of the edition once the notice is published', () => {
  it('draft: only staff; published: merchants of that edition; other editions: 403', async () => {
    const image = await upload('admin', '公告配图.png', fileBytes('png'));
    const annex = await upload('admin', '公告附件.pdf', fileBytes('pdf'), 'annex');
    const created = envelopeOf(
      await clients.admin({
        method: 'POST',
        url: '/api/v1/notifications/savenotifications',
        payload: { title: '带附件的公告', body: '正文', platformmark: 1, url: image.url, annexUrl: annex.url },
      }),
    );
    expect(created.code, created.message).toBe(OK);
    for (const file of [image, annex]) {
      expect((await download('merchant', file.url)).statusCode).toBe(403);
      expect((await download('kefu', file.url)).statusCode).toBe(200);
    }
    const published = envelopeOf(
      await clients.admin({
        method: 'POST',
        url: '/api/v1/notifications/upnotifications',
        payload: { id: created.content.id },
      }),
    );
    expect(published.code, published.message).toBe(OK);
    for (const file of [image, annex]) {
      expect((await download('merchant', file.url)).statusCode).toBe(200);
      expect((await download('xgm', file.url)).statusCode).toBe(403);
      const token = envelopeOf(await clients.merchant.get(`/api/v1/common/downloadtoken?file=${file.id}`));
      expect(token.code).toBe(OK);
    }
    // An admin upload that is on no notice stays staff-only.
    const loose = await upload('admin', 'loose.png', fileBytes('png'));
    expect((await download('merchant', loose.url)).statusCode).toBe(403);
  });
});
