import type { FastifyInstance } from 'fastify';
import { filterKeys, sortFields } from '../../resources/types';
import { versionUpdate } from '../../resources/versions';
import type { AppServices } from '../appServices';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';

/**
 * Version history (/adVersionUpdate, UI_VERSION_UPDATE_JCY):
 * - GET /api/v1/versions/search?q=platformmark:…   one page; POST /api/v1/versions; GET|PUT|DELETE /api/v1/versions/:id;
 * - GET /api/v1/versions/public?platformmark=       public: the history shown on /versionUpdate (newest first).
 */
const CODES = versionUpdate.permissions.list;
const LIST_SPEC = {
  filterKeys: filterKeys(versionUpdate),
  sortFields: sortFields(versionUpdate),
  defaultSort: { field: 'releaseDate', order: 'desc' as const },
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Row = {
  id: number;
  version: string;
  content: string;
  release_date: string;
  platform_mark: number;
  create_time: string;
};
const recordOf = (row: Row) => ({
  id: Number(row.id),
  version: row.version,
  content: row.content,
  releaseDate: row.release_date,
  platformmark: row.platform_mark,
  createTime: row.create_time,
});

type Form = Record<string, unknown>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function versionValues(body: Form, requireAll: boolean) {
  const values: Partial<Omit<Row, 'id' | 'create_time'>> = {};
  const has = (key: string) => body[key] !== undefined;
  if (requireAll || has('version')) {
    const version = text(body.version);
    if (!version || version.length > 32) fail('请输入1-32位版本号');
    values.version = version;
  }
  if (requireAll || has('content')) {
    const content = text(body.content);
    if (!content || [...content].length > 2000) fail('请输入1-2000字的更新内容');
    values.content = content;
  }
  if (requireAll || has('releaseDate')) {
    const date = text(body.releaseDate).slice(0, 10);
    if (!DATE.test(date)) fail('发布日期格式应为 YYYY-MM-DD');
    values.release_date = date;
  }
  if (requireAll || has('platformmark')) {
    const mark = Number(body.platformmark);
    if (mark !== 1 && mark !== 3) fail('版本只能是 1 或 3');
    values.platform_mark = mark;
  }
  return values;
}

async function oneOrFail(db: Db, id: number) {
  const row = await db.selectFrom('versions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) fail('版本记录不存在');
  return recordOf(row);
}

export async function versionsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: CODES } } };

  app.get('/api/v1/versions/public', { config: { access: { public: true } } }, async (request) => {
    const mark = Number((request.query as Form).platformmark ?? 1) === 3 ? 3 : 1;
    const rows = await db
      .selectFrom('versions')
      .selectAll()
      .where('platform_mark', '=', mark)
      .orderBy('release_date', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return ok(rows.map(recordOf));
  });

  app.get('/api/v1/versions/search', access, async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const mark = filterReader(list.filters, versionUpdate.filters).number('platformmark');
    let query = db.selectFrom('versions');
    if (mark !== undefined) query = query.where('platform_mark', '=', mark);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('release_date', list.sort?.order ?? 'desc')
        .orderBy('id', 'desc')
        .offset(list.offset)
        .limit(list.size)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(pageOf(rows.map(recordOf), Number(count.n), list));
  });

  app.get('/api/v1/versions/:id', access, async (request) =>
    ok(await oneOrFail(db, parseId((request.params as { id: string }).id))),
  );

  app.post('/api/v1/versions', access, async (request) => {
    const values = versionValues((request.body ?? {}) as Form, true);
    const row = await db
      .insertInto('versions')
      .values({
        version: values.version!,
        content: values.content!,
        release_date: values.release_date!,
        platform_mark: values.platform_mark!,
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok(await oneOrFail(db, Number(row.id)), '新增成功');
  });

  app.put('/api/v1/versions/:id', access, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    await oneOrFail(db, id);
    const values = versionValues((request.body ?? {}) as Form, false);
    if (Object.keys(values).length > 0) await db.updateTable('versions').set(values).where('id', '=', id).execute();
    return ok(await oneOrFail(db, id), '保存成功');
  });

  app.delete('/api/v1/versions/:id', access, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const record = await oneOrFail(db, id);
    await db.deleteFrom('versions').where('id', '=', id).execute();
    return ok(record, '删除成功');
  });
}
