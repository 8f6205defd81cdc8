import { DOWNLOAD_STATUS } from '../../src/domain/workers';
import type { Db } from '../db/database';
import { removeStoredFile } from '../files/fileStore';
import type { FileStorage } from '../files/storage/fileStorage';

/**
 * The retention job's sweep of 大熊信息下载 (server/system/logRetention.ts): jobs done or failed before
 * `finishedBefore` go, with their zip (the uploads row and the stored file). Queued and running
 * jobs are never touched. Rows go first, files after: a file left behind by a crash is only disk, never a row
 * pointing at nothing. Answers how many jobs were deleted.
 */
export async function deleteFinishedDownloadsBefore(
  db: Db,
  files: FileStorage,
  finishedBefore: string,
  slice: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const jobs = await db
      .selectFrom('worker_downloads')
      .leftJoin('uploads', 'uploads.id', 'worker_downloads.file_id')
      .select(['worker_downloads.id', 'worker_downloads.file_id', 'uploads.stored_name'])
      .where('worker_downloads.status', 'in', [DOWNLOAD_STATUS.done, DOWNLOAD_STATUS.failed])
      .where('worker_downloads.finish_time', '<', finishedBefore)
      .orderBy('worker_downloads.id')
      .limit(slice)
      .execute();
    if (jobs.length === 0) return deleted;
    const fileIds = jobs.flatMap((job) => (job.file_id === null ? [] : [Number(job.file_id)]));
    await db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('worker_downloads')
        .where(
          'id',
          'in',
          jobs.map((job) => Number(job.id)),
        )
        .execute();
      if (fileIds.length > 0) await tx.deleteFrom('uploads').where('id', 'in', fileIds).execute();
    });
    for (const job of jobs) if (job.stored_name) await removeStoredFile(files, job.stored_name);
    deleted += jobs.length;
    if (jobs.length < slice) return deleted;
  }
}
