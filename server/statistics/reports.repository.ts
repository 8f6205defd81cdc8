import { type RawBuilder, sql } from 'kysely';
import { bucketOf, type Period, wholeMonths } from '../../src/domain/statistics/period';
import type { ReportDeclaration } from '../../src/domain/statistics/reports';
import { METRICS } from '../../src/domain/statistics/reports';
import type { CompanyScope } from '../auth/scope';
import type { Db } from '../db/database';
import { companyConditions } from '../money/companyFilters';

/**
 * The reports of src/domain/statistics/reports.ts, read from the rollups (migration 070), never from the
 * ledger. Which rollup answers depends on the grouping and the period:
 * - per company: one day → stat_company_day rows of that day; whole months → stat_company_month; any other
 *   range → stat_company_day summed per company. A single day or month needs no grouping, so its first page is
 *   a walk of the (platform_mark, day|month, payout_amount) index.
 * - per time bucket, department or partner, and every total without a company-name filter → stat_group_day
 *   (a handful of rows per day; also per sale partner, so a partner's own companies are a few rows too).
 */
export interface ReportCriteria {
  platformMark: number;
  period: Period;
  /** The caller's department scope (kefu, partners); undefined for everyone else. */
  departmentIds?: readonly number[];
  /**
   * A partner's companies (sale partner): a partner's own scope, or the 合伙人 filter; the group rollups are keyed
   * by it, the company rows filtered.
   */
  salePartnerId?: number;
  departmentId?: number;
  companyName?: string;
  /**
   * The rest of the caller's data scope (auth/scope.ts) that the group rollups know nothing of (subsidiaries,
   * companies assigned to it, editions): given, the company rows answer, filtered by it.
   */
  companyScope?: Pick<CompanyScope, 'subsidiaryIds' | 'assignedUserId' | 'companyEditions'>;
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
  invoicedAmount: 'invoiced_amount',
  uninvoicedAmount: 'uninvoiced_amount',
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

/**
 * The WHERE of a rollup table for the criteria (alias t). `walkOrderIndex`: a first page of company rows in the
 * order of an index (a single day or month, no company-name filter): SQLite then keeps the scope's company list
 * off the company_id key, so it walks the order index and stops after a page instead of reading every company
 * of the scope and sorting (a partner with 12 000 companies: 0.5 s → a few ms).
 */
function where(db: Db, table: Table, criteria: ReportCriteria, walkOrderIndex = false): RawBuilder<unknown> {
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
  if (table !== 'stat_group_day' && table !== 'stat_group_month') {
    const { companyName, salePartnerId } = criteria;
    const options = { walkOrderIndex: walkOrderIndex && !companyName };
    const scope = { ...criteria.companyScope, companyName, salePartnerId };
    parts.push(...(companyConditions(db, 't.company_id', scope, options) as RawBuilder<unknown>[]));
  } else if (criteria.salePartnerId !== undefined) {
    parts.push(sql`t.sale_partner_id = ${criteria.salePartnerId}`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * Whether only the per-company rollups can answer: the group rollups know no company names, so a company-name
 * filter reads (and totals) the company rows. A partner's own companies are a key of the group rollups
 * (sale_partner_id, migration 111).
 */
function byCompany(criteria: ReportCriteria): boolean {
  return Boolean(criteria.companyName) || criteria.companyScope !== undefined;
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

/** The source of the totals: the group rollups, or the company rows when only they can answer (byCompany). */
function totalsSource(criteria: ReportCriteria): Source['table'] {
  return byCompany(criteria) ? companySource(criteria.period).table : 'stat_group_day';
}

/**
 * The totals over the whole period and, when `count` is given, the number of rows of the report, in one
 * statement: each extra statement is a round trip, which on PostgreSQL (another process) costs more than the
 * few index pages these read.
 */
async function totalsAndCount(
  db: Db,
  criteria: ReportCriteria,
  count: RawBuilder<unknown> | null,
): Promise<{ totals: Record<string, number>; total: number }> {
  const source = totalsSource(criteria);
  const sums = sql`SELECT ${summed()} FROM ${sql.table(source)} t WHERE ${where(db, source, criteria)}`;
  const counted = count ? sql`, (${count}) AS row_count` : sql``;
  const result = await sql<Record<string, unknown>>`SELECT s.*${counted} FROM (${sums}) s`.execute(db);
  const row = result.rows[0] ?? {};
  return { totals: numbers(row), total: Number(row.row_count ?? 0) };
}

/**
 * LIMIT and OFFSET as literals (validated integers): PostgreSQL keeps the plans of named statements
 * (server/db/preparedStatements.ts), and a generic plan with a LIMIT parameter cannot know it is a first page.
 */
function limitOf(page: ReportPageRequest): RawBuilder<unknown> {
  if (!Number.isSafeInteger(page.limit) || !Number.isSafeInteger(page.offset) || page.limit < 0 || page.offset < 0) {
    throw new Error(`invalid page ${page.limit}/${page.offset}`);
  }
  return sql`LIMIT ${sql.lit(page.limit)} OFFSET ${sql.lit(page.offset)}`;
}

/** One term of a page's order: on the rollup (inside the page query) and on the page's rows (outside). */
interface OrderTerm {
  inner: string;
  outer: string;
  desc: boolean;
}

function rendered(terms: OrderTerm[], side: 'inner' | 'outer'): RawBuilder<unknown> {
  return sql.raw(terms.map((term) => `${term[side]} ${term.desc ? 'DESC' : 'ASC'}`).join(', '));
}

/** The sort of a page on its metric (summed when grouped) or its bucket, then `tiebreak` ascending. */
function orderTerms(
  sort: ReportPageRequest['sort'],
  grouped: boolean,
  tiebreak: { inner: string; outer: string },
): OrderTerm[] {
  const desc = sort.order === 'desc';
  const key = COLUMN_OF[sort.field] ? sort.field : 'payoutAmount';
  const first =
    sort.field === 'bucket'
      ? { inner: 'bucket', outer: 'p.bucket', desc }
      : { inner: grouped ? `SUM(t.${COLUMN_OF[key]})` : `t.${COLUMN_OF[key]}`, outer: `p."${key}"`, desc };
  return [first, { ...tiebreak, desc: false }];
}

/**
 * The names a page's rows show: `company` its companies; `owners` the company's sale partner (合伙人, the company's
 * current companies.sale_partner_id, as the 合伙人 filter reads it) and branch (分公司, the row's subsidiary_id);
 * `department` the row's department; `salePartner` a row keyed by sale_partner_id (合伙人统计), named by the partner
 * and the partner's own department.
 */
interface Named {
  company?: boolean;
  owners?: boolean;
  department?: boolean;
  salePartner?: boolean;
}

/**
 * A page (its own walk of a rollup index, LIMIT / OFFSET) joined to the names of its companies, departments and
 * partners, in its order: one statement instead of a lookup per kind of name after it.
 */
function withNames(page: RawBuilder<unknown>, names: Named, terms: OrderTerm[]): RawBuilder<Record<string, unknown>> {
  const columns: RawBuilder<unknown>[] = [];
  const joins: RawBuilder<unknown>[] = [];
  if (names.company) {
    columns.push(sql`, c.name AS company_name`);
    joins.push(sql` LEFT JOIN companies c ON c.id = p.company_id`);
  }
  if (names.company && names.owners) {
    columns.push(sql`, u.display_name AS partner_name, s.sname AS subsidiary_name`);
    joins.push(sql` LEFT JOIN users u ON u.id = c.sale_partner_id`);
    joins.push(sql` LEFT JOIN subsidiaries s ON s.id = p.subsidiary_id`);
  }
  if (names.department) {
    columns.push(sql`, d.name AS department_name`);
    joins.push(sql` LEFT JOIN departments d ON d.id = p.department_id`);
  }
  if (names.salePartner) {
    columns.push(sql`, u.display_name AS partner_name, d.name AS department_name`);
    joins.push(sql` LEFT JOIN users u ON u.id = p.sale_partner_id`);
    joins.push(
      sql` LEFT JOIN departments d ON d.id = (SELECT MIN(ud.department_id) FROM user_departments ud WHERE ud.user_id = p.sale_partner_id)`,
    );
  }
  return sql<Record<string, unknown>>`SELECT p.*${sql.join(columns, sql``)} FROM (${page}) p${sql.join(joins, sql``)}
    ORDER BY ${rendered(terms, 'outer')}`;
}

const NONE = '未分配';

function named(rows: Record<string, unknown>[]): ReportRow[] {
  return rows.map((row) => {
    const out: ReportRow = numbers(row);
    if (row.bucket !== undefined) out.bucket = String(row.bucket);
    if (row.company_id !== undefined) {
      out.companyId = Number(row.company_id);
      out.companyName = (row.company_name as string | null) ?? `企业 #${row.company_id}`;
    }
    if (row.department_id !== undefined) out.departmentId = Number(row.department_id);
    if (row.department_id !== undefined || row.department_name !== undefined) {
      out.departmentName = (row.department_name as string | null) ?? NONE;
    }
    if (row.sale_partner_id !== undefined) out.partnerId = Number(row.sale_partner_id);
    if (row.partner_name !== undefined) out.partnerName = (row.partner_name as string | null) ?? NONE;
    if (row.subsidiary_id !== undefined) {
      out.subsidiaryId = Number(row.subsidiary_id);
      out.subsidiaryName = (row.subsidiary_name as string | null) ?? NONE;
    }
    return out;
  });
}

/**
 * A page's statement (rows with names) and the statement that counts every row of the period (a scalar
 * subquery for totalsAndCount). Without a company-name filter, a single day or month of companies and any range
 * of company days are counted from the counts kept beside the group rollups (migration 075: a handful of rows
 * per day or month); a company-name filter or companies summed over several days or months count here.
 */
interface PageQuery {
  rows: RawBuilder<Record<string, unknown>>;
  count: RawBuilder<unknown>;
}

function keptCount(db: Db, criteria: ReportCriteria, kept: Table): RawBuilder<unknown> {
  return sql`SELECT COALESCE(SUM(t.company_count), 0) FROM ${sql.table(kept)} t WHERE ${where(db, kept, criteria)}`;
}

function companyPage(db: Db, criteria: ReportCriteria, page: ReportPageRequest): PageQuery {
  const source = companySource(criteria.period);
  const condition = where(db, source.table, criteria);
  const table = sql.table(source.table);
  const walked = where(db, source.table, criteria, !source.grouped);
  const select = source.grouped
    ? sql`SELECT t.company_id, MAX(t.department_id) AS department_id, MAX(t.subsidiary_id) AS subsidiary_id, ${summed()}
        FROM ${table} t WHERE ${condition} GROUP BY t.company_id`
    : sql`SELECT t.company_id, t.department_id, t.subsidiary_id, ${plain()} FROM ${table} t WHERE ${walked}`;
  const terms = orderTerms(page.sort, source.grouped, { inner: 't.company_id', outer: 'p.company_id' });
  const rows = withNames(
    sql`${select} ORDER BY ${rendered(terms, 'inner')} ${limitOf(page)}`,
    { company: true, owners: true, department: true },
    terms,
  );
  if (!byCompany(criteria) && !source.grouped) {
    return {
      rows,
      count: keptCount(db, criteria, source.table === 'stat_company_month' ? 'stat_group_month' : 'stat_group_day'),
    };
  }
  const counted = source.grouped ? sql`COUNT(DISTINCT t.company_id)` : sql`COUNT(*)`;
  return { rows, count: sql`SELECT ${counted} FROM ${table} t WHERE ${condition}` };
}

/**
 * 企业流水: company days, newest first by default; within a day the larger payout first, so the first page is a
 * walk of the (platform_mark, [department_id,] day, payout_amount) index that stops after one page instead of
 * sorting the day's thousands of rows by company.
 */
function companyDayPage(db: Db, criteria: ReportCriteria, page: ReportPageRequest): PageQuery {
  const condition = where(db, 'stat_company_day', criteria);
  const desc = page.sort.order === 'desc';
  const terms: OrderTerm[] =
    page.sort.field === 'bucket'
      ? [
          { inner: 't.day', outer: 'p.bucket', desc },
          { inner: 't.payout_amount', outer: 'p."payoutAmount"', desc },
          { inner: 't.company_id', outer: 'p.company_id', desc },
        ]
      : orderTerms(page.sort, false, { inner: 't.company_id', outer: 'p.company_id' });
  const rows = withNames(
    sql`SELECT t.day AS bucket, t.company_id, ${plain()} FROM stat_company_day t
      WHERE ${where(db, 'stat_company_day', criteria, page.sort.field === 'bucket')}
      ORDER BY ${rendered(terms, 'inner')} ${limitOf(page)}`,
    { company: true },
    terms,
  );
  return {
    rows,
    count: byCompany(criteria)
      ? sql`SELECT COUNT(*) FROM stat_company_day t WHERE ${condition}`
      : keptCount(db, criteria, 'stat_group_day'),
  };
}

function bucketExpression(criteria: ReportCriteria): RawBuilder<unknown> {
  return bucketOf(criteria.period) === 'day' ? sql.raw('t.day') : sql.raw('SUBSTR(t.day, 1, 7)');
}

/** Time buckets from stat_group_day (or, with a company-name filter or a partner's scope, from stat_company_day). */
function timeSource(db: Db, criteria: ReportCriteria) {
  const table = byCompany(criteria) ? 'stat_company_day' : 'stat_group_day';
  const condition = where(db, table, criteria);
  const bucket = bucketExpression(criteria);
  return {
    grouped: sql`SELECT ${bucket} AS bucket, ${summed()} FROM ${sql.table(table)} t WHERE ${condition} GROUP BY ${bucket}`,
    count: sql`SELECT COUNT(DISTINCT ${bucket}) FROM ${sql.table(table)} t WHERE ${condition}`,
  };
}

function timePage(db: Db, criteria: ReportCriteria, page: ReportPageRequest): PageQuery {
  const { grouped, count } = timeSource(db, criteria);
  const terms = orderTerms(page.sort, true, { inner: 'bucket', outer: 'p.bucket' });
  return {
    rows: withNames(sql`${grouped} ORDER BY ${rendered(terms, 'inner')} ${limitOf(page)}`, {}, terms),
    count,
  };
}

/**
 * The period's time buckets with their summed metrics, oldest first, and nothing else (no totals, no count): the home
 * pages' trend. A scope of no department reaches no row.
 */
export async function timeBuckets(db: Db, criteria: ReportCriteria): Promise<ReportRow[]> {
  if (criteria.departmentIds && criteria.departmentIds.length === 0) return [];
  return named(await allTimeRows(db, criteria));
}

/** Every time bucket of the period, oldest first (the trend charts). */
async function allTimeRows(db: Db, criteria: ReportCriteria) {
  return (await sql<Record<string, unknown>>`${timeSource(db, criteria).grouped} ORDER BY bucket ASC`.execute(db)).rows;
}

/**
 * Rows per department or per sale partner (合伙人统计: the partner assigned to the companies, as the 合伙人 filter
 * and a partner's own scope read it; not the branch office). Sale partners are a key of the group rollups only
 * (migration 111), which every partner report reads: its filters have no company name.
 */
function groupPage(
  db: Db,
  criteria: ReportCriteria,
  by: 'department_id' | 'sale_partner_id',
  page: ReportPageRequest,
): PageQuery {
  const source = byCompany(criteria) && by === 'department_id' ? 'stat_company_day' : 'stat_group_day';
  const table = sql.table(source);
  const condition = where(db, source, criteria);
  const key = sql.raw(`t.${by}`);
  const grouped = sql`SELECT ${key} AS ${sql.raw(by)}, ${summed()} FROM ${table} t WHERE ${condition} GROUP BY ${key}`;
  const terms = orderTerms(page.sort, true, { inner: by, outer: `p.${by}` });
  return {
    rows: withNames(
      sql`${grouped} ORDER BY ${rendered(terms, 'inner')} ${limitOf(page)}`,
      by === 'department_id' ? { department: true } : { salePartner: true },
      terms,
    ),
    count: sql`SELECT COUNT(DISTINCT ${key}) FROM ${table} t WHERE ${condition}`,
  };
}

function pageQuery(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  page: ReportPageRequest,
): PageQuery {
  switch (declaration.grouping) {
    case 'company':
      return companyPage(db, criteria, page);
    case 'companyDay':
      return companyDayPage(db, criteria, page);
    case 'time':
      return timePage(db, criteria, page);
    case 'department':
      return groupPage(db, criteria, 'department_id', page);
    case 'partner':
      return groupPage(db, criteria, 'sale_partner_id', page);
  }
}

const CHART_TOP = 10;
const PIE_TOP = 8;

/**
 * The chart's rows: every time bucket of the period for the trend charts; otherwise the top rows by the chart's
 * first metric, which on a first page in that very order (every report's default screen) are the page's own.
 */
async function chartRows(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  page: ReportPageRequest,
  pageRows: Promise<ReportRow[]>,
): Promise<ReportRow[]> {
  if (declaration.grouping === 'time' || declaration.grouping === 'companyDay') {
    return named(await allTimeRows(db, criteria));
  }
  const metric = declaration.chart.metrics[0];
  const top = declaration.chart.kind === 'pie' ? PIE_TOP : CHART_TOP;
  const rows =
    page.offset === 0 && page.limit >= top && page.sort.field === metric && page.sort.order === 'desc'
      ? await pageRows
      : named(
          (
            await pageQuery(db, declaration, criteria, {
              sort: { field: metric, order: 'desc' },
              offset: 0,
              limit: top,
            }).rows.execute(db)
          ).rows,
        );
  return rows.slice(0, top).filter((row) => Number(row[metric]) !== 0);
}

function chartOf(declaration: ReportDeclaration, rows: ReportRow[], totals: Record<string, number>): ChartData {
  const metrics = declaration.chart.metrics;
  const series = metrics.map((key) => ({ key, data: rows.map((row) => Number(row[key] ?? 0)) }));
  if (declaration.grouping === 'time' || declaration.grouping === 'companyDay') {
    return { categories: rows.map((row) => String(row.bucket)), series };
  }
  const label = (row: ReportRow) => String(row.companyName ?? row.partnerName ?? row.departmentName ?? '');
  const chart = { categories: rows.map(label), series };
  if (declaration.chart.kind === 'pie') {
    const rest = totals[metrics[0]] - rows.reduce((sum, row) => sum + Number(row[metrics[0]]), 0);
    if (rest !== 0) {
      chart.categories.push('其他');
      chart.series[0].data.push(rest);
    }
  }
  return chart;
}

/**
 * One page of a report, its number of rows, its totals over the whole period and its chart: the page, the
 * totals with the count, and (unless the page's rows are the chart's) the chart's rows, as parallel statements.
 */
export async function runReport(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  page: ReportPageRequest,
): Promise<ReportResult> {
  if (criteria.departmentIds && criteria.departmentIds.length === 0) {
    return { rows: [], total: 0, totals: numbers({}), chart: { categories: [], series: [] } };
  }
  const query = pageQuery(db, declaration, criteria, page);
  const rows = query.rows.execute(db).then((result) => named(result.rows));
  const [pageRows, { totals, total }, chart] = await Promise.all([
    rows,
    totalsAndCount(db, criteria, query.count),
    chartRows(db, declaration, criteria, page, rows),
  ]);
  return { rows: pageRows, total, totals, chart: chartOf(declaration, chart, totals) };
}

/** Every row of a report (the xlsx export), at most `limit`. */
export async function allReportRows(
  db: Db,
  declaration: ReportDeclaration,
  criteria: ReportCriteria,
  sort: ReportPageRequest['sort'],
  limit: number,
): Promise<{ rows: ReportRow[]; total: number; totals: Record<string, number> }> {
  const query = pageQuery(db, declaration, criteria, { sort, offset: 0, limit });
  const [rows, { totals, total }] = await Promise.all([
    query.rows.execute(db),
    totalsAndCount(db, criteria, query.count),
  ]);
  return { rows: named(rows.rows), total, totals };
}
