import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { adminContracts, merchantContracts } from '../../resources/contracts';
import { sortFields } from '../../resources/types';
import { type CompanyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { isPostgres } from '../db/migrations/columns';
import type { Database } from '../db/schema';
import { containsPattern, FTS_MIN_CHARS, ftsPhrase } from '../db/textMatch';

/**
 * Contracts as both contract screens see them (resources/contracts.ts): the search, one contract, voiding,
 * and the contracts about to expire. Rows come back camelCase under the declarations' field sources.
 *
 * Matching, chosen for a million contracts (indexes: migration 005):
 * - `name` (nm) is a substring match: SQLite the FTS5 trigram index for 3+ characters, LIKE below that;
 *   PostgreSQL LIKE/ILIKE served by pg_trgm. `companyName` is the same match on the company name (the index of
 *   migration 002), turned into the set of company ids.
 * - signer name is exact (people search by a whole name); the statuses, category, edition, enterprise,
 *   industry and the id list are exact; the creation date is a range over whole days.
 * - Data scope: a merchant's company id, or the departments of department-scoped staff (via the company).
 */

/** Declaration field source → column. Every field of both declarations must be here. */
const FIELD_COLUMNS = {
  id: 'contracts.id',
  contractNo: 'contracts.contract_no',
  nm: 'contracts.nm',
  companyId: 'contracts.company_id',
  companyName: 'companies.name',
  csort: 'contracts.csort',
  contractStatus: 'contracts.contract_status',
  signStatus: 'contracts.sign_status',
  dataStatus: 'contracts.data_status',
  signNm: 'contracts.sign_nm',
  startDate: 'contracts.start_date',
  endDate: 'contracts.end_date',
  signTime: 'contracts.sign_time',
  platformMark: 'contracts.platform_mark',
  enterpriseId: 'contracts.enterprise_id',
  enterpriseName: 'enterprises.name',
  agreementType: 'contracts.agreement_type',
  signMode: 'contracts.sign_mode',
  fileId: 'contracts.file_id',
  industryId: 'contracts.industry_id',
  createTime: 'contracts.create_time',
  updateTime: 'contracts.update_time',
} as const satisfies Record<keyof ContractRecord, string>;

export type ContractRecord = {
  id: number;
  contractNo: string;
  nm: string;
  companyId: number;
  /** Null only if the company row is gone. */
  companyName: string | null;
  csort: number;
  contractStatus: number;
  signStatus: number;
  dataStatus: number;
  signNm: string;
  startDate: string;
  endDate: string;
  signTime: string | null;
  platformMark: number;
  enterpriseId: number | null;
  /** The enterprise (代征主体) signed with; null when none. */
  enterpriseName: string | null;
  /** AGREEMENT_KIND, 0 for other contracts. */
  agreementType: number;
  signMode: number | null;
  /** The document (draft or signed PDF), when there is one. */
  fileId: number | null;
  industryId: number | null;
  createTime: string;
  updateTime: string;
};

const SORT_COLUMNS: Record<string, string> = {
  id: 'contracts.id',
  createTime: 'contracts.create_time',
  endDate: 'contracts.end_date',
};

// The declarations and this module must not drift apart: fail at start-up, naming the fix.
for (const declaration of [merchantContracts, adminContracts]) {
  for (const field of declaration.fields) {
    if (!(field.source in FIELD_COLUMNS)) {
      throw new Error(`resources/contracts.ts declares field "${field.source}": map it in FIELD_COLUMNS`);
    }
  }
  for (const field of sortFields(declaration)) {
    if (!(field in SORT_COLUMNS)) throw new Error(`resources/contracts.ts sorts on "${field}": map it in SORT_COLUMNS`);
  }
}

export interface ContractSearch extends CompanyScope {
  /** Substring of the contract name. */
  name?: string;
  /** Substring of the company name. */
  companyName?: string;
  /** Inclusive 'YYYY-MM-DD HH:mm:ss' bounds of create_time. */
  createdFrom?: string;
  createdTo?: string;
  platformMark?: number;
  csort?: number;
  contractStatus?: number;
  signStatus?: number;
  dataStatus?: number;
  enterpriseId?: number;
  industryId?: number;
  contractIds?: readonly number[];
  /** Signed, valid contracts ending within these days (inclusive): what the 即将到期 warning counts. */
  expiring?: { from: string; to: string };
  /** Exact signer name. */
  signName?: string;
  /** The agreement type (q key `sort`). */
  agreementType?: number;
  /** Data scope: only this company (merchants). */
  companyId?: number;
  /** Data scope: only companies of these departments. */
  departmentIds?: readonly number[];
  salePartnerId?: number;
}

export interface ContractPageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

type ContractEb = ExpressionBuilder<Database, 'contracts'>;

/** `column` contains `value`: trigram index (SQLite FTS5 table `fts`, PostgreSQL pg_trgm) or LIKE. */
function substring(db: Db, column: 'contracts.nm' | 'companies.name', value: string, fts: string, key: string) {
  if (isPostgres(db)) {
    // ILIKE lower-cases every value it reads; only worth it when the value has letters with a case.
    const like = value.toLowerCase() === value.toUpperCase() ? sql`LIKE` : sql`ILIKE`;
    return sql<SqlBool>`${sql.ref(column)} ${like} ${containsPattern(value)} ESCAPE '\\'`;
  }
  if ([...value].length >= FTS_MIN_CHARS) {
    return sql<SqlBool>`${sql.ref(key)} IN (SELECT rowid FROM ${sql.table(fts)} WHERE ${sql.table(fts)} MATCH ${ftsPhrase(value)})`;
  }
  return sql<SqlBool>`${sql.ref(column)} LIKE ${containsPattern(value)} ESCAPE '\\'`;
}

/**
 * `forPage`: the condition picks one page in order. SQLite would otherwise answer a department scope by
 * reading every scoped company's contracts through (company_id, …) and sorting them all (a second at a
 * million); `+company_id` keeps that index out, so it walks (create_time, id, company_id, …) in order,
 * checks the scope in the index and stops after the page. The count keeps the plain term (it reads every
 * match either way, and the company index gives it fewer rows).
 */
function searchConditions(db: Db, search: ContractSearch, forPage = false) {
  return (eb: ContractEb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (search.companyId !== undefined) conditions.push(eb('contracts.company_id', '=', search.companyId));
    const scoped = scopedCompanyIds(db, search);
    if (scoped) {
      const companyId = forPage && !isPostgres(db) ? sql`+contracts.company_id` : sql.ref('contracts.company_id');
      conditions.push(eb(companyId, 'in', scoped));
    }
    if (search.name) conditions.push(substring(db, 'contracts.nm', search.name, 'contracts_nm_fts', 'contracts.id'));
    if (search.companyName) {
      const named = eb
        .selectFrom('companies')
        .select('companies.id')
        .where(substring(db, 'companies.name', search.companyName, 'companies_name_fts', 'companies.id'));
      conditions.push(eb('contracts.company_id', 'in', named));
    }
    if (search.createdFrom) conditions.push(eb('contracts.create_time', '>=', search.createdFrom));
    if (search.createdTo) conditions.push(eb('contracts.create_time', '<=', search.createdTo));
    if (search.platformMark !== undefined) conditions.push(eb('contracts.platform_mark', '=', search.platformMark));
    if (search.csort !== undefined) conditions.push(eb('contracts.csort', '=', search.csort));
    if (search.contractStatus !== undefined) {
      conditions.push(eb('contracts.contract_status', '=', search.contractStatus));
    }
    if (search.signStatus !== undefined) conditions.push(eb('contracts.sign_status', '=', search.signStatus));
    if (search.dataStatus !== undefined) conditions.push(eb('contracts.data_status', '=', search.dataStatus));
    if (search.enterpriseId !== undefined) conditions.push(eb('contracts.enterprise_id', '=', search.enterpriseId));
    if (search.industryId !== undefined) conditions.push(eb('contracts.industry_id', '=', search.industryId));
    if (search.contractIds) conditions.push(eb('contracts.id', 'in', [...search.contractIds]));
    if (search.signName) conditions.push(eb('contracts.sign_nm', '=', search.signName));
    if (search.expiring) {
      conditions.push(
        eb('contracts.end_date', '>=', search.expiring.from),
        eb('contracts.end_date', '<=', search.expiring.to),
        eb('contracts.sign_status', '=', 1),
        eb('contracts.data_status', '=', 1),
      );
    }
    if (search.agreementType !== undefined) conditions.push(eb('contracts.agreement_type', '=', search.agreementType));
    return eb.and(conditions);
  };
}

const RECORD_COLUMNS = Object.entries(FIELD_COLUMNS).map(([source, column]) => sql.ref(column).as(source));

/** One page of contracts and the number of all that match, newest first unless told otherwise. */
export async function searchContracts(
  db: Db,
  search: ContractSearch,
  page: ContractPageRequest,
): Promise<{ rows: ContractRecord[]; total: number }> {
  // An empty scope (staff without departments) or an empty id list matches nothing.
  if (search.departmentIds?.length === 0 || search.contractIds?.length === 0) return { rows: [], total: 0 };
  const where = searchConditions(db, search);
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const column = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.createTime;
  // The page's ids first, from an index alone, then only those rows with their company (as for companies:
  // ordering whole joined rows makes the planner sort every match). id breaks ties: pages never overlap.
  const pageIds = db
    .selectFrom('contracts')
    .select(['contracts.id', sql.ref(column).as('sort_key')])
    .where(searchConditions(db, search, true))
    .orderBy(sql.ref(column), sort.order)
    .$if(column !== SORT_COLUMNS.id, (query) => query.orderBy('contracts.id', sort.order))
    .limit(page.limit)
    .offset(page.offset);
  const rowsQuery = db
    .selectFrom(pageIds.as('page'))
    .innerJoin('contracts', 'contracts.id', 'page.id')
    .leftJoin('companies', 'companies.id', 'contracts.company_id')
    .leftJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .select(RECORD_COLUMNS)
    .orderBy('page.sort_key', sort.order)
    .orderBy('page.id', sort.order);

  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ContractRecord[], total: Number(count.n) };
}

/** What the data scope is decided on (auth/scope.ts companyInScope). */
export interface ContractCompany {
  department_id: number | null;
  sale_partner_id: number | null;
  subsidiary_id: number | null;
  service_id: number | null;
  platform_mark: number;
}

/** The read by id behind the contract's detail, scope check and void: compiled once (server/db/fixedQuery.ts). */
const contractById = fixedQuery((db: Db, id: number) =>
  db
    .selectFrom('contracts')
    .leftJoin('companies', 'companies.id', 'contracts.company_id')
    .leftJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .select([
      ...RECORD_COLUMNS,
      'companies.department_id',
      'companies.sale_partner_id',
      'companies.subsidiary_id',
      'companies.service_id',
      'companies.platform_mark as company_platform_mark',
    ])
    .where('contracts.id', '=', id),
);

/** One contract by its primary key, with its company's department and sale partner (for the data scope). */
export async function findContract(
  db: Db,
  id: number,
): Promise<{ record: ContractRecord; company: ContractCompany } | undefined> {
  const [row] = await contractById(db, id);
  if (!row) return undefined;
  const { department_id, sale_partner_id, subsidiary_id, service_id, company_platform_mark, ...record } =
    row as unknown as ContractRecord & Omit<ContractCompany, 'platform_mark'> & { company_platform_mark: number };
  return {
    record,
    company: { department_id, sale_partner_id, subsidiary_id, service_id, platform_mark: company_platform_mark },
  };
}

/** Voids a contract that is still valid data; false when it was voided already (also by a concurrent call). */
export async function voidContract(db: Db, id: number, updateTime: string): Promise<boolean> {
  const result = await db
    .updateTable('contracts')
    .set({ data_status: 0, update_time: updateTime })
    .where('id', '=', id)
    .where('data_status', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A company's signed, valid contracts whose end date lies in [fromDate, toDate] ('YYYY-MM-DD'), soonest first,
 * optionally only those of the given enterprises.
 */
export async function contractsExpiring(
  db: Db,
  companyId: number,
  fromDate: string,
  toDate: string,
  enterpriseIds?: readonly number[],
): Promise<ContractRecord[]> {
  if (enterpriseIds?.length === 0) return [];
  const rows = await db
    .selectFrom('contracts')
    .leftJoin('companies', 'companies.id', 'contracts.company_id')
    .leftJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .select(RECORD_COLUMNS)
    .where('contracts.company_id', '=', companyId)
    .where('contracts.end_date', '>=', fromDate)
    .where('contracts.end_date', '<=', toDate)
    .where('contracts.sign_status', '=', 1)
    .where('contracts.data_status', '=', 1)
    .$if(enterpriseIds !== undefined, (query) => query.where('contracts.enterprise_id', 'in', [...enterpriseIds!]))
    .orderBy('contracts.end_date', 'asc')
    .orderBy('contracts.id', 'asc')
    .execute();
  return rows as ContractRecord[];
}
