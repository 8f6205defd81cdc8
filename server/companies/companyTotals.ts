import { sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { FTS_MIN_CHARS, ftsPhrase } from '../db/textMatch';
import type { CompanyCountTables } from './companies.searchCache';
import { type CompanySearch, searchConditions } from './companyMatching';

/** The number of companies a search matches, without a COUNT(*) over the table per request. */

/** Criteria the trigger-maintained company_counts answer: edition and department (scope, deptIds, departID). */
const SUMMABLE_CRITERIA = new Set<keyof CompanySearch>(['platformMark', 'departmentId', 'departmentIds']);
const positiveId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * True when the total is a sum of company_counts rows: no criteria besides edition and department, and the
 * departments are real ids (the counts file companies without a department under 0).
 */
export function summable(search: CompanySearch): boolean {
  return (
    Object.entries(search).every(
      ([key, value]) => value === undefined || SUMMABLE_CRITERIA.has(key as keyof CompanySearch),
    ) &&
    (search.departmentId === undefined || positiveId(search.departmentId)) &&
    (search.departmentIds ?? []).every(positiveId)
  );
}

/** The total from company_counts (migration 008): a sum over at most a few dozen rows. */
export function summedTotalQuery(db: Db, search: CompanySearch) {
  return db
    .withTables<CompanyCountTables>()
    .selectFrom('company_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'))
    .$if(search.platformMark !== undefined, (query) => query.where('platform_mark', '=', search.platformMark!))
    .$if(search.departmentId !== undefined, (query) => query.where('department_id', '=', search.departmentId!))
    .$if(search.departmentIds !== undefined, (query) => query.where('department_id', 'in', [...search.departmentIds!]));
}

export async function summedTotal(db: Db, search: CompanySearch): Promise<number> {
  return Number((await summedTotalQuery(db, search).executeTakeFirstOrThrow()).n);
}

/** The criteria as a cache key: every given criterion (new ones included), departments sorted. */
export function criteriaKey(search: CompanySearch): string {
  const entries = Object.entries(search)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      key === 'departmentIds' ? [key, [...new Set(value as number[])].sort((a, b) => a - b)] : [key, value],
    )
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  return JSON.stringify(entries);
}

/** COUNT(*) of the matches. A name-only search on SQLite counts the trigram index alone, without the table. */
export async function countMatches(db: Db, search: CompanySearch): Promise<number> {
  const nameOnly = Object.entries(search).every(([key, value]) => value === undefined || key === 'name');
  if (nameOnly && search.name && !isPostgres(db) && [...search.name].length >= FTS_MIN_CHARS) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM companies_name_fts WHERE companies_name_fts MATCH ${ftsPhrase(search.name)}`.execute(
      db,
    );
    return Number(rows[0].n);
  }
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(searchConditions(db, search))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
