import { sql } from 'kysely';

/**
 * Whether a published notice counts as read by one account. It does when the account acknowledged it
 * (notice_reads), and when it was released before the account existed: a company registered today is not greeted
 * by weeks of old notices as unread, while everything released since still reaches its bell. Both conditions are
 * read in the query that lists or counts the notices (joined to notice_reads as `notice_reads`), so the inbox's
 * 已读 and the bell's count can never disagree.
 */
const accountCreated = (readerId: number) =>
  sql<string>`coalesce((select readers.create_time from users readers where readers.id = ${readerId}), '')`;

/** 1 when `readerId` has read the row's notice, else 0. */
export const readFlag = (readerId: number) =>
  sql<number>`case when notice_reads.notice_id is not null or notices.release_time < ${accountCreated(readerId)} then 1 else 0 end`;

/** The condition that the row's notice is still unread by `readerId`. */
export const unreadBy = (readerId: number) =>
  sql<boolean>`notice_reads.notice_id is null and notices.release_time >= ${accountCreated(readerId)}`;
