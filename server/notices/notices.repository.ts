import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { adNotice, systemNotice } from '../../resources/notices';
import { sortFields } from '../../resources/types';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { readFlag } from './noticeReadState';

/**
 * Notices (resources/notices.ts) for the admin screens and the merchant's inbox, always with the reader's
 * read state. Rows come back camelCase under the declarations' field sources.
 */
export interface NoticeRecord {
  id: number;
  title: string;
  body: string;
  /** The image's download URL. */
  url: string | null;
  annexUrl: string | null;
  annexName: string | null;
  publisher: string;
  releaseTime: string | null;
  /** 1 when the reader has acknowledged the notice, else 0. */
  isRead: number;
  platformmark: number;
  /** 0 draft, 1 published. */
  status: number;
  createTime: string;
}

/** What a notice is written from (the uploads already checked by the caller). */
export interface NoticeValues {
  title: string;
  body: string;
  platformMark: number;
  imageUrl: string | null;
  imageUploadId: number | null;
  annexUrl: string | null;
  annexUploadId: number | null;
  annexName: string | null;
}

const SORT_COLUMNS: Record<string, Expression<unknown>> = {
  id: sql.ref('notices.id'),
  createTime: sql.ref('notices.create_time'),
  // Drafts have no release time: '' sorts them below every date on both databases (NULLs would not agree).
  releaseTime: sql`coalesce(notices.release_time, '')`,
};

// The declarations and this module must not drift apart: fail at start-up, naming the fix.
for (const declaration of [adNotice, systemNotice]) {
  for (const field of sortFields(declaration)) {
    if (!(field in SORT_COLUMNS)) {
      throw new Error(`resources/notices.ts (${declaration.name}) sorts on "${field}": map it in SORT_COLUMNS`);
    }
  }
}

export interface NoticeSearch {
  /** Substring of the title. */
  title?: string;
  status?: number;
  platformMark?: number;
  /** Inclusive bounds of the release time (published) or the creation time (drafts). */
  from?: string;
  to?: string;
}

export interface NoticePageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

/** A LIKE pattern matching `value` anywhere, with the wildcards and the escape character escaped. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

type NoticeEb = ExpressionBuilder<Database, 'notices'>;

function searchConditions(db: Db, search: NoticeSearch) {
  return (eb: NoticeEb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.title) {
      // Both ignore the case of Latin letters, like the company name search.
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`notices.title ${like} ${containsPattern(search.title)} ESCAPE '\\'`);
    }
    if (search.status !== undefined) conditions.push(eb('notices.status', '=', search.status));
    if (search.platformMark !== undefined) conditions.push(eb('notices.platform_mark', '=', search.platformMark));
    const time = sql`coalesce(notices.release_time, notices.create_time)`;
    if (search.from) conditions.push(sql<SqlBool>`${time} >= ${search.from}`);
    if (search.to) conditions.push(sql<SqlBool>`${time} <= ${search.to}`);
    return eb.and(conditions);
  };
}

function recordQuery(db: Db, readerId: number) {
  return db
    .selectFrom('notices')
    .leftJoin('notice_reads', (join) =>
      join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', readerId),
    )
    .select([
      'notices.id as id',
      'notices.title as title',
      'notices.body as body',
      'notices.image_url as url',
      'notices.annex_url as annexUrl',
      'notices.annex_name as annexName',
      'notices.publisher as publisher',
      'notices.release_time as releaseTime',
      readFlag(readerId).as('isRead'),
      'notices.platform_mark as platformmark',
      'notices.status as status',
      'notices.create_time as createTime',
    ]);
}

function recordOf(row: Record<string, unknown>): NoticeRecord {
  return { ...(row as unknown as NoticeRecord), id: Number(row.id), isRead: Number(row.isRead) };
}

/** One page of notices with `readerId`'s read state, newest first unless told otherwise. */
export async function searchNotices(
  db: Db,
  search: NoticeSearch,
  page: NoticePageRequest,
  readerId: number,
): Promise<{ rows: NoticeRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    recordQuery(db, readerId)
      .where(where)
      .orderBy(column, sort.order)
      .$if(sort.field !== 'id', (query) => query.orderBy('notices.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(recordOf), total: Number(count.n) };
}

export async function findNotice(db: Db, id: number, readerId: number): Promise<NoticeRecord | undefined> {
  const row = await recordQuery(db, readerId).where('notices.id', '=', id).executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

function columnsOf(values: NoticeValues) {
  return {
    title: values.title,
    body: values.body,
    platform_mark: values.platformMark,
    image_url: values.imageUrl,
    image_upload_id: values.imageUploadId,
    annex_url: values.annexUrl,
    annex_upload_id: values.annexUploadId,
    annex_name: values.annexName,
  };
}

/** A new draft. */
export async function insertNotice(
  db: Db,
  values: NoticeValues,
  publisher: string,
  createTime: string,
): Promise<number> {
  const row = await db
    .insertInto('notices')
    .values({ ...columnsOf(values), publisher, status: 0, release_time: null, create_time: createTime })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateNotice(db: Db, id: number, values: NoticeValues): Promise<void> {
  await db.updateTable('notices').set(columnsOf(values)).where('id', '=', id).execute();
}

/** Draft → published by `publisher` (发布人); false when the notice is not a draft (any more). */
export async function publishNotice(db: Db, id: number, publisher: string, releaseTime: string): Promise<boolean> {
  const result = await db
    .updateTable('notices')
    .set({ status: 1, release_time: releaseTime, publisher })
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the notice and who read it. */
export async function deleteNotice(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
    await trx.deleteFrom('notices').where('id', '=', id).execute();
  });
}

/** Records that the user acknowledged the notice; a second call changes nothing. */
export async function markNoticeRead(db: Db, noticeId: number, userId: number, readTime: string): Promise<void> {
  await db
    .insertInto('notice_reads')
    .values({ notice_id: noticeId, user_id: userId, read_time: readTime })
    .onConflict((conflict) => conflict.columns(['user_id', 'notice_id']).doNothing())
    .execute();
}
