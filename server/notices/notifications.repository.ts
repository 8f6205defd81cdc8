import type { Db } from '../db/database';
import { unreadBy } from './noticeReadState';

/** Published notices of the user's edition that the user has not read (noticeReadState.ts). */
export async function countUnreadNotices(db: Db, userId: number, platformMark: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .leftJoin('notice_reads', (join) =>
      join.onRef('notice_reads.notice_id', '=', 'notices.id').on('notice_reads.user_id', '=', userId),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('notices.status', '=', 1)
    .where('notices.platform_mark', '=', platformMark)
    .where(unreadBy(userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
