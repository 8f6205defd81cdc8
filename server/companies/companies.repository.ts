import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql, type Updateable } from 'kysely';
import { companies } from '../../resources/companies';
import { sortFields } from '../../resources/types';
import type { CompanyScope } from '../auth/scope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { CompanyTable, Database } from '../db/schema';
import { containsCondition, containsPattern } from '../db/textMatch';
import {
  type Bookmark,
  Bookmarks,
  type CompanyCountTables,
  searchCacheOf,
  type VersionCache,
} from './companies.searchCache';

/**
 * Companies as the admin company screens see them (resources/companies.ts): the search, one company and its
 * update. Rows come back camelCase under the declaration's field sources.
 *
 * Matching, chosen for a million rows:
 * - `name` is a substring match. SQLite: the FTS5 trigram index of migration 002 for 3+ characters (a
 *   trigram needs 3), LIKE with %/_ escaped below that. PostgreSQL: ILIKE (LIKE when the value has no letters
 *   with a case), served by the pg_trgm GIN index. Both ignore the case of Latin letters.
 * - contact person, legal person and contact mobile are exact matches (one indexed lookup): people search
 *   by a whole name or number; a substring match there would read the whole table on every search.
 * - edition, subsidiary, department and customer-service id are exact; the registration date is a range
 *   over whole days.
 */

/** Declaration field source → column: what a company row holds. Every field of the declaration must be here. */
const FIELD_COLUMNS = {
  id: 'companies.id',
  name: 'companies.name',
  platformMark: 'companies.platform_mark',
  creditCode: 'companies.credit_code',
  legalPersonName: 'companies.legal_person_name',
  linkmanName: 'companies.linkman_name',
  linkmanMobile: 'companies.linkman_mobile',
  subsidiaryName: 'subsidiaries.sname',
  signStatus: 'companies.sign_status',
  createTime: 'companies.create_time',
  invoiceTitle: 'companies.invoice_title',
  invoiceTaxNumber: 'companies.invoice_tax_number',
  invoiceBank: 'companies.invoice_bank',
  invoiceAccount: 'companies.invoice_account',
  invoiceAddress: 'companies.invoice_address',
  invoicePhone: 'companies.invoice_phone',
  departmentId: 'companies.department_id',
  subsidiaryId: 'companies.subsidiary_id',
  workScene: 'companies.work_scene',
  vipLevel: 'companies.vip_level',
  verifyStatus: 'companies.verify_status',
} as const satisfies Record<keyof CompanyRecord, string>;

export type CompanyRecord = {
  id: number;
  name: string;
  platformMark: number;
  creditCode: string;
  legalPersonName: string | null;
  linkmanName: string | null;
  linkmanMobile: string | null;
  subsidiaryName: string | null;
  signStatus: number;
  createTime: string;
  invoiceTitle: string | null;
  invoiceTaxNumber: string | null;
  invoiceBank: string | null;
  invoiceAccount: string | null;
  invoiceAddress: string | null;
  invoicePhone: string | null;
  departmentId: number | null;
  subsidiaryId: number | null;
  workScene: string | null;
  vipLevel: number;
  verifyStatus: number;
};

/** Declaration source → companies column, for the fields a form may change. */
export const EDITABLE_COLUMNS = {
  name: 'name',
  legalPersonName: 'legal_person_name',
  linkmanName: 'linkman_name',
  linkmanMobile: 'linkman_mobile',
  invoiceTitle: 'invoice_title',
  invoiceTaxNumber: 'invoice_tax_number',
  invoiceBank: 'invoice_bank',
  invoiceAccount: 'invoice_account',
  invoiceAddress: 'invoice_address',
  invoicePhone: 'invoice_phone',
} as const satisfies Record<string, keyof CompanyTable>;
export type EditableSource = keyof typeof EDITABLE_COLUMNS;

/** The column widths of migration 001: a last guard for fields whose validator does not bound the length. */
export const EDITABLE_MAX_CHARS: Record<EditableSource, number> = {
  name: 128,
  legalPersonName: 64,
  linkmanName: 64,
  linkmanMobile: 15,
  invoiceTitle: 36,
  invoiceTaxNumber: 20,
  invoiceBank: 36,
  invoiceAccount: 32,
  invoiceAddress: 60,
  invoicePhone: 30,
};

const SORT_COLUMNS: Record<string, string> = {
  id: 'companies.id',
  name: 'companies.name',
  createTime: 'companies.create_time',
};

// The declaration and this module must not drift apart: fail at start-up, naming the fix.
for (const field of companies.fields) {
  if (!(field.source in FIELD_COLUMNS)) {
    throw new Error(`resources/companies.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
  }
  if (field.form && !field.readOnly && !(field.source in EDITABLE_COLUMNS)) {
    throw new Error(`resources/companies.ts makes "${field.source}" editable: map it in EDITABLE_COLUMNS`);
  }
}
for (const field of sortFields(companies)) {
  if (!(field in SORT_COLUMNS)) throw new Error(`resources/companies.ts sorts on "${field}": map it in SORT_COLUMNS`);
}

export interface CompanySearch extends CompanyScope {
  /** Substring of the name. */
  name?: string;
  linkmanName?: string;
  linkmanMobile?: string;
  legalPersonName?: string;
  /** Inclusive 'YYYY-MM-DD HH:mm:ss' bounds of create_time. */
  createdFrom?: string;
  createdTo?: string;
  platformMark?: number;
  subsidiaryId?: number;
  departmentId?: number;
  serviceId?: number;
  /** Bound to this enterprise (company_enterprises). */
  boundEnterpriseId?: number;
  /** true: bound to at least one enterprise; false: to none. */
  bound?: boolean;
  /** Has a signed, not voided contract with this enterprise. */
  signedEnterpriseId?: number;
  saleName?: string;
  /** Substring of the sale partner's name. */
  salePartnerName?: string;
  /** Substring of the department's name. */
  departmentName?: string;
  institutionId?: number;
  legalPersonIdCard?: string;
  adminIdCard?: string;
  /** Data scope: only this company (merchants). */
  companyId?: number;
  /** Data scope: only these departments (department-scoped staff, or the caller's deptIds). */
  departmentIds?: readonly number[];
  /** Data scope: a partner's own companies (those whose sale partner it is). */
  salePartnerId?: number;
}

export interface CompanyPageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

/** Trigram search needs at least 3 characters (code points, not UTF-16 units). */
export const FTS_MIN_CHARS = 3;

/** A LIKE pattern matching `value` anywhere, with the wildcards and the escape character escaped. */
export { containsPattern };

/** An FTS5 string literal: one phrase, so the trigrams must appear in a row (a substring match). */
export function ftsPhrase(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

type CompanyEb = ExpressionBuilder<Database, 'companies'>;

function nameMatches(db: Db, value: string): Expression<SqlBool> {
  if (isPostgres(db)) {
    // Both are served by the trigram index; ILIKE lower-cases every name it reads (3-4x slower on a scan), which
    // only matters when the value has letters with a case. Chinese characters have none.
    const like = value.toLowerCase() === value.toUpperCase() ? sql`LIKE` : sql`ILIKE`;
    return sql<SqlBool>`companies.name ${like} ${containsPattern(value)} ESCAPE '\\'`;
  }
  if ([...value].length >= FTS_MIN_CHARS) {
    return sql<SqlBool>`companies.id IN (SELECT rowid FROM companies_name_fts WHERE companies_name_fts MATCH ${ftsPhrase(value)})`;
  }
  return sql<SqlBool>`companies.name LIKE ${containsPattern(value)} ESCAPE '\\'`;
}

function searchConditions(db: Db, search: CompanySearch) {
  return (eb: CompanyEb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.companyId !== undefined) conditions.push(eb('companies.id', '=', search.companyId));
    if (search.departmentIds) conditions.push(eb('companies.department_id', 'in', [...search.departmentIds]));
    if (search.salePartnerId !== undefined) {
      conditions.push(eb('companies.sale_partner_id', '=', search.salePartnerId));
    }
    // The rest of a role's data scope (auth/scope.ts): its subsidiaries, the companies assigned to it, its editions.
    if (search.subsidiaryIds) {
      conditions.push(
        eb('companies.subsidiary_id', 'in', search.subsidiaryIds.length ? [...search.subsidiaryIds] : [-1]),
      );
    }
    if (search.assignedUserId !== undefined) {
      const userId = search.assignedUserId;
      conditions.push(eb.or([eb('companies.service_id', '=', userId), eb('companies.sale_partner_id', '=', userId)]));
    }
    if (search.companyEditions) {
      const marks = search.companyEditions.length ? [...search.companyEditions] : [-1];
      conditions.push(eb('companies.platform_mark', 'in', marks));
    }
    if (search.name) conditions.push(nameMatches(db, search.name));
    if (search.linkmanName) conditions.push(eb('companies.linkman_name', '=', search.linkmanName));
    if (search.linkmanMobile) conditions.push(eb('companies.linkman_mobile', '=', search.linkmanMobile));
    if (search.legalPersonName) conditions.push(eb('companies.legal_person_name', '=', search.legalPersonName));
    if (search.createdFrom) conditions.push(eb('companies.create_time', '>=', search.createdFrom));
    if (search.createdTo) conditions.push(eb('companies.create_time', '<=', search.createdTo));
    if (search.platformMark !== undefined) conditions.push(eb('companies.platform_mark', '=', search.platformMark));
    if (search.subsidiaryId !== undefined) conditions.push(eb('companies.subsidiary_id', '=', search.subsidiaryId));
    if (search.departmentId !== undefined) conditions.push(eb('companies.department_id', '=', search.departmentId));
    if (search.serviceId !== undefined) conditions.push(eb('companies.service_id', '=', search.serviceId));
    conditions.push(...operatorConditions(db, eb, search));
    return eb.and(conditions);
  };
}

/** The operator's search keys (insid entid isbind salename platformid dpname cpname and the id cards). */
function operatorConditions(db: Db, eb: CompanyEb, search: CompanySearch): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const bindings = () =>
    eb
      .selectFrom('company_enterprises')
      .select('company_enterprises.id')
      .whereRef('company_enterprises.company_id', '=', 'companies.id');
  if (search.boundEnterpriseId !== undefined) {
    conditions.push(eb.exists(bindings().where('company_enterprises.enterprise_id', '=', search.boundEnterpriseId)));
  }
  if (search.bound !== undefined) conditions.push(search.bound ? eb.exists(bindings()) : eb.not(eb.exists(bindings())));
  if (search.signedEnterpriseId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('contracts')
          .select('contracts.id')
          .whereRef('contracts.company_id', '=', 'companies.id')
          .where('contracts.enterprise_id', '=', search.signedEnterpriseId)
          .where('contracts.sign_status', '=', 1)
          .where('contracts.data_status', '=', 1),
      ),
    );
  }
  if (search.saleName) conditions.push(eb('companies.sale_name', '=', search.saleName));
  if (search.salePartnerName) {
    conditions.push(
      eb(
        'companies.sale_partner_id',
        'in',
        eb
          .selectFrom('users')
          .select('users.id')
          .where('users.role_id', '=', 4)
          .where(containsCondition(db, 'users.display_name', search.salePartnerName)),
      ),
    );
  }
  if (search.departmentName) {
    conditions.push(
      eb(
        'companies.department_id',
        'in',
        eb
          .selectFrom('departments')
          .select('departments.id')
          .where(containsCondition(db, 'departments.name', search.departmentName)),
      ),
    );
  }
  if (search.institutionId !== undefined) conditions.push(eb('companies.institution_id', '=', search.institutionId));
  if (search.legalPersonIdCard) conditions.push(eb('companies.legal_person_id_card', '=', search.legalPersonIdCard));
  if (search.adminIdCard) conditions.push(eb('companies.admin_id_card', '=', search.adminIdCard));
  return conditions;
}

/** The declaration's fields, named by their sources. */
const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

/** Criteria the trigger-maintained company_counts answer: edition and department (scope, deptIds, departID). */
const SUMMABLE_CRITERIA = new Set<keyof CompanySearch>(['platformMark', 'departmentId', 'departmentIds']);
const positiveId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * True when the total is a sum of company_counts rows: no criteria besides edition and department, and the
 * departments are real ids (the counts file companies without a department under 0).
 */
function summable(search: CompanySearch): boolean {
  return (
    Object.entries(search).every(
      ([key, value]) => value === undefined || SUMMABLE_CRITERIA.has(key as keyof CompanySearch),
    ) &&
    (search.departmentId === undefined || positiveId(search.departmentId)) &&
    (search.departmentIds ?? []).every(positiveId)
  );
}

/** The total from company_counts (migration 008): a sum over at most a few dozen rows. */
function summedTotalQuery(db: Db, search: CompanySearch) {
  return db
    .withTables<CompanyCountTables>()
    .selectFrom('company_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'))
    .$if(search.platformMark !== undefined, (query) => query.where('platform_mark', '=', search.platformMark!))
    .$if(search.departmentId !== undefined, (query) => query.where('department_id', '=', search.departmentId!))
    .$if(search.departmentIds !== undefined, (query) => query.where('department_id', 'in', [...search.departmentIds!]));
}

async function summedTotal(db: Db, search: CompanySearch): Promise<number> {
  return Number((await summedTotalQuery(db, search).executeTakeFirstOrThrow()).n);
}

/** The criteria as a cache key: every given criterion (new ones included), departments sorted. */
function criteriaKey(search: CompanySearch): string {
  const entries = Object.entries(search)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      key === 'departmentIds' ? [key, [...new Set(value as number[])].sort((a, b) => a - b)] : [key, value],
    )
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  return JSON.stringify(entries);
}

/** COUNT(*) of the matches. A name-only search on SQLite counts the trigram index alone, without the table. */
async function countMatches(db: Db, search: CompanySearch): Promise<number> {
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

/**
 * A name search orders at most this many matches once per data version and pages through them by position:
 * neither the trigram index (SQLite) nor pg_trgm yields matches in the list's order, so each page would
 * otherwise fetch and sort every match. Beyond it (a two-character name matching half the table), each page
 * is a query of its own.
 */
export const ORDERED_MATCHES_MAX = 100_000;

/** The matching ids ordered by (sort column, id) ascending; a descending page reads it from the end. */
type OrderedMatches = { total: number; ids: Float64Array | null };

async function orderedMatches(db: Db, search: CompanySearch, column: string): Promise<Float64Array> {
  const rows = await db
    .selectFrom('companies')
    .select('companies.id')
    .where(searchConditions(db, search))
    .orderBy(sql.ref(column), 'asc')
    .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('companies.id', 'asc'))
    .execute();
  return Float64Array.from(rows, (row) => Number(row.id));
}

function idsOfPage(ids: Float64Array, order: 'asc' | 'desc', offset: number, limit: number): number[] {
  const page: number[] = [];
  for (let i = offset; i < Math.min(ids.length, offset + limit); i += 1) {
    page.push(order === 'asc' ? ids[i] : ids[ids.length - 1 - i]);
  }
  return page;
}

/** The given companies, in the given order (a company deleted meanwhile is left out). */
async function companiesByIds(db: Db, ids: readonly number[]): Promise<CompanyRecord[]> {
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
async function pageRows(
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
type PageRow = CompanyRecord & { total_n?: number | string };

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
async function bookmarkedPageRows(
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
