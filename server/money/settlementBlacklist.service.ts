import type { Db } from '../db/database';

/**
 * The lookup a batch payout file makes against the settlement blacklist (its CRUD is the engine's:
 * settlementBlacklist.binding.ts). National ids are stored upper-case (a trailing x becomes X).
 */

const LOOKUP_CHUNK = 500;

/** Which of these national ids (upper-case) are on the blacklist. */
export async function blacklistedAmong(db: Db, idCards: readonly string[]): Promise<Set<string>> {
  const listed = new Set<string>();
  for (let start = 0; start < idCards.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('settlement_blacklist')
      .select('id_card')
      .where('id_card', 'in', idCards.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) listed.add(row.id_card);
  }
  return listed;
}
