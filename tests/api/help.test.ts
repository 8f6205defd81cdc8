import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adHelpCategory, adHelpCenter, help } from '../../resources/help';
import { HELP_ARTICLE } from '../../src/domain/help';
import { encodeQ } from '../../src/domain/query';
import { fileBytes, multipartRequest } from './support/multipart';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 帮助中心: merchants read published articles only (list, search, one record, their images); only holders of
 * UI_HELP_CENTER_JCY write; Markdown is rendered to HTML that carries no script, handler or javascript: link.
 */

const OK = 1020000;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  const created = await send(admin, 'POST', adHelpCategory.api.create as string, { name: '测试分类', sort: 5 });
  expect(created.code, created.message).toBe(OK);
  categoryId = created.content.id;
});

afterAll(async () => {
  await t?.close();
});

const send = (client: AuthedClient, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  client({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) }).then(envelopeOf);
const at = (path: string, id: number) => path.replace(':id', String(id));

async function upload(client: AuthedClient): Promise<string> {
  const answer = envelopeOf(
    await client({
      method: 'POST',
      url: '/api/v1/common/uploadfiles',
      ...multipartRequest([
        { name: 'kind', value: 'image' },
        { name: 'file', filename: '充值页面.png', content: fileBytes('png', 2048) },
      ]),
    }),
  );
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.url;
}

async function createArticle(title: string, body: string, publish: boolean): Promise<number> {
  const created = await send(admin, 'POST', adHelpCenter.api.create as string, { title, body, categoryId, sort: 1 });
  expect(created.code, created.message).toBe(OK);
  if (publish) {
    const published = await send(admin, 'PATCH', `/api/v1/help/articles/${created.content.id}/publish`);
    expect(published.code, published.message).toBe(OK);
  }
  return created.content.id;
}

const merchantSearch = async (filters: Record<string, string | number>) =>
  envelopeOf(await merchant.get(`${help.api.list}?page=0&size=50&q=${encodeQ(filters)}`));

describe('merchants read only published articles', () => {
  let draftId: number;
  let publishedId: number;

  beforeAll(async () => {
    draftId = await createArticle('草稿：结算周期调整说明', '结算周期调整内容，尚未定稿。', false);
    publishedId = await createArticle('如何查看打款回单', '在**打款记录**中点开批次，可以下载银行回单。', true);
  });

  it('lists and finds by search the published article, never the draft', async () => {
    const found = await merchantSearch({ keyword: '打款回单' });
    expect(found.code, found.message).toBe(OK);
    expect(found.content.content.map((row: { id: number }) => row.id)).toEqual([publishedId]);
    const drafts = await merchantSearch({ keyword: '结算周期' });
    expect(drafts.content.totalElements).toBe(0);
    // Every row of an unfiltered page is published, and the page counts exactly the published ones.
    const all = await merchantSearch({});
    const published = await t.db
      .selectFrom('help_articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', HELP_ARTICLE.published)
      .executeTakeFirstOrThrow();
    expect(all.content.totalElements).toBe(Number(published.n));
  });

  it('search is case-insensitive and filters by category', async () => {
    await createArticle('如何绑定 VPN 白名单', '请联系客服开通 Vpn 访问。', true);
    expect((await merchantSearch({ keyword: 'vpn' })).content.totalElements).toBe(1);
    expect((await merchantSearch({ keyword: 'VPN', categoryId })).content.totalElements).toBe(1);
    const otherCategory = await t.db
      .selectFrom('help_categories')
      .select('id')
      .where('id', '<>', categoryId)
      .executeTakeFirstOrThrow();
    expect((await merchantSearch({ keyword: 'VPN', categoryId: Number(otherCategory.id) })).content.totalElements).toBe(
      0,
    );
  });

  it('reads a published article as HTML, not a draft, and not again once it is withdrawn', async () => {
    const one = envelopeOf(await merchant.get(at(help.api.one as string, publishedId)));
    expect(one.code, one.message).toBe(OK);
    expect(one.content.html).toContain('<strong>打款记录</strong>');
    expect(one.content.body).toBeUndefined();
    const draft = await merchant.get(at(help.api.one as string, draftId));
    expect(envelopeOf(draft).code).not.toBe(OK);
    expect((await send(admin, 'PATCH', `/api/v1/help/articles/${publishedId}/unpublish`)).code).toBe(OK);
    expect(envelopeOf(await merchant.get(at(help.api.one as string, publishedId))).code).not.toBe(OK);
    expect((await merchantSearch({ keyword: '打款回单' })).content.totalElements).toBe(0);
  });

  it('the category picker lists the categories by name for merchants and admins', async () => {
    const options = envelopeOf(await merchant.get('/api/v1/help/categories/options'));
    expect(options.code, options.message).toBe(OK);
    expect(options.content).toContainEqual({ id: categoryId, name: '测试分类' });
  });
});

describe('only administrators write', () => {
  it('a merchant cannot read the admin list nor create, edit, publish or delete an article or a category', async () => {
    const id = await createArticle('管理员的草稿', '内容', false);
    const before = await t.db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const attempts = [
      merchant.get(adHelpCenter.api.list),
      merchant.get(at(adHelpCenter.api.one as string, id)),
      merchant({
        method: 'POST',
        url: adHelpCenter.api.create as string,
        payload: { title: '商户写的', body: 'x', categoryId, sort: 1 },
      }),
      merchant({ method: 'PUT', url: at(adHelpCenter.api.update as string, id), payload: { title: '被商户改了' } }),
      merchant({ method: 'PATCH', url: `/api/v1/help/articles/${id}/publish` }),
      merchant({ method: 'DELETE', url: at(adHelpCenter.api.delete as string, id) }),
      merchant({ method: 'POST', url: adHelpCategory.api.create as string, payload: { name: '商户分类', sort: 1 } }),
      merchant({ method: 'DELETE', url: at(adHelpCategory.api.delete as string, categoryId) }),
      merchant({ method: 'POST', url: '/api/v1/help/articles/preview', payload: { body: '# x' } }),
      // kefu holds no help code either.
      kefu({ method: 'PUT', url: at(adHelpCenter.api.update as string, id), payload: { title: '被客服改了' } }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    const after = await t.db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(
      await t.db.selectFrom('help_categories').select('id').where('name', '=', '商户分类').executeTakeFirst(),
    ).toBe(undefined);
  });

  it('a category with articles cannot be deleted; unknown categories are refused', async () => {
    const refused = await send(admin, 'DELETE', at(adHelpCategory.api.delete as string, categoryId));
    expect(refused.code).not.toBe(OK);
    expect(refused.message).toContain('还有文章');
    const bad = await send(admin, 'POST', adHelpCenter.api.create as string, {
      title: '无分类文章',
      body: '正文',
      categoryId: 999999,
      sort: 1,
    });
    expect(bad.code).not.toBe(OK);
    expect(bad.message).toContain('帮助分类不存在');
  });
});

describe('sensitive words', () => {
  it('an article whose body contains a word of the general list is refused, naming the word', async () => {
    const refused = await send(admin, 'POST', adHelpCenter.api.create as string, {
      title: '开票常见问题',
      body: '平台不提供代开发票服务。',
      categoryId,
      sort: 1,
    });
    expect(refused.code).not.toBe(OK);
    expect(refused.message).toContain('代开发票');
    expect(
      await t.db.selectFrom('help_articles').select('id').where('title', '=', '开票常见问题').executeTakeFirst(),
    ).toBe(undefined);
  });
});

describe('Markdown is sanitised: the attacks come back harmless', () => {
  const ATTACK = [
    '# 标题',
    '<script>window.stolen = document.cookie</script>',
    '[点我](javascript:alert(document.cookie))',
    '[编码的](JaVaScRiPt&#58;alert(1))',
    '<img src="x" onerror="alert(1)">',
    '<a href="https://example.com" onclick="alert(1)">外部链接</a>',
    '<div style="position:fixed" onmouseover="alert(1)">浮层</div>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload="alert(1)"><circle /></svg>',
    '<form action="https://evil.example"><input name="p"></form>',
    '[data](data:text/html,<script>alert(1)</script>)',
  ].join('\n\n');

  function assertHarmless(html: string) {
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('浮层');
    for (const bad of [
      /<script/i,
      /javascript:/i,
      /\son\w+=/i,
      /<iframe/i,
      /<svg/i,
      /<form/i,
      /<input/i,
      /style=/i,
      /data:text/i,
      /stolen/,
    ]) {
      expect(html).not.toMatch(bad);
    }
  }

  it('in the stored article a merchant reads', async () => {
    const id = await createArticle('安全测试', ATTACK, true);
    const one = envelopeOf(await merchant.get(at(help.api.one as string, id)));
    expect(one.code, one.message).toBe(OK);
    assertHarmless(one.content.html);
  });

  it('in the editor preview', async () => {
    const preview = await send(admin, 'POST', '/api/v1/help/articles/preview', { body: ATTACK });
    expect(preview.code, preview.message).toBe(OK);
    assertHarmless(preview.content.html);
  });

  it('a malformed preview body is a clear refusal, not a 500', async () => {
    for (const payload of [{ body: 12 }, {}, [1]]) {
      const response = await admin({ method: 'POST', url: '/api/v1/help/articles/preview', payload });
      expect(response.statusCode).toBeLessThan(500);
      expect(envelopeOf(response).code).not.toBe(OK);
    }
  });
});

describe('images go through the upload', () => {
  it('an admin image in a published article is downloadable by merchants only while it is published', async () => {
    const url = await upload(admin);
    const fileId = new URL(url, 'http://x').searchParams.get('file');
    const id = await createArticle('带图片的文章', `说明如下：\n\n![充值页面](${url})`, false);
    const download = () => merchant.get(`/api/v1/common/downloadtoken?file=${fileId}`);
    expect((await download()).statusCode).toBe(403);
    await send(admin, 'PATCH', `/api/v1/help/articles/${id}/publish`);
    const one = envelopeOf(await merchant.get(at(help.api.one as string, id)));
    expect(one.content.html).toContain(`data-src="/api-v1/dl?file=${fileId}&amp;`);
    expect(one.content.html).not.toMatch(/\ssrc=/);
    expect((await download()).statusCode).toBe(200);
    await send(admin, 'PATCH', `/api/v1/help/articles/${id}/unpublish`);
    expect((await download()).statusCode).toBe(403);
  });

  it('a merchant’s own upload cannot be published to every merchant through an article', async () => {
    const merchantFile = await upload(merchant);
    const refused = await send(admin, 'POST', adHelpCenter.api.create as string, {
      title: '引用商户文件',
      body: `![证件](${merchantFile})`,
      categoryId,
      sort: 1,
    });
    expect(refused.code).not.toBe(OK);
    expect(refused.message).toContain('图片无效');
  });

  it('images from elsewhere are dropped', async () => {
    const preview = await send(admin, 'POST', '/api/v1/help/articles/preview', {
      body: '![外链](https://evil.example/track.png)',
    });
    expect(preview.content.html).not.toContain('evil.example');
    expect(preview.content.html).not.toContain('<img');
  });
});

describe('the seeded help center', () => {
  it('has real articles for topping up, importing workers, paying and invoices', async () => {
    const titles = (await merchantSearch({})).content.content.map((row: { title: string }) => row.title);
    for (const title of ['如何给企业账户充值', '如何导入签约人员', '如何批量打款', '如何申请开票']) {
      expect(titles).toContain(title);
    }
  });
});
