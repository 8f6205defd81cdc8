import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { adNotice, adSmallNotice, systemNotice } from '../../resources/notices';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { PLATFORM_MARK_CHOICES } from '../../src/domain/enums';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { downloadUrl } from '../files/downloadUrls';
import { attachableFile } from '../files/fileReferences';
import { validatedValues } from '../http/declaredForm';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { type ListSpec, pageOf, parseListQuery } from '../http/listQuery';
import { sensitiveMatcher, sensitiveWordMessage } from '../system/sensitiveWords';
import {
  deleteNotice,
  findNotice,
  insertNotice,
  markNoticeRead,
  type NoticeRecord,
  type NoticeSearch,
  type NoticeValues,
  publishNotice,
  searchNotices,
  updateNotice,
} from './notices.repository';
import {
  deleteSchema,
  inboxSchema,
  oneSchema,
  publishSchema,
  readSchema,
  saveSchema,
  searchSchema,
  shownSchema,
  updateSchema,
} from './notices.schemas';
import { countUnreadNotices } from './notifications.repository';

/**
 * Notices (spec §7, all under /api/v1/notifications), driven by resources/notices.ts:
 * admin (/adNotice, UI_JCY_NOTICE_MGR)
 * - GET    search?q=&page=&size=&sort=        every notice (title, status, platformmark, stime/etime);
 * - POST   savenotifications                   a new draft { title, body, platformmark, url|imageUrl, annexUrl, annexName };
 * - PUT    :id                                 edit those fields;
 * - POST   upnotifications  { id } or ?id=     publish a draft (status 1, release time now);
 * - DELETE deletenotifications?id=             delete;
 * merchant (/systemNotice) and everyone
 * - GET    getnotificationsandreadstate        published notices of the caller's edition with isRead (size ≤ 10000);
 * - GET    shownotifications/platform/:mark    published notices of an edition (merchants: their own only);
 * - GET    getone/:id                          one notice (managers: any; others: published, own edition);
 * - PUT    updatenotificationread { notificationId }  acknowledge; answers the caller's remaining unread count.
 * A notice a caller may not read answers '公告不存在', so drafts and other editions do not show they exist.
 * The small-scale twin (/adSmallNotice, UI_XGM_NOTICE_MGR) calls the same admin paths with platformmark=3: that
 * view's code is checked, its list holds edition 3 only, new notices are written for edition 3 and a notice of
 * another edition is not found (managementView).
 */

const ADMIN_LIST: ListSpec = {
  filterKeys: filterKeys(adNotice),
  sortFields: sortFields(adNotice),
  defaultSort: { field: 'createTime', order: 'desc' },
};
const INBOX_LIST: ListSpec = {
  filterKeys: filterKeys(systemNotice),
  sortFields: sortFields(systemNotice),
  defaultSort: { field: 'releaseTime', order: 'desc' },
};
/** The spec's notice list asks for page 0 of size 10000 (spec §9); only this path allows that many. */
const INBOX_MAX_SIZE = 10_000;

type FormSource = 'title' | 'platformmark' | 'body' | 'url' | 'annexUrl' | 'annexName';
const FORM_FIELDS = adNotice.fields.filter((field) => field.form && !field.readOnly) as (FieldDeclaration & {
  source: FormSource;
})[];
/** The column widths of migrations 001/007: a last guard where no validator bounds the length. */
const MAX_CHARS: Partial<Record<FormSource, number>> = { body: 20_000, url: 255, annexUrl: 255, annexName: 128 };
/** Other names the spec's savenotifications body uses for the same fields. */
const ALIASES: Record<string, FormSource> = { imageUrl: 'url', platformMark: 'platformmark' };

export const NOTICE_MESSAGES = {
  title: '请输入2-128位标题',
  image: '图片地址无效，请重新上传图片',
  annex: '附件地址无效，请重新上传附件',
  notFound: '公告不存在',
  published: '该公告已发布',
} as const;

/** q= filters (already whitelisted by parseListQuery) → search criteria. */
function noticeSearchOf(filters: Record<string, string>): NoticeSearch {
  const read = filterReader(filters, adNotice.filters);
  const { from, to } = read.dateRange('stime', 'etime');
  const status = read.number('status');
  if (status !== undefined && status !== 0 && status !== 1) fail('状态的取值不正确');
  return { title: read.text('title'), status, platformMark: read.number('platformmark'), from, to };
}

function withAliases(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values = { ...(body as Record<string, unknown>) };
  for (const [alias, source] of Object.entries(ALIASES)) {
    if (values[source] === undefined && values[alias] !== undefined) values[source] = values[alias];
  }
  return values;
}

/**
 * An upload a notice may show: one its author uploaded (or the one the notice already shows), through attachFile
 * (not another company's certificate finance uploaded); for the image, an image.
 */
async function noticeUpload(db: Db, auth: AuthContext, url: string, image: boolean, current: string | null) {
  const attached = await attachableFile(db, auth, url, { purpose: 'notice', current });
  if (!attached || (image && !attached.upload.mime.startsWith('image/'))) return null;
  return attached.upload;
}

/**
 * The submitted fields checked with the declaration's rules (validatedValues) plus what it cannot say: the
 * title's 2-128 length and that the image and attachment are this server's uploads. All problems answer
 * together in content.errors, in the form's order. `current` is the notice being edited.
 */
async function noticeValues(db: Db, auth: AuthContext, body: unknown, current?: NoticeRecord): Promise<NoticeValues> {
  const values = withAliases(body);
  const errors: Partial<Record<FormSource, string>> = {};
  const rawTitle = values.title;
  const title = rawTitle === null || typeof rawTitle === 'object' ? 0 : [...String(rawTitle ?? '').trim()].length;
  if (title > 0 && (title < 2 || title > 128)) errors.title = NOTICE_MESSAGES.title;
  let changes: Partial<Record<FormSource, string | number | null>> = {};
  try {
    changes = validatedValues(values, FORM_FIELDS, { maxChars: MAX_CHARS, requireAll: !current });
  } catch (error) {
    const fieldErrors = error instanceof BusinessError && (error.content as { errors?: object } | null)?.errors;
    if (!fieldErrors) throw error;
    Object.assign(errors, fieldErrors);
  }

  const merged = {
    title: String(changes.title ?? current?.title ?? ''),
    body: String(changes.body ?? current?.body ?? ''),
    platformMark: Number(changes.platformmark ?? current?.platformmark),
    url: changes.url !== undefined ? changes.url : (current?.url ?? null),
    annexUrl: changes.annexUrl !== undefined ? changes.annexUrl : (current?.annexUrl ?? null),
    // A new attachment without a name of its own is named after its file, not after the one it replaces.
    annexName:
      changes.annexName !== undefined
        ? changes.annexName
        : changes.annexUrl !== undefined
          ? null
          : (current?.annexName ?? null),
  };
  // Notice titles and bodies are checked against the general sensitive-word list (/adSensitiveWords).
  const sensitive = await sensitiveMatcher(db, 'general');
  for (const [field, label] of [
    ['title', '标题'],
    ['body', '内容'],
  ] as const) {
    const word = errors[field] ? null : sensitive.find(merged[field]);
    if (word) errors[field] = sensitiveWordMessage(label, word);
  }
  const image =
    !errors.url && merged.url ? await noticeUpload(db, auth, String(merged.url), true, current?.url ?? null) : null;
  if (!errors.url && merged.url && !image) errors.url = NOTICE_MESSAGES.image;
  const annex =
    !errors.annexUrl && merged.annexUrl
      ? await noticeUpload(db, auth, String(merged.annexUrl), false, current?.annexUrl ?? null)
      : null;
  if (!errors.annexUrl && merged.annexUrl && !annex) errors.annexUrl = NOTICE_MESSAGES.annex;

  const ordered: Record<string, string> = {};
  for (const field of FORM_FIELDS) {
    const message = errors[field.source];
    if (message) ordered[field.source] = message;
  }
  const messages = Object.values(ordered);
  if (messages.length > 0) throw new BusinessError(messages[0], undefined, { errors: ordered });

  return {
    title: merged.title,
    body: merged.body,
    platformMark: merged.platformMark,
    imageUrl: image ? downloadUrl(image.id, image.originalName) : null,
    imageUploadId: image?.id ?? null,
    annexUrl: annex ? downloadUrl(annex.id, annex.originalName) : null,
    annexUploadId: annex?.id ?? null,
    annexName: annex ? String(merged.annexName ?? annex.originalName) : null,
  };
}

/** Which admin view a call comes from: /adSmallNotice (platformmark=3, edition 3 only) or /adNotice (every edition). */
interface ManagementView {
  /** The only edition the view manages; null for every edition. */
  platformMark: 3 | null;
}

const MANAGER_CODES = [...new Set([...adNotice.permissions.list, ...adSmallNotice.permissions.list])];

function managementView(request: FastifyRequest, auth: AuthContext): ManagementView {
  const raw = (request.query as Record<string, unknown>).platformmark;
  if (raw === undefined) {
    if (!holdsAny(auth, adNotice.permissions.list)) throw new ForbiddenError('无权限访问此页面！');
    return { platformMark: null };
  }
  if (String(raw) !== '3') fail('版本格式不正确');
  if (!holdsAny(auth, adSmallNotice.permissions.list)) throw new ForbiddenError('无权限访问此页面！');
  return { platformMark: 3 };
}

/** Managers see every notice; everyone else only the published notices of their own edition. */
function mayRead(auth: AuthContext, notice: NoticeRecord): boolean {
  if (holdsAny(auth, adNotice.permissions.list)) return true;
  if (notice.platformmark === 3 && holdsAny(auth, adSmallNotice.permissions.list)) return true;
  return notice.status === 1 && notice.platformmark === auth.platformMark;
}

function idFrom(request: FastifyRequest, name: string): number {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const query = request.query as Record<string, unknown>;
  return parseId(body[name] ?? query[name], '公告编号');
}

export async function noticesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = (permissions: readonly string[] | undefined, schema: FastifySchema) => ({
    config: { access: { permissions: permissions ?? adNotice.permissions.list } },
    schema,
  });
  const noticeOrFail = async (id: number, readerId: number) => {
    const notice = await findNotice(db, id, readerId);
    if (!notice) fail(NOTICE_MESSAGES.notFound);
    return notice;
  };

  /** The notice as the view manages it: one of another edition is not found in the small-scale view. */
  const managedOrFail = async (id: number, auth: AuthContext, view: ManagementView) => {
    const notice = await noticeOrFail(id, auth.userId);
    if (view.platformMark !== null && notice.platformmark !== view.platformMark) fail(NOTICE_MESSAGES.notFound);
    return notice;
  };
  /** The small-scale view writes its own edition whatever the body says. */
  const bodyFor = (body: unknown, view: ManagementView) =>
    view.platformMark === null || body === null || typeof body !== 'object' || Array.isArray(body)
      ? body
      : { ...(body as Record<string, unknown>), platformmark: view.platformMark, platformMark: undefined };

  app.get('/api/v1/notifications/search', access(MANAGER_CODES, searchSchema), async (request) => {
    const auth = requireAuth(request);
    const view = managementView(request, auth);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, ADMIN_LIST);
    const search = noticeSearchOf(list.filters);
    if (view.platformMark !== null) search.platformMark = view.platformMark;
    const { rows, total } = await searchNotices(
      db,
      search,
      { sort: list.sort, offset: list.offset, limit: list.size },
      auth.userId,
    );
    return ok(pageOf(rows, total, list));
  });

  app.post('/api/v1/notifications/savenotifications', access(MANAGER_CODES, saveSchema), async (request) => {
    const auth = requireAuth(request);
    const view = managementView(request, auth);
    const values = await noticeValues(db, auth, bodyFor(request.body, view));
    const id = await insertNotice(db, values, [...auth.displayName].slice(0, 64).join(''), chinaTime());
    return ok(await noticeOrFail(id, auth.userId), '保存成功');
  });

  app.put('/api/v1/notifications/:id', access(MANAGER_CODES, updateSchema), async (request) => {
    const auth = requireAuth(request);
    const view = managementView(request, auth);
    const id = parseId((request.params as { id: string }).id, '公告编号');
    const current = await managedOrFail(id, auth, view);
    await updateNotice(db, id, await noticeValues(db, auth, bodyFor(request.body, view), current));
    return ok(await noticeOrFail(id, auth.userId), '保存成功');
  });

  app.post('/api/v1/notifications/upnotifications', access(MANAGER_CODES, publishSchema), async (request) => {
    const auth = requireAuth(request);
    const view = managementView(request, auth);
    const id = idFrom(request, 'id');
    await managedOrFail(id, auth, view);
    const publisher = [...auth.displayName].slice(0, 64).join('');
    if (!(await publishNotice(db, id, publisher, chinaTime()))) fail(NOTICE_MESSAGES.published);
    return ok(await noticeOrFail(id, auth.userId), '发布成功');
  });

  app.delete('/api/v1/notifications/deletenotifications', access(MANAGER_CODES, deleteSchema), async (request) => {
    const auth = requireAuth(request);
    const view = managementView(request, auth);
    const id = parseId((request.query as Record<string, unknown>).id, '公告编号');
    await managedOrFail(id, auth, view);
    await deleteNotice(db, id);
    return ok(null, '删除成功');
  });

  app.get('/api/v1/notifications/getone/:id', { schema: oneSchema }, async (request) => {
    const auth = requireAuth(request);
    const notice = await noticeOrFail(parseId((request.params as { id: string }).id, '公告编号'), auth.userId);
    if (!mayRead(auth, notice)) fail(NOTICE_MESSAGES.notFound);
    return ok(notice);
  });

  app.get(
    '/api/v1/notifications/getnotificationsandreadstate',
    { config: { access: { permissions: systemNotice.permissions.list } }, schema: inboxSchema },
    async (request) => {
      const auth = requireAuth(request);
      const list = parseListQuery(request.url, request.query as Record<string, unknown>, {
        ...INBOX_LIST,
        maxSize: INBOX_MAX_SIZE,
      });
      const title = filterReader(list.filters, systemNotice.filters).text('title');
      const { rows, total } = await searchNotices(
        db,
        { status: 1, platformMark: auth.platformMark, title },
        { sort: list.sort, offset: list.offset, limit: list.size },
        auth.userId,
      );
      return ok(pageOf(rows, total, list));
    },
  );

  app.get('/api/v1/notifications/shownotifications/platform/:mark', { schema: shownSchema }, async (request) => {
    const auth = requireAuth(request);
    const mark = Number((request.params as { mark: string }).mark);
    if (!PLATFORM_MARK_CHOICES.some((choice) => choice.id === mark)) fail('版本格式不正确');
    if (auth.roleId === ROLE.merchant && mark !== auth.platformMark) {
      throw new ForbiddenError('无权查看其他版本的公告');
    }
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, INBOX_LIST);
    const { rows, total } = await searchNotices(
      db,
      { status: 1, platformMark: mark },
      { sort: list.sort, offset: list.offset, limit: list.size },
      auth.userId,
    );
    return ok(pageOf(rows, total, list));
  });

  app.put('/api/v1/notifications/updatenotificationread', { schema: readSchema }, async (request) => {
    const auth = requireAuth(request);
    const notice = await noticeOrFail(idFrom(request, 'notificationId'), auth.userId);
    // Only what the caller's bell counts can be acknowledged: a published notice of the caller's edition.
    if (notice.status !== 1 || notice.platformmark !== auth.platformMark) fail(NOTICE_MESSAGES.notFound);
    await markNoticeRead(db, notice.id, auth.userId, chinaTime());
    return ok(await countUnreadNotices(db, auth.userId, auth.platformMark));
  });
}
