import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { industries } from '../../resources/industries';
import { sortFields } from '../../resources/types';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { Database, IndustryTable } from '../db/schema';
import { containsPattern } from './companies.repository';

/**
 * Industries as /adIndustrymanagement sees them (resources/industries.ts): search, one industry, create,
 * update and delete. Rows come back camelCase under the declaration's field sources. The table is small,
 * so the name filter is a plain substring match (case-insensitive for Latin letters on both databases).
 */

/** Declaration field source → column. Every field of the declaration must be here. */
const FIELD_COLUMNS = {
  id: 'industries.id',
  nm: 'industries.nm',
  processStatus: 'industries.process_status',
  remark: 'industries.remark',
  createTime: 'industries.create_time',
} as const satisfies Record<keyof IndustryRecord, string>;

export type IndustryRecord = {
  id: number;
  nm: string;
  processStatus: number;
  remark: string | null;
  createTime: string;
};

/** Declaration source → industries column, for the fields a form may change. */
export const EDITABLE_COLUMNS = {
  nm: 'nm',
  processStatus: 'process_status',
  remark: 'remark',
} as const satisfies Record<string, keyof IndustryTable>;
export type EditableSource = keyof typeof EDITABLE_COLUMNS;
export type IndustryValues = Partial<Record<EditableSource, string | number | null>>;

/** processStatus 2: the industry is in use. */
export const IN_USE_STATUS = 2;

const SORT_COLUMNS: Record<string, string> = {
  id: 'industries.id',
  nm: 'industries.nm',
  createTime: 'industries.create_time',
};

for (const field of industries.fields) {
  if (!(field.source in FIELD_COLUMNS)) {
    throw new Error(`resources/industries.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
  }
  if (field.form && !field.readOnly && !(field.source in EDITABLE_COLUMNS)) {
    throw new Error(`resources/industries.ts makes "${field.source}" editable: map it in EDITABLE_COLUMNS`);
  }
}
for (const field of sortFields(industries)) {
  if (!(field in SORT_COLUMNS)) throw new Error(`resources/industries.ts sorts on "${field}": map it in SORT_COLUMNS`);
}

export interface IndustrySearch {
  /** Substring of the name. */
  nm?: string;
  processStatus?: number;
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

function searchConditions(db: Db, search: IndustrySearch) {
  return (eb: ExpressionBuilder<Database, 'industries'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.nm) {
      const like = isPostgres(db) ? sql`ILIKE` : sql`LIKE`;
      conditions.push(sql<SqlBool>`industries.nm ${like} ${containsPattern(search.nm)} ESCAPE '\\'`);
    }
    if (search.processStatus !== undefined) {
      conditions.push(eb('industries.process_status', '=', search.processStatus));
    }
    return eb.and(conditions);
  };
}

/** One page of industries and the number of all that match; id breaks ties so pages never overlap. */
export async function searchIndustries(
  db: Db,
  search: IndustrySearch,
  page: PageRequest,
): Promise<{ rows: IndustryRecord[]; total: number }> {
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('industries')
      .select(RECORD_COLUMNS)
      .where(where)
      .orderBy(sql.ref(column), sort.order)
      .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('industries.id', sort.order))
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('industries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as IndustryRecord[], total: Number(count.n) };
}

export async function findIndustry(db: Db, id: number): Promise<IndustryRecord | undefined> {
  const row = await db
    .selectFrom('industries')
    .select(RECORD_COLUMNS)
    .where('industries.id', '=', id)
    .executeTakeFirst();
  return row as IndustryRecord | undefined;
}

/** Whether another industry (not `exceptId`) already has this name. */
export async function industryNameTaken(db: Db, nm: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('industries')
    .select('id')
    .where('nm', '=', nm)
    .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return !!row;
}

function columnsOf(values: IndustryValues): Updateable<IndustryTable> {
  const changes: Updateable<IndustryTable> = {};
  if (typeof values.nm === 'string') changes.nm = values.nm;
  if (typeof values.processStatus === 'number') changes.process_status = values.processStatus;
  if (values.remark !== undefined) changes.remark = values.remark === null ? null : String(values.remark);
  return changes;
}

export async function insertIndustry(db: Db, values: IndustryValues, time: string): Promise<number> {
  const row = await db
    .insertInto('industries')
    .values({
      nm: String(values.nm),
      process_status: 0,
      remark: null,
      ...columnsOf(values),
      create_time: time,
      update_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateIndustry(db: Db, id: number, values: IndustryValues, time: string): Promise<void> {
  await db
    .updateTable('industries')
    .set({ ...columnsOf(values), update_time: time })
    .where('id', '=', id)
    .execute();
}

/** Whether any company names this industry (served by companies_industry of migration 003). */
export async function industryUsedByCompanies(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').where('industry_id', '=', id).limit(1).executeTakeFirst();
  return !!row;
}

/**
 * Deletes the industry unless it is in use (processStatus 2, or a company names it), in one statement so a
 * check and the delete cannot be split by another writer. Answers whether a row was deleted.
 */
export async function deleteIndustryUnlessUsed(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('industries')
    .where('id', '=', id)
    .where('process_status', '<>', IN_USE_STATUS)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('companies').select('companies.id').where('companies.industry_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
