import type { Db } from '../db/database';

/** Stored files (migration 007) and the question a download asks: is this file on a notice I may read? */
export interface UploadRecord {
  id: number;
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
  ownerUserId: number;
  ownerCompanyId: number | null;
  createTime: string;
  /** What the file is for: claimed by the first record that takes it (fileReferences.ts); null until then. */
  purpose: string | null;
}

export async function insertUpload(
  db: Db,
  upload: Omit<UploadRecord, 'id' | 'purpose'> & { purpose?: string },
): Promise<number> {
  const row = await db
    .insertInto('uploads')
    .values({
      stored_name: upload.storedName,
      original_name: upload.originalName,
      mime: upload.mime,
      size: upload.size,
      owner_user_id: upload.ownerUserId,
      owner_company_id: upload.ownerCompanyId,
      create_time: upload.createTime,
      purpose: upload.purpose ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findUpload(db: Db, id: number): Promise<UploadRecord | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select([
      'id',
      'stored_name as storedName',
      'original_name as originalName',
      'mime',
      'size',
      'owner_user_id as ownerUserId',
      'owner_company_id as ownerCompanyId',
      'create_time as createTime',
      'purpose',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    size: Number(row.size),
    ownerUserId: Number(row.ownerUserId),
    ownerCompanyId: row.ownerCompanyId === null ? null : Number(row.ownerCompanyId),
  };
}

/** Whether the file is the image or attachment of a published notice of that edition. */
export async function isOnPublishedNotice(db: Db, uploadId: number, platformMark: number): Promise<boolean> {
  const row = await db
    .selectFrom('notices')
    .select('id')
    .where('status', '=', 1)
    .where('platform_mark', '=', platformMark)
    .where((eb) => eb.or([eb('image_upload_id', '=', uploadId), eb('annex_upload_id', '=', uploadId)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Whether the file is an image of a published help article (every merchant may read those). */
export async function isOnPublishedHelpArticle(db: Db, uploadId: number): Promise<boolean> {
  const row = await db
    .selectFrom('help_articles')
    .select('id')
    .where('status', '=', 1)
    .where('body_html', 'like', `%data-src="/api-v1/dl?file=${uploadId}&amp;%`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
