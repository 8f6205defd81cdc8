import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';
import { type Bookmark, Bookmarks, searchCacheOf, type VersionCache } from './companies.searchCache';
import { type CompanyRecord, RECORD_COLUMNS, SORT_COLUMNS } from './companyColumns';
import { type CompanyPageRequest, type CompanySearch, searchConditions } from './companyMatching';
import { criteriaKey } from './companyTotals';

/** One page of a company search, at the same cost at any depth (ordered ids, bookmarks). */

/**
 * A name search orders at most this many matches once per data version and pages through them by position:
 * neither the trigram index (SQLite) nor pg_trgm yields matches in the list's order, so each page would
 * otherwise fetch and sort every match. Beyond it (a two-character name matching half the table), each page
 * is a query of its own.
 */
export const ORDERED_MATCHES_MAX = 100_000;

/** The matching ids ordered by (sort column, id) ascending; a descending page reads it from the end. */
export type OrderedMatches = { total: number; ids: Float64Array | null };

export async function orderedMatches(db: Db, search: CompanySearch, column: string): Promise<Float64Array> {
  const rows = await db
    .selectFrom('companies')
    .select('companies.id')
    .where(searchConditions(db, search))
    .orderBy(sql.ref(column), 'asc')
    .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('companies.id', 'asc'))
    .execute();
  return Float64Array.from(rows, (row) => Number(row.id));
}

export function idsOfPage(ids: Float64Array, order: 'asc' | 'desc', offset: number, limit: number): number[] {
  const page: number[] = [];
  for (let i = offset; i < Math.min(ids.length, offset + limit); i += 1) {
    page.push(order === 'asc' ? ids[i] : ids[ids.length - 1 - i]);
  }
  return page;
}

/** The given companies, in the given order (a company deleted meanwhile is left out). */
export async function companiesByIds(db: Db, ids: readonly number[]): Promise<CompanyRecord[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .selectFrom('companies')
    .leftJoin('subsidiaries', 'subsidiaries.id', 'companies.subsidiary_id')
    .select(RECORD_COLUMNS)
    .where('companies.id', 'in', [...ids])
    .execute()) as CompanyRecord[];
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page straight from the database, ordered by (column, id); from a bookmark when given. */
export async function pageRows(
  db: Db,
  search: CompanySearch,
  column: string,
  order: 'asc' | 'desc',
  page: CompanyPageRequest,
  from?: Bookmark,
  total?: RawBuilder<number>,
): Promise<PageRow[]> {
  // The page's ids first, from an index alone, then only those rows. Asked for whole rows at once, SQLite
  // sorts every match of department_id IN (…) (half a million rows for a customer-service account: seconds);
  // the ids alone come from (department_id, create_time, id) in order and stop after one page. The outer
  // query orders by the page's own columns so the planner joins the few page rows instead of walking the
  // table in order (it cannot tell that a page with a bound LIMIT is small). id breaks ties: pages never
  // overlap or skip rows. A bookmark (the row at an earlier position) turns the walk from the start into a
  // seek in the same index plus the rows between it and the page.
  const pageIds = db
    .selectFrom('companies')
    .select(['companies.id', sql.ref(column).as('sort_key')])
    .where(searchConditions(db, search))
    .$if(from !== undefined, (query) => query.where(startingAt(column, order, from!)))
    .orderBy(sql.ref(column), order)
    .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('companies.id', order))
    // A page from the start of its list is written with its LIMIT and without OFFSET: PostgreSQL can then keep
    // one plan for the prepared statement (with a LIMIT or OFFSET parameter it plans for 10 % of the table, so
    // it plans every execution anew). Deeper pages differ in their offsets and stay parameters.
    .$call((query) => {
      const offset = page.offset - (from?.position ?? 0);
      return offset === 0 ? query.limit(sql.lit(page.limit)) : query.limit(page.limit).offset(offset);
    });
  const rows = await db
    .selectFrom(pageIds.as('page'))
    .innerJoin('companies', 'companies.id', 'page.id')
    .leftJoin('subsidiaries', 'subsidiaries.id', 'companies.subsidiary_id')
    .select(RECORD_COLUMNS)
    .$if(total !== undefined, (query) => query.select(total!.as('total_n')))
    .orderBy('page.sort_key', order)
    .orderBy('page.id', order)
    .execute();
  return rows as PageRow[];
}

/** A page row, with the list's total when the page query was asked to carry it (one statement instead of two). */
export type PageRow = CompanyRecord & { total_n?: number | string };

/** The rows from the bookmarked one on, in the list's order. */
function startingAt(column: string, order: 'asc' | 'desc', from: Bookmark): Expression<SqlBool> {
  const operator = order === 'asc' ? sql`>=` : sql`<=`;
  if (column === SORT_COLUMNS.id) return sql<SqlBool>`companies.id ${operator} ${from.id}`;
  return sql<SqlBool>`(${sql.ref(column)}, companies.id) ${operator} (${from.key}, ${from.id})`;
}

/** Pages at least this deep start from the nearest bookmark of their list. */
const BOOKMARK_MIN_OFFSET = 1000;

/**
 * One page from the database. A deep one (OFFSET 100 000 walks 100 000 index entries, about 1.5 ms) seeks to
 * the nearest bookmark of the same list in this data version and leaves one at its own offset.
 */
export async function bookmarkedPageRows(
  db: Db,
  search: CompanySearch,
  sortField: keyof typeof SORT_COLUMNS,
  order: 'asc' | 'desc',
  page: CompanyPageRequest,
  versionCache?: VersionCache,
  total?: RawBuilder<number>,
): Promise<PageRow[]> {
  const column = SORT_COLUMNS[sortField];
  if (page.offset < BOOKMARK_MIN_OFFSET) return pageRows(db, search, column, order, page, undefined, total);
  const cache = versionCache ?? (await searchCacheOf(db));
  const bookmarks = await cache.remember(
    `bookmarks ${sortField} ${order} ${criteriaKey(search)}`,
    async () => new Bookmarks(),
    () => 2 * Bookmarks.MAX,
  );
  const from = bookmarks.nearest(page.offset);
  const rows = await pageRows(db, search, column, order, page, from, total);
  const first = rows[0];
  if (first && from?.position !== page.offset) {
    bookmarks.add({
      position: page.offset,
      key: first[sortField as keyof CompanyRecord] as string | number,
      id: first.id,
    });
  }
  return rows;
}
