import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';

/**
 * Idempotency keys of the open API's writes (`open_api_idempotency`, unique per company, edition and key): what a
 * key first made, and a digest of what it was sent with, so a repeat answers the first result and the same key with
 * other data is refused. A payout batch submission keeps its key as sent (the row names the draft it made); an
 * invoice application keeps it as `i:<key>` (the row names the application), and a key sent by a caller never
 * holds `:`, so the two never meet.
 */
export type IdempotentWrite = 'payout' | 'invoice';

export const storedKey = (write: IdempotentWrite, key: string) => (write === 'invoice' ? `i:${key}` : key);

export const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

export interface Account {
  companyId: number;
  platformMark: number;
}

/** What the key made before (the draft or application id) and the digest it came with, if it was used. */
export async function seenKey(
  db: Db,
  account: Account,
  write: IdempotentWrite,
  key: string,
): Promise<{ recordId: number; digest: string } | undefined> {
  const row = await db
    .selectFrom('open_api_idempotency')
    .select(['draft_id', 'body_sha256'])
    .where('company_id', '=', account.companyId)
    .where('platform_mark', '=', account.platformMark)
    .where('idem_key', '=', storedKey(write, key))
    .executeTakeFirst();
  return row && { recordId: Number(row.draft_id), digest: row.body_sha256 };
}

/** Remembers the key; a parallel call that remembered it first makes this a unique violation. */
export async function rememberKey(
  db: Db,
  account: Account,
  write: IdempotentWrite,
  key: string,
  digest: string,
  recordId: number,
): Promise<void> {
  await db
    .insertInto('open_api_idempotency')
    .values({
      company_id: account.companyId,
      platform_mark: account.platformMark,
      idem_key: storedKey(write, key),
      body_sha256: digest,
      draft_id: recordId,
      create_time: chinaTime(),
    })
    .execute();
}
