import type { FastifyInstance, FastifyRequest } from 'fastify';
import { filterKeys, sortFields } from '../../resources/types';
import { systemMaintain } from '../../resources/upgradeNotices';
import type { AppServices } from '../appServices';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';

/**
 * Maintenance windows (/adSystemMaintainAdmin, UI_SYSTEM_MAINTAIN_ADMIN_JCY):
 * - POST /api/v1/system/upgradehtml                create { title, content?, startTime, endTime, status };
 * - GET  /api/v1/system/upgradehtml/findall        one page (q=status:…);
 * - GET  /api/v1/system/upgradehtml/:id            one window;
 * - PUT  /api/v1/system/upgradehtml/update/:id/0   change it;
 * - GET  /api/v1/system/upgradehtml/status         public: { active, title, startTime, endTime }.
 * While a window is active, POST /login, /code/login and /api/v1/sso/login answer 系统维护中，请稍后访问 unless
 * the request carries index=1 (the /login?index bypass).
 */
export const MSG_MAINTENANCE = '系统维护中，请稍后访问';
const CODES = systemMaintain.permissions.list;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const GUARDED = new Set(['/login', '/code/login', '/api/v1/sso/login']);
const LIST_SPEC = {
  filterKeys: filterKeys(systemMaintain),
  sortFields: sortFields(systemMaintain),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

export interface MaintenanceStatus {
  active: boolean;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
}

export async function maintenanceStatus(db: Db, now = chinaTime()): Promise<MaintenanceStatus> {
  const row = await db
    .selectFrom('upgrade_notices')
    .select(['title', 'start_time', 'end_time'])
    .where('status', '=', 1)
    .where('start_time', '<=', now)
    .where('end_time', '>=', now)
    .orderBy('end_time', 'desc')
    .executeTakeFirst();
  return row
    ? { active: true, title: row.title, startTime: row.start_time, endTime: row.end_time }
    : { active: false, title: null, startTime: null, endTime: null };
}

type Form = Record<string, unknown>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function windowValues(body: Form, requireAll: boolean) {
  const values: { title?: string; content?: string | null; start_time?: string; end_time?: string; status?: number } =
    {};
  const has = (key: string) => body[key] !== undefined;
  if (requireAll || has('title')) {
    const title = text(body.title);
    if (!title || [...title].length > 64) fail('请输入1-64位标题');
    values.title = title;
  }
  if (has('content')) {
    const content = text(body.content);
    if ([...content].length > 500) fail('说明不能超过500个字符');
    values.content = content || null;
  }
  for (const [key, column, label] of [
    ['startTime', 'start_time', '开始时间'],
    ['endTime', 'end_time', '结束时间'],
  ] as const) {
    if (requireAll || has(key)) {
      const value = text(body[key]);
      if (!TIME.test(value)) fail(`${label}格式应为 YYYY-MM-DD HH:mm:ss`);
      values[column] = value;
    }
  }
  if (requireAll || has('status')) {
    const status = Number(body.status);
    if (status !== 0 && status !== 1) fail('状态只能是 0 或 1');
    values.status = status;
  }
  return values;
}

function recordOf(row: {
  id: number;
  title: string;
  content: string | null;
  start_time: string;
  end_time: string;
  status: number;
  create_time: string;
}) {
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    createTime: row.create_time,
  };
}

function bypassed(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Form;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Form;
  return text(query.index ?? body.index) === '1';
}

export async function maintenanceRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: CODES } } };

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !GUARDED.has(request.routeOptions.url ?? '')) return;
    if (bypassed(request)) return;
    const status = await maintenanceStatus(db);
    if (status.active)
      throw new BusinessError(`${MSG_MAINTENANCE}（${status.startTime} 至 ${status.endTime}）`, undefined, status);
  });

  app.get('/api/v1/system/upgradehtml/status', { config: { access: { public: true } } }, async () =>
    ok(await maintenanceStatus(db)),
  );

  app.get('/api/v1/system/upgradehtml/findall', access, async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const status = filterReader(list.filters, systemMaintain.filters).number('status');
    let query = db.selectFrom('upgrade_notices');
    if (status !== undefined) query = query.where('status', '=', status);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('create_time', list.sort?.order ?? 'desc')
        .orderBy('id', 'desc')
        .offset(list.offset)
        .limit(list.size)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(pageOf(rows.map(recordOf), Number(count.n), list));
  });

  const oneOrFail = async (id: number) => {
    const row = await db.selectFrom('upgrade_notices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) fail('维护公告不存在');
    return recordOf(row);
  };

  app.get('/api/v1/system/upgradehtml/:id', access, async (request) =>
    ok(await oneOrFail(parseId((request.params as { id: string }).id))),
  );

  app.post('/api/v1/system/upgradehtml', access, async (request) => {
    const values = windowValues((request.body ?? {}) as Form, true);
    if (values.start_time! >= values.end_time!) fail('开始时间必须早于结束时间');
    const row = await db
      .insertInto('upgrade_notices')
      .values({
        title: values.title!,
        content: values.content ?? null,
        start_time: values.start_time!,
        end_time: values.end_time!,
        status: values.status!,
        create_time: chinaTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ok(await oneOrFail(Number(row.id)), '新增成功');
  });

  app.put('/api/v1/system/upgradehtml/update/:id/0', access, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const current = await oneOrFail(id);
    const values = windowValues((request.body ?? {}) as Form, false);
    if ((values.start_time ?? current.startTime) >= (values.end_time ?? current.endTime))
      fail('开始时间必须早于结束时间');
    if (Object.keys(values).length > 0)
      await db.updateTable('upgrade_notices').set(values).where('id', '=', id).execute();
    return ok(await oneOrFail(id), '保存成功');
  });
}
