import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSuggestion, suggestionFeedback } from '../../resources/feedback';
import { FEEDBACK } from '../../src/domain/feedback';
import { fileBytes, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** Feedback: the merchant submits with images and reads replies; staff of each edition reply and close. */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;
let xgm: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
});

afterAll(async () => {
  await t?.close();
});

const send = (client: AuthedClient, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  client({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) }).then(envelopeOf);

async function upload(client: AuthedClient, kind: 'png' | 'pdf' = 'png'): Promise<string> {
  const answer = envelopeOf(
    await client({
      method: 'POST',
      url: '/api/v1/common/uploadfiles',
      ...multipartRequest([
        { name: 'kind', value: kind === 'png' ? 'image' : 'annex' },
        { name: 'file', filename: kind === 'png' ? '截图.png' : '说明.pdf', content: fileBytes(kind, 2048) },
      ]),
    }),
  );
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.url;
}

const unread = async (client: AuthedClient) =>
  envelopeOf(await client.get('/api/v1/feedbacks/mine/unreadcount')).content as number;

describe('the merchant', () => {
  let created: { id: number };

  it('submits feedback with up to three images of its own, stored for its company and edition', async () => {
    const [first, second] = [await upload(merchant), await upload(merchant)];
    const answer = await send(merchant, 'POST', suggestionFeedback.api.create as string, {
      type: 2,
      content: '上传批量打款文件时提示格式错误，请协助查看。',
      image1: first,
      image2: second,
    });
    expect(answer.code, answer.message).toBe(OK);
    created = answer.content;
    expect(answer.content).toMatchObject({ type: 2, status: FEEDBACK.pending, reply: null, image3: null });
    expect(answer.content.image1).toMatch(/^\/api-v1\/dl\?file=\d+&rn=/);
    const row = await t.db.selectFrom('feedbacks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: 1, platform_mark: 1, username: 'merchant', reply_read: 1 });
  });

  it('refuses short text, another company’s image, a non-image and a sensitive word', async () => {
    const short = await send(merchant, 'POST', suggestionFeedback.api.create as string, { type: 1, content: '太慢' });
    expect(short.code).toBe(BUSINESS);
    expect(short.message).toBe('请输入5-500字的反馈内容');
    const theirs = await upload(xgm);
    const foreign = await send(merchant, 'POST', suggestionFeedback.api.create as string, {
      type: 1,
      content: '这是一条正常的反馈内容',
      image1: theirs,
    });
    expect(foreign.message).toBe('图片地址无效，请重新上传图片');
    const pdf = await send(merchant, 'POST', suggestionFeedback.api.create as string, {
      type: 1,
      content: '这是一条正常的反馈内容',
      image1: await upload(merchant, 'pdf'),
    });
    expect(pdf.message).toBe('图片地址无效，请重新上传图片');
    const word = await send(merchant, 'POST', suggestionFeedback.api.create as string, {
      type: 1,
      content: '能否提供代开发票的服务',
    });
    expect(word.message).toBe('反馈内容包含敏感词「代开发票」，请修改后再提交');
    const staff = await send(admin, 'POST', suggestionFeedback.api.create as string, {
      type: 1,
      content: '管理员不能提交商户反馈',
    });
    expect(staff.code).not.toBe(OK);
  });

  it('sees only its own company’s feedback', async () => {
    const page = envelopeOf(await merchant.get(`${suggestionFeedback.api.list}?page=0&size=100`)).content;
    const own = await t.db.selectFrom('feedbacks').select('id').where('company_id', '=', 1).execute();
    expect(page.content.map((row: { id: number }) => row.id).sort()).toEqual(own.map((row) => Number(row.id)).sort());
  });

  it('gets a reply: counted on the bell until it is read', async () => {
    const before = await unread(merchant);
    const reply = await send(admin, 'PUT', `/api/v1/feedbacks/${created.id}/reply`, { reply: '已修复，请重新上传。' });
    expect(reply.code, reply.message).toBe(OK);
    expect(reply.content).toMatchObject({ status: FEEDBACK.replied, reply: '已修复，请重新上传。' });
    expect(await unread(merchant)).toBe(before + 1);
    const mine = envelopeOf(await merchant.get(`/api/v1/feedbacks/mine/${created.id}`)).content;
    expect(mine).toMatchObject({ reply: '已修复，请重新上传。', replyRead: 0 });
    const read = await send(merchant, 'PUT', `/api/v1/feedbacks/mine/${created.id}/read`);
    expect(read.code, read.message).toBe(OK);
    expect(await unread(merchant)).toBe(before);
    expect(await unread(admin)).toBe(0);
  });

  it('cannot reply, close or read another company’s feedback', async () => {
    const other = await t.db.selectFrom('feedbacks').select('id').where('company_id', '=', 2).executeTakeFirstOrThrow();
    expect(
      (await merchant({ method: 'PUT', url: `/api/v1/feedbacks/${other.id}/reply`, payload: { reply: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect((await merchant({ method: 'PUT', url: `/api/v1/feedbacks/mine/${other.id}/read` })).statusCode).toBe(403);
  });
});

describe('staff', () => {
  it('each edition’s feedback for the holders of that edition’s code', async () => {
    const page = envelopeOf(await kefu.get(`${adSuggestion.api.list}?page=0&size=100`));
    expect(page.code, page.message).toBe(OK);
    const marks = new Set(page.content.content.map((row: { platformmark: number }) => row.platformmark));
    // kefu holds UI_FEEDBACK_BOX only: never the small-scale edition's feedback.
    expect(marks.has(3)).toBe(false);
    const xgmFeedback = await t.db
      .selectFrom('feedbacks')
      .select('id')
      .where('platform_mark', '=', 3)
      .executeTakeFirstOrThrow();
    expect((await kefu.get(`/api/v1/feedbacks/${xgmFeedback.id}`)).statusCode).toBe(403);
    const all = envelopeOf(await admin.get(`${adSuggestion.api.list}?page=0&size=100`)).content;
    expect(all.totalElements).toBe(
      Number(
        (
          await t.db
            .selectFrom('feedbacks')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('refuses an empty reply, closes once, and never replies to a closed feedback', async () => {
    const row = await t.db
      .selectFrom('feedbacks')
      .select('id')
      .where('status', '=', FEEDBACK.pending)
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const empty = await send(admin, 'PUT', `/api/v1/feedbacks/${row.id}/reply`, { reply: '   ' });
    expect(empty.message).toBe('请输入1-500字的回复内容');
    const closed = await send(kefu, 'PATCH', `/api/v1/feedbacks/${row.id}/close`);
    expect(closed.code, closed.message).toBe(OK);
    expect(closed.content.status).toBe(FEEDBACK.closed);
    expect((await send(kefu, 'PATCH', `/api/v1/feedbacks/${row.id}/close`)).message).toBe('该反馈已关闭');
    expect((await send(kefu, 'PUT', `/api/v1/feedbacks/${row.id}/reply`, { reply: '迟到的回复' })).message).toBe(
      '该反馈已关闭，不能回复',
    );
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'resource'])
      .where('record_id', '=', Number(row.id))
      .where('resource', '=', 'adSuggestion')
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(['close']);
  });
});
