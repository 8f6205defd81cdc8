import { type RawBuilder, sql } from 'kysely';
import { bucketOf, type Period, wholeMonths } from '../../src/domain/statistics/period';
import type { ReportDeclaration } from '../../src/domain/statistics/reports';
import { METRICS } from '../../src/domain/statistics/reports';
import type { Db } from '../db/database';
import { companyConditions } from '../money/companyFilters';

/**
 * The reports of src/domain/statistics/reports.ts, read from the rollups (migration 070), never from the
 * ledger. Which rollup answers depends on the grouping and the period:
 * - per company: one day → stat_company_day rows of that day; whole months → stat_company_month; any other
 *   range → stat_company_day summed per company. A single day or month needs no grouping, so its first page is
 *   a walk of the (platform_mark, day|month, payout_amount) index.
 * - per time bucket, department or partner, and every total without a company-name filter → stat_group_day
 *   (a partner's own companies, which the group rollups cannot tell apart, read stat_company_day/month instead)
 *   (a handful of rows per day).
 */
export interface ReportCriteria {
  platformMark: number;
  period: Period;
  /** The caller's department scope (kefu, partners); undefined for everyone else. */
  departmentIds?: readonly number[];
  /** A partner's own companies (sale partner): answered from the per-company rollups only. */
  salePartnerId?: number;
  departmentId?: number;
  partnerId?: number;
  companyName?: string;
}

export interface ReportPageRequest {
  sort: { field: string; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

export type ReportRow = Record<string, string | number | null>;

export interface ChartData {
  categories: string[];
  series: { key: string; data: number[] }[];
}

export interface ReportResult {
  rows: ReportRow[];
  total: number;
  totals: Record<string, number>;
  chart: ChartData;
}

const COLUMN_OF: Record<string, string> = {
  topupAmount: 'topup_amount',
  topupCount: 'topup_count',
  payoutAmount: 'payout_amount',
  payoutCount: 'payout_count',
  chargeAmount: 'charge_amount',
  chargeCount: 'charge_count',
  refundAmount: 'refund_amount',
  refundCount: 'refund_count',
  netAmount: 'net_amount',
  entryCount: 'entry_count',
};
export const METRIC_KEYS = Object.keys(COLUMN_OF);

for (const column of METRICS) {
  if (!(column.key in COLUMN_OF)) throw new Error(`reports.ts names metric "${column.key}": map it in COLUMN_OF`);
}

type Source = { table: 'stat_company_day' | 'stat_company_month' | 'stat_group_day'; grouped: boolean };
type Table = Source['table'] | 'stat_group_month';

function summed(alias = 't'): RawBuilder<unknown> {
  return sql.raw(METRIC_KEYS.map((key) => `SUM(${alias}.${COLUMN_OF[key]}) AS "${key}"`).join(', '));
}
function plain(alias = 't'): RawBuilder<unknown> {
  return sql.raw(METRIC_KEYS.map((key) => `${alias}.${COLUMN_OF[key]} AS "${key}"`).join(', '));
}

/** The WHERE of a rollup table for the criteria (alias t). */
function where(db: Db, table: Table, criteria: ReportCriteria): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`t.platform_mark = ${criteria.platformMark}`];
  if (table === 'stat_company_month' || table === 'stat_group_month') {
    const months = wholeMonths(criteria.period) ?? {
      from: criteria.period.from.slice(0, 7),
      to: criteria.period.to.slice(0, 7),
    };
    parts.push(
      months.from === months.to ? sql`t.month = ${months.from}` : sql`t.month BETWEEN ${months.from} AND ${months.to}`,
    );
  } else {
    const { from, to } = criteria.period;
    parts.push(from === to ? sql`t.day = ${from}` : sql`t.day BETWEEN ${from} AND ${to}`);
  }
  if (criteria.departmentIds) {
    parts.push(
      criteria.departmentIds.length === 0
        ? sql`1 = 0`
        : sql`t.department_id IN (${sql.join([...criteria.departmentIds])})`,
    );
  }
  if (criteria.departmentId !== undefined) parts.push(sql`t.department_id = ${criteria.departmentId}`);
  if (criteria.partnerId !== undefined) parts.push(sql`t.subsidiary_id = ${criteria.partnerId}`);
  if (table !== 'stat_group_day' && table !== 'stat_group_month') {
    const { companyName, salePartnerId } = criteria;
    parts.push(...(companyConditions(db, 't.company_id', { companyName, salePartnerId }) as RawBuilder<unknown>[]));
  }
  return sql.join(parts, sql` AND `);
}

/**
 * Whether only the per-company rollups can answer: the group rollups know no company names and no sale partner,
 * so a company-name filter or a partner's own companies read (and total) the company rows.
 */
function byCompany(criteria: ReportCriteria): boolean {
  return Boolean(criteria.companyName) || criteria.salePartnerId !== undefined;
}

function companySource(period: Period): Source {
  if (period.from === period.to) return { table: 'stat_company_day', grouped: false };
  const months = wholeMonths(period);
  if (months) return { table: 'stat_company_month', grouped: months.from !== months.to };
  return { table: 'stat_company_day', grouped: true };
}

function numbers(row: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(METRIC_KEYS.map((key) => [key, Number(row[key] ?? 0)]));
}

async function totalsOf(db: Db, criteria: ReportCriteria): Promise<Record<string, number>> {
  const source: Source['table'] = byCompany(criteria) ? companySource(criteria.period).table : 'stat_group_day';
  const result = await sql<
    Record<string, unknown>
  >`SELECT ${summed()} FROM ${sql.table(source)} t WHERE ${where(db, source, criteria)}`.execute(db);
  return numbers(result.rows[0] ?? {});
}

function orderBy(sort: ReportPageRequest['sort'], grouped: boolean, tiebreak: string): RawBuilder<unknown> {
  const direction = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  if (sort.field === 'bucket') return sql`bucket ${direction}, ${sql.raw(tiebreak)}`;
  const column = COLUMN_OF[sort.field] ?? 'payout_amount';
  const expression = grouped ? sql.raw(`SUM(t.${column})`) : sql.raw(`t.${column}`);
  return sql`${expression} ${direction}, ${sql.raw(tiebreak)}`;
}

interface Names {
  companies: Map<number, string>;
  departments: Map<number, string>;
  partners: Map<number, string>;
}

async function namesFor(db: Db, companyIds: number[], departmentIds: number[], partnerIds: number[]): Promise<Names> {
  const [companies, departments, partners] = await Promise.all([
    companyIds.length
      ? db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute()
      : Promise.resolve([]),
    departmentIds.length
      ? db.selectFrom('departments').select(['id', 'name']).where('id', 'in', departmentIds).execute()
      : Promise.resolve([]),
    partnerIds.length
      ? db.selectFrom('subsidiaries').select(['id', 'sname']).where('id', 'in', partnerIds).execute()
      : Promise.resolve([]),
  ]);
  return {
    companies: new Map(companies.map((row) => [Number(row.id), row.name])),
    departments: new Map(departments.map((row) => [Number(row.id), row.name])),
    partners: new Map(partners.map((row) => [Number(row.id), row.sname])),
  };
}

const NONE = '未分配';

function named(rows: Record<string, unknown>[], names: Names): ReportRow[] {
  return rows.map((row) => {
    const out: ReportRow = numbers(row);
    if (row.bucket !== undefined) out.bucket = String(row.bucket);
    if (row.company_id !== undefined) {
      out.companyId = Number(row.company_id);
      out.companyName = names.companies.get(Number(row.company_id)) ?? `企业 #${row.company_id}`;
    }
    if (row.department_id !== undefined) {
      const id = Number(row.department_id);
      out.departmentId = id;
      out.departmentName = names.departments.get(id) ?? NONE;
    }
    if (row.subsidiary_id !== undefined) {
      const id = Number(row.subsidiary_id);
      out.partnerId = id;
      out.partnerName = names.partners.get(id) ?? NONE;
    }
    return out;
  });
}

async function withNames(db: Db, rows: Record<string, unknown>[]): Promise<ReportRow[]> {
  const ids = (key: string) => [
    ...new Set(rows.filter((row) => row[key] !== undefined).map((row) => Number(row[key]))),
  ];
  return named(rows, await namesFor(db, ids('company_id'), ids('department_id'), ids('subsidiary_id')));
}

/**
 * How many company rows the criteria select. Without a company-name filter, a single day or month of companies
 * and any range of company days are sums of the counts kept beside the group rollups (migration 075: a handful
 * of rows per day or month); a company-name filter or companies summed over several days or months count here.
 */
function countOf(db: Db, criteria: ReportCriteria, source: Source | 'companyDay') {
  if (!byCompany(criteria) && (source === 'companyDay' || !source.grouped)) {
    const kept: Table =
      source !== 'companyDay' && source.table === 'stat_company_month' ? 'stat_group_month' : 'stat_group_day';
    return sql<{ n: number | string }>`SELECT COALESCE(SUM(t.company_count), 0) AS n FROM ${sql.table(kept)} t
      WHERE ${where(db, kept, criteria)}`.execute(db);
  }
  const table = source === 'companyDay' ? 'stat_company_day' : source.table;
  const counted = source !== 'companyDay' && source.grouped ? sql`COUNT(DISTINCT t.company_id)` : sql`COUNT(*)`;
  return sql<{ n: number | string }>`SELECT ${counted} AS n FROM ${sql.table(table)} t
    WHERE ${where(db, table, criteria)}`.execute(db);
}

async function companyRows(db: Db, criteria: ReportCriteria, page: ReportPageRequest, counted = true) {
  const source = companySource(criteria.period);
  const condition = where(db, source.table, criteria);
  const table = sql.table(source.table);
  const select = source.grouped
    ? sql`SELECT t.company_id, MAX(t.department_id) AS department_id, MAX(t.subsidiary_id) AS subsidiary_id, ${summed()}
        FROM ${table} t WHERE ${condition} GROUP BY t.company_id`
    : sql`SELECT t.company_id, t.department_id, t.subsidiary_id, ${plain()} FROM ${table} t WHERE ${condition}`;
  const order = orderBy(page.sort, source.grouped, 't.company_id');
  const [count, rows] = await Promise.all([
    counted ? countOf(db, criteria, source) : NO_COUNT,
    sql<Record<string, unknown>>`${select} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

async function companyDayRows(db: Db, criteria: ReportCriteria, page: ReportPageRequest, counted = true) {
  const condition = where(db, 'stat_company_day', criteria);
  const order = orderBy(page.sort, false, 't.company_id');
  const [count, rows] = await Promise.all([
    counted ? countOf(db, criteria, 'companyDay') : NO_COUNT,
    sql<Record<string, unknown>>`SELECT t.day AS bucket, t.company_id, ${plain()} FROM stat_company_day t
      WHERE ${condition} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

function bucketExpression(criteria: ReportCriteria): RawBuilder<unknown> {
  return bucketOf(criteria.period) === 'day' ? sql.raw('t.day') : sql.raw('SUBSTR(t.day, 1, 7)');
}

/** Time buckets from stat_group_day (or, with a company-name filter or a partner's scope, from stat_company_day). */
async function timeRows(db: Db, criteria: ReportCriteria, page: ReportPageRequest | null) {
  const table = byCompany(criteria) ? 'stat_company_day' : 'stat_group_day';
  const condition = where(db, table, criteria);
  const bucket = bucketExpression(criteria);
  const grouped = sql`SELECT ${bucket} AS bucket, ${summed()} FROM ${sql.table(table)} t WHERE ${condition} GROUP BY ${bucket}`;
  if (!page) {
    const rows = await sql<Record<string, unknown>>`${grouped} ORDER BY bucket ASC`.execute(db);
    return { total: rows.rows.length, rows: rows.rows };
  }
  const [count, rows] = await Promise.all([
    sql<{
      n: number | string;
    }>`SELECT COUNT(DISTINCT ${bucket}) AS n FROM ${sql.table(table)} t WHERE ${condition}`.execute(db),
    sql<
      Record<string, unknown>
    >`${grouped} ORDER BY ${orderBy(page.sort, true, 'bucket')} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

async function groupRows(
  db: Db,
  criteria: ReportCriteria,
  by: 'department_id' | 'subsidiary_id',
  page: ReportPageRequest,
  counted = true,
) {
  const source = criteria.salePartnerId !== undefined ? 'stat_company_day' : 'stat_group_day';
  const table = sql.table(source);
  const condition = where(db, source, criteria);
  const key = sql.raw(`t.${by}`);
  const extra = by === 'subsidiary_id' ? sql`, MAX(t.department_id) AS department_id` : sql``;
  const grouped = sql`SELECT ${key} AS ${sql.raw(by)}${extra}, ${summed()} FROM ${table} t WHERE ${condition} GROUP BY ${key}`;
  const [count, rows] = await Promise.all([
    counted
      ? sql<{
          n: number | string;
        }>`SELECT COUNT(DISTINCT ${key}) AS n FROM ${table} t WHERE ${condition}`.execute(db)
      : NO_COUNT,
    sql<
      Record<string, unknown>
    >`${grouped} ORDER BY ${orderBy(page.sort, true, by)} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

/** `counted` false: the rows only (the chart's top rows), without counting every row of the period again. */
async function pageRows(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  page: ReportPageRequest,
  counted = true,
) {
  switch (declaration.grouping) {
    case 'company':
      return companyRows(db, criteria, page, counted);
    case 'companyDay':
      return companyDayRows(db, criteria, page, counted);
    case 'time':
      return timeRows(db, criteria, page);
    case 'department':
      return groupRows(db, criteria, 'department_id', page, counted);
    case 'partner':
      return groupRows(db, criteria, 'subsidiary_id', page, counted);
  }
}

/** What a skipped count answers: the callers that skip it never read the total. */
const NO_COUNT = Promise.resolve({ rows: [] as { n: number | string }[] });

const CHART_TOP = 10;
const PIE_TOP = 8;

async function chartOf(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  totals: Record<string, number>,
): Promise<ChartData> {
  const metrics = declaration.chart.metrics;
  const series = (rows: ReportRow[]) => metrics.map((key) => ({ key, data: rows.map((row) => Number(row[key] ?? 0)) }));
  if (declaration.grouping === 'time' || declaration.grouping === 'companyDay') {
    const { rows } = await timeRows(db, criteria, null);
    const named = await withNames(db, rows);
    return { categories: named.map((row) => String(row.bucket)), series: series(named) };
  }
  const top = declaration.chart.kind === 'pie' ? PIE_TOP : CHART_TOP;
  const { rows } = await pageRows(
    db,
    declaration,
    criteria,
    { sort: { field: metrics[0], order: 'desc' }, offset: 0, limit: top },
    false,
  );
  const named = (await withNames(db, rows)).filter((row) => Number(row[metrics[0]]) !== 0);
  const label = (row: ReportRow) => String(row.companyName ?? row.partnerName ?? row.departmentName ?? '');
  const chart = { categories: named.map(label), series: series(named) };
  if (declaration.chart.kind === 'pie') {
    const rest = totals[metrics[0]] - named.reduce((sum, row) => sum + Number(row[metrics[0]]), 0);
    if (rest !== 0) {
      chart.categories.push('其他');
      chart.series[0].data.push(rest);
    }
  }
  return chart;
}

/** One page of a report, its number of rows, its totals over the whole period and its chart. */
export async function runReport(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  page: ReportPageRequest,
): Promise<ReportResult> {
  if (criteria.departmentIds && criteria.departmentIds.length === 0) {
    return { rows: [], total: 0, totals: numbers({}), chart: { categories: [], series: [] } };
  }
  const [{ rows, total }, totals] = await Promise.all([
    pageRows(db, declaration, criteria, page),
    totalsOf(db, criteria),
  ]);
  const chart = await chartOf(db, declaration, criteria, totals);
  return { rows: await withNames(db, rows), total, totals, chart };
}

/** Every row of a report (the xlsx export), at most `limit`. */
export async function allReportRows(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  sort: ReportPageRequest['sort'],
  limit: number,
): Promise<{ rows: ReportRow[]; total: number; totals: Record<string, number> }> {
  const [{ rows, total }, totals] = await Promise.all([
    pageRows(db, declaration, criteria, { sort, offset: 0, limit }),
    totalsOf(db, criteria),
  ]);
  return { rows: await withNames(db, rows), total, totals };
}
