import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adNotice, systemNotice } from '../../resources/notices';
import { filterKeys } from '../../resources/types';
import { encodeQ } from '../../src/domain/query';
import { fileBytes, multipartRequest } from './support/multipart';
import { expectPagesCoverAll } from './support/paging';
import {
  type AuthedClient,
  authed,
  createTestApp,
  type Envelope,
  envelopeOf,
  login,
  sha256Hex,
  type TestApp,
} from './support/testApp';

const OK = 1020000;
const BUSINESS = 1040400;
const FORBIDDEN = 1040300;
const BASE = '/api/v1/notifications';

type Account = 'admin' | 'kefu' | 'hehuoren' | 'caiwu' | 'merchant' | 'xgm';
const ACCOUNTS: readonly Account[] = ['admin', 'kefu', 'hehuoren', 'caiwu', 'merchant', 'xgm'];
const MARK: Record<Account, 1 | 3> = { admin: 1, kefu: 1, hehuoren: 1, caiwu: 1, merchant: 1, xgm: 3 };

/** Every notice answer has exactly these keys: the admin declaration's sources plus the reader's isRead. */
const RECORD_KEYS = [...adNotice.fields.map((field) => field.source), 'isRead'].sort();

interface Notice {
  id: number;
  title: string;
  body: string;
  url: string | null;
  annexUrl: string | null;
  annexName: string | null;
  publisher: string;
  releaseTime: string | null;
  isRead: number;
  platformmark: number;
  status: number;
  createTime: string;
}

let t: TestApp;
const clients = {} as Record<Account, AuthedClient>;
const userIds = {} as Record<Account, number>;

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ACCOUNTS) {
    const answer = await login(t.app, account, undefined, MARK[account]);
    expect(answer.code, `${account}: ${answer.message}`).toBe(OK);
    clients[account] = authed(t.app, answer.content.token, MARK[account]);
    const user = await t.db.selectFrom('users').select('id').where('username', '=', account).executeTakeFirstOrThrow();
    userIds[account] = Number(user.id);
  }
});

afterAll(async () => {
  await t?.close();
});

/** Every notice straight from the database with `reader`'s read state, newest created first: the oracle. */
async function allNotices(reader: Account = 'admin'): Promise<Notice[]> {
  const [rows, reads] = await Promise.all([
    t.db.selectFrom('notices').selectAll().execute(),
    t.db.selectFrom('notice_reads').select('notice_id').where('user_id', '=', userIds[reader]).execute(),
  ]);
  const read = new Set(reads.map((row) => Number(row.notice_id)));
  return rows
    .map((row) => ({
      id: Number(row.id),
      title: row.title,
      body: row.body,
      url: row.image_url,
      annexUrl: row.annex_url,
      annexName: row.annex_name,
      publisher: row.publisher,
      releaseTime: row.release_time,
      isRead: read.has(Number(row.id)) ? 1 : 0,
      platformmark: row.platform_mark,
      status: row.status,
      createTime: row.create_time,
    }))
    .sort((a, b) => (a.createTime === b.createTime ? b.id - a.id : a.createTime < b.createTime ? 1 : -1));
}

/** Published notices of an edition, newest released first. */
async function inboxOf(reader: Account, mark: number = MARK[reader]): Promise<Notice[]> {
  return (await allNotices(reader))
    .filter((notice) => notice.status === 1 && notice.platformmark === mark)
    .sort((a, b) =>
      a.releaseTime === b.releaseTime ? b.id - a.id : (a.releaseTime ?? '') < (b.releaseTime ?? '') ? 1 : -1,
    );
}

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

async function call(as: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await clients[as]({ method, url, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, answer: response.statusCode === 200 ? envelopeOf(response) : undefined };
}

async function answerOf<T = any>(
  as: Account,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Envelope<T>> {
  const { status, answer } = await call(as, method, url, payload);
  expect(status, url).toBe(200);
  return answer as Envelope<T>;
}

async function success<T = any>(
  as: Account,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<T> {
  const answer = await answerOf<T>(as, method, url, payload);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content;
}

async function refusal(as: Account, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const answer = await answerOf(as, method, url, payload);
  expect(answer.code).toBe(BUSINESS);
  return answer;
}

interface SearchOptions {
  q?: Record<string, unknown>;
  page?: number;
  size?: number | string;
  sort?: string;
}

function searchUrl(path: string, { q, page, size, sort }: SearchOptions = {}): string {
  const params = [
    q ? `q=${encodeQ(q)}` : '',
    page === undefined ? '' : `page=${page}`,
    size === undefined ? '' : `size=${size}`,
    sort ? `sort=${encodeURIComponent(sort)}` : '',
  ].filter(Boolean);
  return `${path}${params.length ? `?${params.join('&')}` : ''}`;
}

type Page = { content: Notice[]; totalElements: number; number: number; size: number };

async function search(options: SearchOptions = {}, as: Account = 'admin'): Promise<Page> {
  return success<Page>(as, 'GET', searchUrl(`${BASE}/search`, options));
}

async function searchAll(q: Record<string, unknown>, sort?: string): Promise<Notice[]> {
  const page = await search({ q, size: 1000, sort });
  expect(page.content.length).toBe(page.totalElements);
  return page.content;
}

async function searchRefusal(options: SearchOptions): Promise<string> {
  return (await refusal('admin', 'GET', searchUrl(`${BASE}/search`, options))).message;
}

async function unreadCount(as: Account): Promise<number> {
  return success<number>(as, 'GET', `${BASE}/countunreadupnotifications`);
}

async function uploadAs(as: Account, filename: string, content: Buffer, kind = 'image') {
  const response = await clients[as]({
    method: 'POST',
    url: '/api/v1/common/uploadfiles',
    ...multipartRequest([
      { name: 'kind', value: kind },
      { name: 'file', filename, content },
    ]),
  });
  const answer = envelopeOf<{ id: number; url: string; name: string }>(response);
  expect(answer.code, answer.message).toBe(OK);
  return answer.content;
}

const VALID = { title: '测试公告标题', body: '测试公告内容', platformmark: 1 };

async function createDraft(values: Record<string, unknown> = {}, as: Account = 'admin'): Promise<Notice> {
  return success<Notice>(as, 'POST', `${BASE}/savenotifications`, { ...VALID, ...values });
}

describe('seeded notices', () => {
  it('30 notices: 14 + 9 published, 4 + 3 drafts; the merchant has read 7 standard ones', async () => {
    const all = await allNotices('merchant');
    expect(all.length).toBe(30);
    const count = (mark: number, status: number) =>
      all.filter((notice) => notice.platformmark === mark && notice.status === status).length;
    expect([count(1, 1), count(3, 1), count(1, 0), count(3, 0)]).toEqual([14, 9, 4, 3]);
    expect(all.filter((notice) => notice.isRead === 1).every((notice) => notice.platformmark === 1)).toBe(true);
    expect(all.filter((notice) => notice.isRead === 1).length).toBe(7);
    expect(all.filter((notice) => notice.status === 0).every((notice) => notice.releaseTime === null)).toBe(true);
  });
});

describe('admin search: paging', () => {
  it('answers page 0 of 10 by default, newest created first', async () => {
    const all = await allNotices();
    const page = await search();
    expect(page).toMatchObject({ totalElements: all.length, number: 0, size: 10 });
    expect(ids(page.content)).toEqual(ids(all.slice(0, 10)));
  });

  it('pages are 0-based, never overlap, and the last one holds the rest', async () => {
    await expectPagesCoverAll(await allNotices(), 7, search);
  });

  it('caps the page size at 1000', async () => {
    expect((await search({ size: 1000 })).size).toBe(1000);
    expect(await searchRefusal({ size: 1001 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await searchRefusal({ size: 0 })).toBe('size 参数必须在 1 到 1000 之间');
    expect(await searchRefusal({ page: -1 })).toContain('page');
  });

  it('answers each row with exactly the declared fields plus isRead, camelCase', async () => {
    const all = await allNotices();
    const page = await search({ size: 1000 });
    expect(page.content).toEqual(all);
    for (const row of page.content) expect(Object.keys(row).sort()).toEqual(RECORD_KEYS);
  });
});

describe('admin search: filters', () => {
  const expectMatches = async (q: Record<string, unknown>, predicate: (row: Notice) => boolean) => {
    const expected = (await allNotices()).filter(predicate);
    const rows = await searchAll(q);
    expect(ids(rows)).toEqual(ids(expected));
    return rows;
  };

  it('declares exactly the spec keys', () => {
    expect(filterKeys(adNotice)).toEqual(['title', 'status', 'platformmark', 'stime', 'etime']);
  });

  it('title matches a substring; % and _ are themselves', async () => {
    const rows = await expectMatches({ title: '小规模版' }, (row) => row.title.includes('小规模版'));
    expect(rows.length).toBeGreaterThan(5);
    await expectMatches({ title: '  草稿 ' }, (row) => row.title.includes('草稿'));
    for (const title of ['%', '_', '公告%']) expect((await search({ q: { title } })).totalElements, title).toBe(0);
  });

  it('status keeps drafts (0) or published notices (1)', async () => {
    const drafts = await expectMatches({ status: 0 }, (row) => row.status === 0);
    expect(drafts.length).toBe(7);
    const published = await expectMatches({ status: 1 }, (row) => row.status === 1);
    expect(published.length).toBe(23);
    expect(await searchRefusal({ q: { status: 2 } })).toBe('状态的取值不正确');
    expect(await searchRefusal({ q: { status: '已发布' } })).toBe('状态必须是数字');
  });

  it('platformmark keeps one edition', async () => {
    const small = await expectMatches({ platformmark: 3 }, (row) => row.platformmark === 3);
    expect(small.length).toBe(12);
    expect(await searchRefusal({ q: { platformmark: 'x' } })).toBe('版本必须是数字');
  });

  it('stime/etime keep notices released (or, drafts, created) on those days, both included', async () => {
    const all = await allNotices();
    const timeOf = (row: Notice) => row.releaseTime ?? row.createTime;
    const days = [...new Set(all.map((row) => timeOf(row).slice(0, 10)))].sort();
    const stime = days[2];
    const etime = days[days.length - 4];
    const rows = await expectMatches(
      { stime, etime },
      (row) => timeOf(row).slice(0, 10) >= stime && timeOf(row).slice(0, 10) <= etime,
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(all.length);
    // A notice released today but created long ago is found by its release day.
    const oneDay = days[days.length - 1];
    await expectMatches({ stime: oneDay, etime: oneDay }, (row) => timeOf(row).startsWith(oneDay));
  });

  it('half a date range or a bad date is refused with the spec messages', async () => {
    expect(await searchRefusal({ q: { stime: '2026-01-01' } })).toBe('请选择结束时间');
    expect(await searchRefusal({ q: { etime: '2026-01-01' } })).toBe('请选择开始时间');
    expect(await searchRefusal({ q: { stime: '2026-02-30', etime: '2026-03-01' } })).toContain('格式不正确');
    expect(await searchRefusal({ q: { stime: '2026-03-02', etime: '2026-03-01' } })).toBe('开始时间不能晚于结束时间');
  });

  it('filters combine', async () => {
    const rows = await expectMatches(
      { title: '小规模', status: 1, platformmark: 3 },
      (row) => row.title.includes('小规模') && row.status === 1 && row.platformmark === 3,
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.length).toBeLessThan(12);
  });

  it('an unknown key is refused, naming the keys that work', async () => {
    const message = await searchRefusal({ q: { coname: '上海' } });
    expect(message).toBe('不支持的查询条件：coname（可用：title、status、platformmark、stime、etime）');
  });
});

describe('admin search: sorting', () => {
  it('sorts by the whitelisted fields only', async () => {
    const all = await allNotices();
    expect(ids(await searchAll({}, 'id,asc'))).toEqual(ids(all).sort((a, b) => a - b));
    const byCreate = await searchAll({}, 'createTime,asc');
    expect(ids(byCreate)).toEqual(ids([...all].reverse()));
    expect(await searchRefusal({ sort: 'title,asc' })).toBe('不支持按 title 排序（可用：id、releaseTime、createTime）');
    expect(await searchRefusal({ sort: 'id,up' })).toBe('排序方向只能是 asc 或 desc');
  });

  it('by release time, drafts (no release time) come last when descending, first when ascending', async () => {
    const desc = await searchAll({}, 'releaseTime,desc');
    const firstDraft = desc.findIndex((row) => row.releaseTime === null);
    expect(firstDraft).toBe(23);
    const released = desc.slice(0, 23).map((row) => row.releaseTime!);
    expect(released).toEqual([...released].sort().reverse());
    const asc = await searchAll({}, 'releaseTime,asc');
    expect(asc.slice(0, 7).every((row) => row.releaseTime === null)).toBe(true);
  });
});

describe('create, edit, publish, delete', () => {
  it('savenotifications creates a draft published by nobody yet, signed by the staff user', async () => {
    const before = await unreadCount('merchant');
    const notice = await createDraft({}, 'kefu');
    expect(notice).toMatchObject({
      ...VALID,
      status: 0,
      releaseTime: null,
      publisher: '客服小王',
      url: null,
      annexUrl: null,
      annexName: null,
      isRead: 0,
    });
    expect(notice.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(notice).sort()).toEqual(RECORD_KEYS);
    expect(await success('admin', 'GET', `${BASE}/getone/${notice.id}`)).toEqual(notice);
    // A draft is not counted for anyone.
    expect(await unreadCount('merchant')).toBe(before);
  });

  it('takes the spec names imageUrl / platformMark too, keeps uploads as their download URL', async () => {
    const image = await uploadAs('admin', '配图.png', fileBytes('png'));
    const annex = await uploadAs('admin', '细则.pdf', fileBytes('pdf'), 'annex');
    const notice = await createDraft({
      platformmark: undefined,
      platformMark: 3,
      imageUrl: image.url,
      annexUrl: annex.url,
    });
    expect(notice).toMatchObject({ platformmark: 3, url: image.url, annexUrl: annex.url, annexName: '细则.pdf' });
    const row = await t.db
      .selectFrom('notices')
      .select(['image_upload_id', 'annex_upload_id'])
      .where('id', '=', notice.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.image_upload_id), Number(row.annex_upload_id)]).toEqual([image.id, annex.id]);
    const named = await createDraft({ annexUrl: annex.url, annexName: '报销细则（2026版）' });
    expect(named.annexName).toBe('报销细则（2026版）');
    // Editing: the name stays with its file; a new file without a name takes the file's own name.
    const retitled = await success<Notice>('admin', 'PUT', `${BASE}/${named.id}`, { title: '只改标题' });
    expect(retitled.annexName).toBe('报销细则（2026版）');
    const other = await uploadAs('admin', '新版细则.docx', fileBytes('zip'), 'annex');
    const replaced = await success<Notice>('admin', 'PUT', `${BASE}/${named.id}`, { annexUrl: other.url });
    expect(replaced).toMatchObject({ annexUrl: other.url, annexName: '新版细则.docx' });
    const removed = await success<Notice>('admin', 'PUT', `${BASE}/${named.id}`, { annexUrl: null });
    expect(removed).toMatchObject({ annexUrl: null, annexName: null });
  });

  it('validates every field at once and answers content.errors', async () => {
    const empty = await refusal('admin', 'POST', `${BASE}/savenotifications`, {});
    expect(empty.message).toBe('请输入标题');
    expect(empty.content).toEqual({
      errors: { title: '请输入标题', platformmark: '请输入版本', body: '请输入公告内容' },
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '短' }, 'title', '请输入2-128位标题'],
      [{ title: '长'.repeat(129) }, 'title', '请输入2-128位标题'],
      [{ title: '   ' }, 'title', '请输入标题'],
      [{ title: 7 }, 'title', '请输入2-128位标题'],
      [{ body: '' }, 'body', '请输入公告内容'],
      [{ body: '文'.repeat(20_001) }, 'body', '公告内容不能超过20000个字符'],
      [{ platformmark: 2 }, 'platformmark', '版本的取值不正确'],
      [{ platformmark: '标准版' }, 'platformmark', '版本必须是整数'],
      [{ url: 'https://example.com/a.png' }, 'url', '图片地址无效，请重新上传图片'],
      [{ url: '/api-v1/dl?file=999999&rn=a.png' }, 'url', '图片地址无效，请重新上传图片'],
      [{ annexUrl: '/uploads/../../etc/passwd' }, 'annexUrl', '附件地址无效，请重新上传附件'],
      [{ annexName: '名'.repeat(129) }, 'annexName', '附件名称不能超过128个字符'],
      [{ title: { x: 1 } }, 'title', '标题格式不正确'],
    ];
    for (const [values, field, message] of cases) {
      const answer = await refusal('admin', 'POST', `${BASE}/savenotifications`, { ...VALID, ...values });
      expect(answer.message, JSON.stringify(values).slice(0, 60)).toBe(message);
      expect(answer.content).toEqual({ errors: { [field]: message } });
    }
    const several = await refusal('admin', 'POST', `${BASE}/savenotifications`, { ...VALID, title: 'x', body: '' });
    expect(several.content).toEqual({ errors: { title: '请输入2-128位标题', body: '请输入公告内容' } });
    const notObject = await refusal('admin', 'POST', `${BASE}/savenotifications`, [1]);
    expect(notObject.message).toBe('请求内容必须是 JSON 对象');
  });

  it('accepts a 2- and a 128-character title', async () => {
    expect((await createDraft({ title: '通知' })).title).toBe('通知');
    expect((await createDraft({ title: '长'.repeat(128) })).title).toBe('长'.repeat(128));
  });

  it('the image must be an image, and a merchant upload can never be put on a notice', async () => {
    const pdf = await uploadAs('admin', 'a.pdf', fileBytes('pdf'), 'annex');
    const asImage = await refusal('admin', 'POST', `${BASE}/savenotifications`, { ...VALID, url: pdf.url });
    expect(asImage.content).toEqual({ errors: { url: '图片地址无效，请重新上传图片' } });
    const merchantImage = await uploadAs('merchant', '身份证.png', fileBytes('png'));
    const leaked = await refusal('admin', 'POST', `${BASE}/savenotifications`, {
      ...VALID,
      url: merchantImage.url,
      annexUrl: merchantImage.url,
    });
    expect(leaked.content).toEqual({
      errors: { url: '图片地址无效，请重新上传图片', annexUrl: '附件地址无效，请重新上传附件' },
    });
  });

  it('PUT /:id changes the given fields and keeps the rest', async () => {
    const image = await uploadAs('admin', 'x.png', fileBytes('png'));
    const notice = await createDraft({ url: image.url });
    const edited = await success<Notice>('admin', 'PUT', `${BASE}/${notice.id}`, { title: '修改后的标题' });
    expect(edited).toEqual({ ...notice, title: '修改后的标题' });
    const cleared = await success<Notice>('admin', 'PUT', `${BASE}/${notice.id}`, { url: null, platformmark: 3 });
    expect(cleared).toMatchObject({ url: null, platformmark: 3, title: '修改后的标题' });
    const row = await t.db
      .selectFrom('notices')
      .select('image_upload_id')
      .where('id', '=', notice.id)
      .executeTakeFirstOrThrow();
    expect(row.image_upload_id).toBeNull();

    const invalid = await refusal('admin', 'PUT', `${BASE}/${notice.id}`, { title: '', body: 'x' });
    expect(invalid.content).toEqual({ errors: { title: '请输入标题' } });
    expect((await success<Notice>('admin', 'GET', `${BASE}/getone/${notice.id}`)).title).toBe('修改后的标题');
    expect((await refusal('admin', 'PUT', `${BASE}/999999`, { title: '不存在的公告' })).message).toBe('公告不存在');
    expect((await refusal('admin', 'PUT', `${BASE}/abc`, { title: '格式' })).message).toBe('公告编号格式不正确');
  });

  it('upnotifications publishes a draft once: status 1, release time now, publisher the publishing user', async () => {
    const notice = await createDraft({ title: '待发布公告' });
    const before = await unreadCount('merchant');
    const published = await success<Notice>('kefu', 'POST', `${BASE}/upnotifications`, { id: notice.id });
    expect(published).toMatchObject({ id: notice.id, status: 1, publisher: '客服小王' });
    expect(published.releaseTime! >= notice.createTime).toBe(true);
    expect(await unreadCount('merchant')).toBe(before + 1);
    expect(await unreadCount('xgm')).toBe(9);
    expect((await refusal('admin', 'POST', `${BASE}/upnotifications`, { id: notice.id })).message).toBe('该公告已发布');
    expect((await refusal('admin', 'POST', `${BASE}/upnotifications`, { id: 999999 })).message).toBe('公告不存在');
    expect((await refusal('admin', 'POST', `${BASE}/upnotifications`, {})).message).toBe('公告编号格式不正确');
  });

  it('upnotifications also takes ?id= (the declared row action)', async () => {
    const action = adNotice.actions?.find((item) => item.name === 'publish');
    expect(action).toMatchObject({ method: 'POST', visibleWhen: { field: 'status', in: [0] } });
    const notice = await createDraft();
    const published = await success<Notice>('admin', 'POST', action!.path.replace(':id', String(notice.id)), {});
    expect(published.status).toBe(1);
  });

  it('deletenotifications?id= removes the notice and who read it', async () => {
    const notice = await createDraft();
    await success('admin', 'POST', `${BASE}/upnotifications`, { id: notice.id });
    await success('merchant', 'PUT', `${BASE}/updatenotificationread`, { notificationId: notice.id });
    const url = adNotice.api.delete!.replace(':id', String(notice.id));
    expect(url).toBe(`${BASE}/deletenotifications?id=${notice.id}`);
    expect(await success('admin', 'DELETE', url)).toBeNull();
    expect((await refusal('admin', 'GET', `${BASE}/getone/${notice.id}`)).message).toBe('公告不存在');
    const reads = await t.db.selectFrom('notice_reads').select('user_id').where('notice_id', '=', notice.id).execute();
    expect(reads).toEqual([]);
    expect((await refusal('admin', 'DELETE', url)).message).toBe('公告不存在');
    expect((await refusal('admin', 'DELETE', `${BASE}/deletenotifications`)).message).toBe('公告编号格式不正确');
  });
});

describe('merchant inbox: getnotificationsandreadstate', () => {
  const URL = `${BASE}/getnotificationsandreadstate?page=0&size=10000`;

  it('the merchant gets the published notices of its edition, newest released first, with its read state', async () => {
    const page = await success<Page>('merchant', 'GET', URL);
    const expected = await inboxOf('merchant');
    expect(page).toEqual({ content: expected, totalElements: expected.length, number: 0, size: 10000 });
    expect(page.content.every((row) => row.platformmark === 1 && row.status === 1)).toBe(true);
    expect(page.content.filter((row) => row.isRead === 0).length).toBe(await unreadCount('merchant'));
    expect(page.content.some((row) => row.isRead === 1)).toBe(true);
  });

  it('xgm gets the small-scale ones, none read', async () => {
    const page = await success<Page>('xgm', 'GET', URL);
    expect(ids(page.content)).toEqual(ids(await inboxOf('xgm')));
    expect(page.content.every((row) => row.platformmark === 3 && row.isRead === 0)).toBe(true);
  });

  it('pages, caps the size at 10000 for this path, and has no filters', async () => {
    const all = await inboxOf('merchant');
    const second = await success<Page>('merchant', 'GET', `${BASE}/getnotificationsandreadstate?page=1&size=5`);
    expect(ids(second.content)).toEqual(ids(all.slice(5, 10)));
    const refused = await refusal('merchant', 'GET', `${BASE}/getnotificationsandreadstate?page=0&size=10001`);
    expect(refused.message).toBe('size 参数必须在 1 到 10000 之间');
    const filtered = await refusal(
      'merchant',
      'GET',
      `${BASE}/getnotificationsandreadstate?q=${encodeQ({ status: 0 })}`,
    );
    expect(filtered.message).toContain('不支持的查询条件：status');
    const oldest = await success<Page>(
      'merchant',
      'GET',
      `${BASE}/getnotificationsandreadstate?size=100&sort=releaseTime,asc`,
    );
    expect(ids(oldest.content)).toEqual(ids([...all].reverse()));
  });

  it('answers 403 to staff without MER_HOME', async () => {
    for (const account of ['kefu', 'hehuoren', 'caiwu'] as const) {
      expect((await call(account, 'GET', URL)).status, account).toBe(403);
    }
  });
});

describe('shownotifications/platform/{mark}', () => {
  it('published notices of that edition, newest first, paged', async () => {
    const page = await success<Page>('merchant', 'GET', `${BASE}/shownotifications/platform/1?page=0&size=5`);
    const all = await inboxOf('merchant');
    expect(page.totalElements).toBe(all.length);
    expect(ids(page.content)).toEqual(ids(all.slice(0, 5)));
    const small = await success<Page>('admin', 'GET', `${BASE}/shownotifications/platform/3?size=100`);
    expect(ids(small.content)).toEqual(ids(await inboxOf('admin', 3)));
    expect((await refusal('admin', 'GET', `${BASE}/shownotifications/platform/1?size=1001`)).message).toBe(
      'size 参数必须在 1 到 1000 之间',
    );
  });

  it('a merchant may not list another edition; an unknown edition is refused', async () => {
    const { status, answer } = await call('merchant', 'GET', `${BASE}/shownotifications/platform/3`);
    expect(status).toBe(403);
    expect(answer).toBeUndefined();
    expect((await call('xgm', 'GET', `${BASE}/shownotifications/platform/1`)).status).toBe(403);
    expect((await refusal('admin', 'GET', `${BASE}/shownotifications/platform/2`)).message).toBe('版本格式不正确');
  });
});

describe('getone/{id}', () => {
  it('a merchant reads published notices of its edition only; drafts and other editions do not exist for it', async () => {
    const all = await allNotices('merchant');
    const own = all.find((row) => row.status === 1 && row.platformmark === 1)!;
    expect(await success('merchant', 'GET', `${BASE}/getone/${own.id}`)).toEqual(own);
    const draft = all.find((row) => row.status === 0 && row.platformmark === 1)!;
    const other = all.find((row) => row.status === 1 && row.platformmark === 3)!;
    for (const notice of [draft, other]) {
      expect((await refusal('merchant', 'GET', `${BASE}/getone/${notice.id}`)).message).toBe('公告不存在');
    }
    expect((await refusal('xgm', 'GET', `${BASE}/getone/${own.id}`)).message).toBe('公告不存在');
    // Staff who manage notices read drafts of any edition; other staff are readers like merchants.
    expect((await success<Notice>('kefu', 'GET', `${BASE}/getone/${draft.id}`)).id).toBe(draft.id);
    expect((await refusal('caiwu', 'GET', `${BASE}/getone/${draft.id}`)).message).toBe('公告不存在');
    expect((await success<Notice>('caiwu', 'GET', `${BASE}/getone/${own.id}`)).id).toBe(own.id);
    expect((await refusal('admin', 'GET', `${BASE}/getone/999999`)).message).toBe('公告不存在');
  });

  it('the systemNotice declaration reads through getone and lists through getnotificationsandreadstate', () => {
    expect(systemNotice.api).toEqual({
      list: `${BASE}/getnotificationsandreadstate`,
      one: `${BASE}/getone/:id`,
    });
    expect(systemNotice.customList).toBe('SystemNoticeList');
  });
});

describe('updatenotificationread', () => {
  it('marks read for the caller, drops the unread count by one, and is idempotent', async () => {
    const unread = (await inboxOf('merchant')).find((row) => row.isRead === 0)!;
    const before = await unreadCount('merchant');
    const xgmBefore = await unreadCount('xgm');
    const answer = await answerOf('merchant', 'PUT', `${BASE}/updatenotificationread`, { notificationId: unread.id });
    expect(answer.code).toBe(OK);
    expect(answer.content).toBe(before - 1);
    expect(await unreadCount('merchant')).toBe(before - 1);
    expect((await success<Notice>('merchant', 'GET', `${BASE}/getone/${unread.id}`)).isRead).toBe(1);
    // Read for this user only.
    expect((await success<Notice>('admin', 'GET', `${BASE}/getone/${unread.id}`)).isRead).toBe(0);

    const again = await answerOf('merchant', 'PUT', `${BASE}/updatenotificationread`, { notificationId: unread.id });
    expect([again.code, again.content]).toEqual([OK, before - 1]);
    expect(await unreadCount('merchant')).toBe(before - 1);
    expect(await unreadCount('xgm')).toBe(xgmBefore);
  });

  it('takes a form-encoded body like the browser’s other forms', async () => {
    const unread = (await inboxOf('xgm')).find((row) => row.isRead === 0)!;
    const before = await unreadCount('xgm');
    const response = await clients.xgm({
      method: 'PUT',
      url: `${BASE}/updatenotificationread`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notificationId=${unread.id}`,
    });
    expect(envelopeOf(response).code).toBe(OK);
    expect(await unreadCount('xgm')).toBe(before - 1);
  });

  it('only notices the caller’s bell counts: not drafts, not other editions, not unknown ids', async () => {
    const all = await allNotices('merchant');
    const draft = all.find((row) => row.status === 0 && row.platformmark === 1)!;
    const other = all.find((row) => row.status === 1 && row.platformmark === 3)!;
    for (const id of [draft.id, other.id, 999999]) {
      const answer = await refusal('merchant', 'PUT', `${BASE}/updatenotificationread`, { notificationId: id });
      expect(answer.message).toBe('公告不存在');
    }
    const reads = await t.db
      .selectFrom('notice_reads')
      .select('notice_id')
      .where('user_id', '=', userIds.merchant)
      .where('notice_id', 'in', [draft.id, other.id])
      .execute();
    expect(reads).toEqual([]);
    expect((await refusal('merchant', 'PUT', `${BASE}/updatenotificationread`, {})).message).toBe('公告编号格式不正确');
  });
});

describe('permissions', () => {
  const ADMIN_CALLS = [
    { method: 'GET' as const, url: `${BASE}/search` },
    { method: 'POST' as const, url: `${BASE}/savenotifications`, payload: VALID },
    { method: 'PUT' as const, url: `${BASE}/1`, payload: { title: '无权修改' } },
    { method: 'POST' as const, url: `${BASE}/upnotifications`, payload: { id: 6 } },
    { method: 'DELETE' as const, url: `${BASE}/deletenotifications?id=1` },
  ];
  /** UI_JCY_NOTICE_MGR: admin (every code) and customer service (role template). */
  const MANAGERS: readonly Account[] = ['admin', 'kefu'];

  it.each(ACCOUNTS.filter((account) => !MANAGERS.includes(account)))(
    '%s may not manage notices (403, nothing changes)',
    async (account) => {
      const before = await allNotices();
      for (const request of ADMIN_CALLS) {
        const { status, answer } = await call(account, request.method, request.url, request.payload);
        expect(status, `${request.method} ${request.url}`).toBe(403);
        expect(answer).toBeUndefined();
      }
      expect(await allNotices()).toEqual(before);
    },
  );

  it.each(MANAGERS)('%s may list notices', async (account) => {
    expect((await search({}, account)).totalElements).toBeGreaterThan(0);
  });

  it('the declaration grants exactly UI_JCY_NOTICE_MGR', () => {
    expect(adNotice.permissions).toEqual({
      list: ['UI_JCY_NOTICE_MGR'],
      create: ['UI_JCY_NOTICE_MGR'],
      edit: ['UI_JCY_NOTICE_MGR'],
      delete: ['UI_JCY_NOTICE_MGR'],
    });
    expect(systemNotice.permissions).toEqual({ list: ['MER_HOME'] });
  });

  it('anonymous calls get 401', async () => {
    for (const url of [`${BASE}/search`, `${BASE}/getone/1`, `${BASE}/getnotificationsandreadstate`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(envelopeOf(response).code).toBe(1040100);
    }
  });

  it('403 answers carry the forbidden code', async () => {
    const response = await clients.merchant.get(`${BASE}/search`);
    expect(response.statusCode).toBe(403);
    expect(envelopeOf(response).code).toBe(FORBIDDEN);
  });
});

describe('an account created today', () => {
  let newcomer: AuthedClient;
  // Times are kept to the second, and a notice released in the second an account is created counts as unread for
  // it (never hidden): each step starts in a second of its own.
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

  beforeAll(async () => {
    await nextSecond();
    const created = await success<unknown>('merchant', 'POST', '/api/v1/company/subaccounts', {
      username: 'notice_newcomer',
      mobile: '13911115555',
      password: sha256Hex('Sub12345'),
      authorities: ['MER_HOME'],
    });
    expect(created).toBeDefined();
    const answer = await login(t.app, 'notice_newcomer', 'Sub12345');
    expect(answer.code, answer.message).toBe(OK);
    newcomer = authed(t.app, answer.content.token);
  });

  const newcomerCall = async <T>(url: string, method: 'GET' | 'PUT' = 'GET', payload?: object) => {
    const answer = envelopeOf<T>(await newcomer({ method, url, payload }));
    expect(answer.code, answer.message).toBe(OK);
    return answer.content;
  };

  it('is not greeted by the notices released before it existed, in the bell and in the inbox', async () => {
    expect(await newcomerCall<number>(`${BASE}/countunreadupnotifications`)).toBe(0);
    const inbox = await newcomerCall<Page>(`${BASE}/getnotificationsandreadstate?size=1000`);
    expect(inbox.totalElements).toBeGreaterThan(10);
    expect(inbox.content.every((notice) => notice.isRead === 1)).toBe(true);
    // The company's older account still has the same notices unread: the rule is per account, not per company.
    expect(await unreadCount('merchant')).toBeGreaterThan(0);
  });

  it('gets every notice released after it was created as unread, until it reads it', async () => {
    const notice = await createDraft({ title: '新账号之后发布的公告' });
    await nextSecond();
    await success<Notice>('admin', 'POST', `${BASE}/upnotifications`, { id: notice.id });
    expect(await newcomerCall<number>(`${BASE}/countunreadupnotifications`)).toBe(1);
    const inbox = await newcomerCall<Page>(`${BASE}/getnotificationsandreadstate?size=1000`);
    expect(inbox.content.filter((row) => row.isRead === 0).map((row) => row.id)).toEqual([notice.id]);
    const left = await newcomerCall<number>(`${BASE}/updatenotificationread`, 'PUT', { notificationId: notice.id });
    expect(left).toBe(0);
  });
});
