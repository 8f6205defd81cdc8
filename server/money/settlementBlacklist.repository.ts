import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { settlementBlacklist } from '../../resources/settlementBlacklist';
import { sortFields } from '../../resources/types';
import { containsPattern } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';

/**
 * The settlement blacklist as /adSettlementBlacklist sees it (resources/settlementBlacklist.ts), and the lookup
 * a batch payout file makes. National ids are stored upper-case (a trailing x becomes X).
 */
export interface BlacklistRecord {
  id: number;
  name: string;
  idCard: string;
  reason: string;
  operatorName: string | null;
  createTime: string;
}

export interface BlacklistSearch {
  name?: string;
  idCard?: string;
  from?: string;
  to?: string;
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'settlement_blacklist.id',
  name: 'settlement_blacklist.name',
  createTime: 'settlement_blacklist.create_time',
};
for (const field of sortFields(settlementBlacklist)) {
  if (!(field in SORT_COLUMNS)) {
    throw new Error(`resources/settlementBlacklist.ts sorts on "${field}": map it in SORT_COLUMNS`);
  }
}

const RECORD_COLUMNS = [
  'settlement_blacklist.id as id',
  'settlement_blacklist.name as name',
  'settlement_blacklist.id_card as idCard',
  'settlement_blacklist.reason as reason',
  'users.display_name as operatorName',
  'settlement_blacklist.create_time as createTime',
] as const;

type BlacklistEb = ExpressionBuilder<Database, 'settlement_blacklist'>;

function searchConditions(db: Db, search: BlacklistSearch) {
  return (eb: BlacklistEb) => {
    const conditions: Expression<SqlBool>[] = [];
    const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
    if (search.name) {
      conditions.push(sql<SqlBool>`settlement_blacklist.name ${like} ${containsPattern(search.name)} ESCAPE '\\'`);
    }
    if (search.idCard) {
      conditions.push(
        sql<SqlBool>`settlement_blacklist.id_card ${like} ${containsPattern(search.idCard.toUpperCase())} ESCAPE '\\'`,
      );
    }
    if (search.from) conditions.push(eb('settlement_blacklist.create_time', '>=', search.from));
    if (search.to) conditions.push(eb('settlement_blacklist.create_time', '<=', search.to));
    return eb.and(conditions);
  };
}

function baseQuery(db: Db) {
  return db
    .selectFrom('settlement_blacklist')
    .leftJoin('users', 'users.id', 'settlement_blacklist.operator_id')
    .select(RECORD_COLUMNS);
}

export async function searchBlacklist(
  db: Db,
  search: BlacklistSearch,
  page: { sort: { field: string; order: 'asc' | 'desc' } | null; offset: number; limit: number },
): Promise<{ rows: BlacklistRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('settlement_blacklist.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('settlement_blacklist')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as BlacklistRecord[], total: Number(count.n) };
}

export async function findBlacklistEntry(db: Db, id: number): Promise<BlacklistRecord | undefined> {
  return (await baseQuery(db).where('settlement_blacklist.id', '=', id).executeTakeFirst()) as
    | BlacklistRecord
    | undefined;
}

export async function idCardListed(db: Db, idCard: string): Promise<boolean> {
  const row = await db
    .selectFrom('settlement_blacklist')
    .select('id')
    .where('id_card', '=', idCard.toUpperCase())
    .executeTakeFirst();
  return !!row;
}

export async function insertBlacklistEntry(
  db: Db,
  values: { name: string; idCard: string; reason: string; operatorId: number | null },
  time: string,
): Promise<number> {
  const row = await db
    .insertInto('settlement_blacklist')
    .values({
      name: values.name,
      id_card: values.idCard.toUpperCase(),
      reason: values.reason,
      operator_id: values.operatorId,
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteBlacklistEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('settlement_blacklist').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

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
