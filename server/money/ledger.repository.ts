import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { adTradingFlow } from '../../resources/ledger';
import { sortFields } from '../../resources/types';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { type CompanyCriteria, companyConditions } from './companyFilters';

/**
 * Ledger entries as the transaction flow (/adTradingFlow, /adSmallTradingFlow) sees them: read-only, one
 * edition at a time, camelCase under the declaration's field sources.
 *
 * A page is found by ids first: the page's ids come from an index (ledger_mark_time (platform_mark,
 * create_time, id) of migration 031 for an edition's time order and its count, ledger_company (company_id,
 * platform_mark, id) for one company), and only those rows are joined to their company and operator.
 *
 * The count comes first and picks the plan for company sets (department scope, a name): few matching entries
 * are fetched through ledger_company and sorted; many are found by walking the order index, which stops after
 * one page (at a million entries: under 1 ms against 0.5 s for sorting 600 000 matches; the other way round a
 * rare name would walk the whole index, 0.3 s).
 */
export interface LedgerRecord {
  id: number;
  createTime: string;
  companyId: number;
  companyName: string | null;
  platformMark: number;
  kind: number;
  amount: number;
  balanceAfter: number;
  refType: string;
  refId: number;
  reference: string;
  operatorName: string | null;
  remark: string | null;
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'ledger_entries.id',
  createTime: 'ledger_entries.create_time',
};
/** The same order, but no index can give it: the planner then filters through its best index and sorts. */
const UNINDEXED_ORDER: Record<string, Expression<unknown>> = {
  id: sql`ledger_entries.id + 0`,
  createTime: sql`ledger_entries.create_time || ''`,
};

for (const field of sortFields(adTradingFlow)) {
  if (!(field in SORT_COLUMNS)) throw new Error(`resources/ledger.ts sorts on "${field}": map it in SORT_COLUMNS`);
}

/** What an entry's ref_type names, for the 业务单据 column. */
const REF_LABELS: Record<string, string> = {
  recharge: '充值',
  batch: '打款批次',
  item: '打款明细',
  abnormal: '异常资金',
};

export interface LedgerSearch extends CompanyCriteria {
  platformMark: number;
  kind?: number;
  /** Inclusive China-time bounds of create_time. */
  from?: string;
  to?: string;
}

export interface PageRequest {
  sort: { field: string; order: 'asc' | 'desc' } | null;
  offset: number;
  limit: number;
}

/** Above this many matches a company set is filtered while walking the order index (see above). */
const WALK_ORDER_INDEX_MIN = 2000;

function searchConditions(db: Db, search: LedgerSearch, walkOrderIndex = false) {
  return (eb: ExpressionBuilder<Database, 'ledger_entries'>) => {
    const conditions: Expression<SqlBool>[] = [
      eb('ledger_entries.platform_mark', '=', search.platformMark),
      ...companyConditions(db, 'ledger_entries.company_id', search, { walkOrderIndex }),
    ];
    if (search.kind !== undefined) conditions.push(eb('ledger_entries.kind', '=', search.kind));
    if (search.from) conditions.push(eb('ledger_entries.create_time', '>=', search.from));
    if (search.to) conditions.push(eb('ledger_entries.create_time', '<=', search.to));
    return eb.and(conditions);
  };
}

function recordOf(row: Record<string, unknown>): LedgerRecord {
  const refType = String(row.refType);
  const refId = Number(row.refId);
  return {
    ...(row as unknown as LedgerRecord),
    id: Number(row.id),
    companyId: Number(row.companyId),
    amount: Number(row.amount),
    balanceAfter: Number(row.balanceAfter),
    refId,
    reference: `${REF_LABELS[refType] ?? refType} #${refId}`,
  };
}

/** One page of entries and the number of all that match, newest first unless told otherwise. */
export async function searchLedger(
  db: Db,
  search: LedgerSearch,
  page: PageRequest,
): Promise<{ rows: LedgerRecord[]; total: number }> {
  if (search.departmentIds && search.departmentIds.length === 0) return { rows: [], total: 0 };
  const count = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(searchConditions(db, search))
    .executeTakeFirstOrThrow();
  const total = Number(count.n);
  if (page.offset >= total) return { rows: [], total };
  const many = total >= WALK_ORDER_INDEX_MIN;
  const sort = page.sort ?? { field: 'createTime', order: 'desc' as const };
  const field = sort.field in SORT_COLUMNS ? sort.field : 'createTime';
  const column = SORT_COLUMNS[field];
  const pageIds = db
    .selectFrom('ledger_entries')
    .select(['ledger_entries.id', sql.ref(column).as('sort_key')])
    .where(searchConditions(db, search, many))
    // Few matches: keep the planner from walking the order index past rows that do not match (its estimate
    // for a company and an edition together can be far off).
    .orderBy(many ? sql.ref(column) : UNINDEXED_ORDER[field], sort.order)
    .$if(field !== 'id', (query) => query.orderBy(many ? 'ledger_entries.id' : UNINDEXED_ORDER.id, sort.order))
    .limit(page.limit)
    .offset(page.offset);
  const rows = await db
    .selectFrom(pageIds.as('page'))
    .innerJoin('ledger_entries', 'ledger_entries.id', 'page.id')
    .leftJoin('companies', 'companies.id', 'ledger_entries.company_id')
    .leftJoin('users as operator', 'operator.id', 'ledger_entries.operator_id')
    .select([
      'ledger_entries.id as id',
      'ledger_entries.create_time as createTime',
      'ledger_entries.company_id as companyId',
      'companies.name as companyName',
      'ledger_entries.platform_mark as platformMark',
      'ledger_entries.kind as kind',
      'ledger_entries.amount as amount',
      'ledger_entries.balance_after as balanceAfter',
      'ledger_entries.ref_type as refType',
      'ledger_entries.ref_id as refId',
      'operator.display_name as operatorName',
      'ledger_entries.remark as remark',
    ])
    .orderBy('page.sort_key', sort.order)
    .orderBy('page.id', sort.order)
    .execute();
  return { rows: rows.map((row) => recordOf(row as Record<string, unknown>)), total };
}
