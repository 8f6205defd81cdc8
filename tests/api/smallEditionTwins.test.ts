import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSmallNotice } from '../../resources/notices';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** The small-scale twins of the admin notice and version pages: one edition, that edition's own code. */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
});

afterAll(async () => {
  await t?.close();
});

const json = (client: AuthedClient, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  client({ method, url, payload: payload as Record<string, unknown> });

describe('/adSmallNotice', () => {
  it('writes new notices for edition 3 whatever the body says, and lists edition 3 only', async () => {
    const created = envelopeOf(
      await json(admin, 'POST', adSmallNotice.api.create as string, {
        title: '小规模版春节放假通知',
        body: '春节期间打款顺延。',
        platformmark: 1,
      }),
    );
    expect(created.code, created.message).toBe(OK);
    expect(created.content.platformmark).toBe(3);
    const standard = envelopeOf(
      await json(admin, 'POST', '/api/v1/notifications/savenotifications', {
        title: '标准版春节放假通知',
        body: '春节期间打款顺延。',
        platformmark: 1,
      }),
    );
    expect(standard.code, standard.message).toBe(OK);

    const page = envelopeOf(await admin.get('/api/v1/notifications/search?platformmark=3&page=0&size=200'));
    expect(page.code).toBe(OK);
    const rows = page.content.content as { id: number; platformmark: number }[];
    const edition3 = await t.db.selectFrom('notices').select('id').where('platform_mark', '=', 3).execute();
    expect(rows.map((row) => row.id).sort()).toEqual(edition3.map((row) => Number(row.id)).sort());
    expect(rows.some((row) => row.id === standard.content.id)).toBe(false);
  });

  it('does not reach another edition’s notice, to edit, publish or delete it', async () => {
    const standard = await t.db
      .selectFrom('notices')
      .select('id')
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = Number(standard.id);
    const update = envelopeOf(
      await json(admin, 'PUT', `/api/v1/notifications/${id}?platformmark=3`, { title: '改标题' }),
    );
    expect(update.code).toBe(BUSINESS);
    expect(update.message).toBe('公告不存在');
    const publish = envelopeOf(
      await json(admin, 'POST', `/api/v1/notifications/upnotifications?id=${id}&platformmark=3`),
    );
    expect(publish.code).toBe(BUSINESS);
    const remove = envelopeOf(
      await json(admin, 'DELETE', `/api/v1/notifications/deletenotifications?id=${id}&platformmark=3`),
    );
    expect(remove.code).toBe(BUSINESS);
    expect(await t.db.selectFrom('notices').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });

  it('an edit through the small view keeps the notice in edition 3', async () => {
    const mine = await t.db
      .selectFrom('notices')
      .select('id')
      .where('platform_mark', '=', 3)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const saved = envelopeOf(
      await json(admin, 'PUT', `/api/v1/notifications/${mine.id}?platformmark=3`, {
        title: '小规模版通知',
        platformmark: 1,
      }),
    );
    expect(saved.code, saved.message).toBe(OK);
    expect(saved.content.platformmark).toBe(3);
  });

  it('is the small-scale code’s: kefu manages standard notices but not this view', async () => {
    expect((await kefu.get('/api/v1/notifications/search?page=0&size=1')).statusCode).toBe(200);
    expect((await kefu.get('/api/v1/notifications/search?platformmark=3&page=0&size=1')).statusCode).toBe(403);
    const refused = await json(kefu, 'POST', adSmallNotice.api.create as string, { title: '越权公告', body: '内容' });
    expect(refused.statusCode).toBe(403);
    const bad = envelopeOf(await admin.get('/api/v1/notifications/search?platformmark=7&page=0&size=1'));
    expect(bad.code).toBe(BUSINESS);
  });
});

describe('/adSmallVersionUpdate', () => {
  it('writes edition 3 entries, lists edition 3 only and does not reach a standard entry', async () => {
    const created = envelopeOf(
      await json(admin, 'POST', '/api/v1/versions/platform/3', {
        version: 'v3.9.0',
        releaseDate: '2026-11-20',
        content: '小规模版：发票申请支持按月勾选批次。',
        platformmark: 1,
      }),
    );
    expect(created.code, created.message).toBe(OK);
    const row = await t.db
      .selectFrom('versions')
      .selectAll()
      .where('id', '=', created.content.id)
      .executeTakeFirstOrThrow();
    expect(row.platform_mark).toBe(3);
    const page = envelopeOf(await admin.get('/api/v1/versions/platform/3/search?page=0&size=200')).content;
    const edition3 = await t.db.selectFrom('versions').select('id').where('platform_mark', '=', 3).execute();
    expect(page.totalElements).toBe(edition3.length);
    const standard = await t.db
      .selectFrom('versions')
      .select('id')
      .where('platform_mark', '=', 1)
      .executeTakeFirstOrThrow();
    const update = envelopeOf(
      await json(admin, 'PUT', `/api/v1/versions/platform/3/${standard.id}`, { content: '改写标准版记录' }),
    );
    expect(update.code).toBe(BUSINESS);
    expect(update.message).toBe('版本记录不存在');
    const remove = envelopeOf(await json(admin, 'DELETE', `/api/v1/versions/platform/3/${standard.id}`));
    expect(remove.code).toBe(BUSINESS);
  });

  it('belongs to the small-scale code', async () => {
    expect((await kefu.get('/api/v1/versions/platform/3/search?page=0&size=1')).statusCode).toBe(403);
  });
});
