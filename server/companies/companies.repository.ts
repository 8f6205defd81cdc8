import { sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { CompanyTable } from '../db/schema';
import { searchCacheOf } from './companies.searchCache';
import {
  type CompanyRecord,
  EDITABLE_COLUMNS,
  type EditableSource,
  RECORD_COLUMNS,
  SORT_COLUMNS,
} from './companyColumns';
import type { CompanyPageRequest, CompanySearch } from './companyMatching';
import {
  bookmarkedPageRows,
  companiesByIds,
  idsOfPage,
  ORDERED_MATCHES_MAX,
  type OrderedMatches,
  orderedMatches,
} from './companyPages';
import { countMatches, criteriaKey, summable, summedTotal, summedTotalQuery } from './companyTotals';

export { type CompanyRecord, EDITABLE_COLUMNS, EDITABLE_MAX_CHARS, type EditableSource } from './companyColumns';
export type { CompanyPageRequest, CompanySearch } from './companyMatching';
export { ORDERED_MATCHES_MAX } from './companyPages';

/**
 * Companies as the admin company screens see them (resources/companies.ts): the search, one company and its
 * update. Rows come back camelCase under the declaration's field sources. The columns are companyColumns.ts', the
 * conditions companyMatching.ts', the totals companyTotals.ts' and the paging companyPages.ts'.
 */

/**
 * One page of companies and the exact number of all that match, newest first unless told otherwise.
 *
 * totalElements never comes from a COUNT(*) over the table per request:
 * - edition and department criteria only (the unfiltered list, a scoped account's list, deptIds): the sum of
 *   the trigger-maintained company_counts rows (migration 008);
 * - anything else: counted once per data version and kept in the version's cache (companies.searchCache.ts);
 *   a name search keeps the ordered ids of its matches there too (up to ORDERED_MATCHES_MAX) and fetches
 *   only the page's rows. Rows themselves are always read from the database.
 */
export async function searchCompanies(
  db: Db,
  search: CompanySearch,
  page: CompanyPageRequest,
): Promise<{ rows: CompanyRecord[]; total: number }> {
  // An empty scope (a scoped user without departments, or deptIds outside the scope) matches nothing.
  if (search.departmentIds && search.departmentIds.length === 0) return { rows: [], total: 0 };
  const order = page.sort?.order ?? 'desc';
  const sortField = page.sort && page.sort.field in SORT_COLUMNS ? page.sort.field : 'createTime';
  const column = SORT_COLUMNS[sortField];

  if (summable(search)) {
    // The total rides on the page's own statement (a scalar subquery per row); a page past the end has no row
    // to carry it and asks for it alone.
    const withTotal = await bookmarkedPageRows(
      db,
      search,
      sortField,
      order,
      page,
      undefined,
      sql<number>`(${summedTotalQuery(db, search)})`,
    );
    if (withTotal.length === 0) return { rows: [], total: await summedTotal(db, search) };
    const total = Number(withTotal[0].total_n);
    const rows = withTotal.map(({ total_n: _, ...row }) => row);
    return { rows, total };
  }

  const cache = await searchCacheOf(db);
  const criteria = criteriaKey(search);
  const total = () => cache.remember(`total ${criteria}`, () => countMatches(db, search));
  if (search.name) {
    const matches = await cache.remember<OrderedMatches>(
      `ordered ${column} ${criteria}`,
      async () => {
        const count = await total();
        if (count > ORDERED_MATCHES_MAX) return { total: count, ids: null };
        const ids = await orderedMatches(db, search, column);
        return { total: ids.length, ids };
      },
      (value) => value.ids?.length ?? 0,
    );
    if (matches.ids) {
      const rows = await companiesByIds(db, idsOfPage(matches.ids, order, page.offset, page.limit));
      return { rows, total: matches.total };
    }
  }
  const [rows, count] = await Promise.all([bookmarkedPageRows(db, search, sortField, order, page, cache), total()]);
  return { rows, total: count };
}

export async function findCompany(db: Db, id: number): Promise<CompanyRecord | undefined> {
  const row = await db
    .selectFrom('companies')
    .leftJoin('subsidiaries', 'subsidiaries.id', 'companies.subsidiary_id')
    .select(RECORD_COLUMNS)
    .where('companies.id', '=', id)
    .executeTakeFirst();
  return row as CompanyRecord | undefined;
}

/** Writes the given fields (declaration sources) and stamps update_time. */
export async function updateCompany(
  db: Db,
  id: number,
  values: Partial<Record<EditableSource, string | null>>,
  updateTime: string,
): Promise<void> {
  const changes: Updateable<CompanyTable> = { update_time: updateTime };
  for (const [source, value] of Object.entries(values) as [EditableSource, string | null][]) {
    if (source === 'name') {
      if (value !== null) changes.name = value;
    } else {
      changes[EDITABLE_COLUMNS[source]] = value;
    }
  }
  await db.updateTable('companies').set(changes).where('id', '=', id).execute();
}
