/**
 * The statistics pages as data: one declaration per route, read by the web app (one report
 * component: filters, table, chart, export) and by the server (one route per report, same codes, same
 * columns in the xlsx file). Figures come from the rollups of the ledger, in 1/10000 yuan.
 */

/** How rows are formed: per company, per company and day, per time bucket, per department, per partner. */
export type ReportGrouping = 'company' | 'companyDay' | 'time' | 'department' | 'partner';

/** 'date': a day (YYYY-MM-DD) or a month (YYYY-MM) as text in the API, a date cell in the .xlsx. */
export type ColumnKind = 'money' | 'count' | 'text' | 'date';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** The server may sort on it. */
  sortable?: boolean;
}

export type ChartKind = 'bar' | 'line' | 'pie';

export interface ReportDeclaration {
  /** The spec's route, e.g. '/adEnterpriseFlow'; also the report's key in the API path. */
  route: string;
  title: string;
  /** Codes per edition; a report with one edition answers only that one. */
  codes: Partial<Record<1 | 3, readonly string[]>>;
  grouping: ReportGrouping;
  columns: readonly ReportColumn[];
  defaultSort: string;
  chart: { kind: ChartKind; title: string; metrics: readonly string[] };
  /** Extra filters beyond the period (and the edition when there are two). */
  filters: readonly ('coname' | 'departmentId' | 'partnerId')[];
}

/** The measures every report carries, in the order of the table. */
export const METRICS: readonly ReportColumn[] = [
  { key: 'topupAmount', label: '充值金额（元）', kind: 'money', sortable: true },
  { key: 'payoutAmount', label: '打款金额（元）', kind: 'money', sortable: true },
  // Payments to workers (payout items), as the payout preview counts them; not batches.
  { key: 'payoutCount', label: '打款笔数（人次）', kind: 'count', sortable: true },
  // 打款金额 split by invoicing (server/statistics/invoicedRollups.ts): the successful payouts an issued invoice
  // covers, and the rest; the two add up to 打款金额.
  { key: 'invoicedAmount', label: '已开票金额（元）', kind: 'money', sortable: true },
  { key: 'uninvoicedAmount', label: '未开票金额（元）', kind: 'money', sortable: true },
  { key: 'chargeAmount', label: '服务费（元）', kind: 'money', sortable: true },
  { key: 'refundAmount', label: '失败退回（元）', kind: 'money', sortable: true },
  { key: 'netAmount', label: '账户净变动（元）', kind: 'money', sortable: true },
  { key: 'entryCount', label: '流水笔数', kind: 'count', sortable: true },
];

export const METRIC_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  METRICS.map((column) => [column.key, column.label.replace('（元）', '')]),
);

/**
 * 合伙人 is the company's sale partner (companies.sale_partner_id, the partner the 合伙人 filter lists and a partner's
 * own scope reads); 分公司 is the branch office the company belongs to (companies.subsidiary_id). Two columns, two
 * names: a column never shows one under the other's label.
 */
const COMPANY: ReportColumn[] = [
  { key: 'companyName', label: '企业名称', kind: 'text' },
  { key: 'departmentName', label: '所属部门', kind: 'text' },
  { key: 'partnerName', label: '合伙人', kind: 'text' },
  { key: 'subsidiaryName', label: '分公司', kind: 'text' },
];
const BUCKET: ReportColumn = { key: 'bucket', label: '日期', kind: 'date', sortable: true };

function report(declaration: ReportDeclaration): ReportDeclaration {
  return declaration;
}

export const REPORTS: readonly ReportDeclaration[] = [
  report({
    route: '/adEnterpriseFlow',
    title: '企业汇总',
    codes: { 1: ['UI_COMPANY_SUMMARY'] },
    grouping: 'company',
    columns: [...COMPANY, ...METRICS],
    defaultSort: 'payoutAmount',
    chart: { kind: 'bar', title: '打款金额前十的企业', metrics: ['payoutAmount', 'topupAmount'] },
    filters: ['coname', 'departmentId', 'partnerId'],
  }),
  report({
    route: '/adSmallEnterpriseFlow',
    title: '小规模企业汇总',
    codes: { 3: ['UI_XGM_COMPANY_SUMMARY'] },
    grouping: 'company',
    columns: [...COMPANY, ...METRICS],
    defaultSort: 'payoutAmount',
    chart: { kind: 'bar', title: '打款金额前十的企业', metrics: ['payoutAmount', 'topupAmount'] },
    filters: ['coname', 'departmentId', 'partnerId'],
  }),
  report({
    route: '/adEntFlow',
    title: '企业流水',
    codes: { 1: ['UI_ENTERPRISE_FLOW'], 3: ['UI_ENTERPRISE_FLOW'] },
    grouping: 'companyDay',
    columns: [BUCKET, ...COMPANY.slice(0, 1), ...METRICS],
    defaultSort: 'bucket',
    chart: { kind: 'line', title: '每日资金走势', metrics: ['topupAmount', 'payoutAmount', 'chargeAmount'] },
    filters: ['coname', 'departmentId', 'partnerId'],
  }),
  report({
    route: '/adPlatform',
    title: '平台业绩',
    codes: { 1: ['UI_PLATFORM_PERFORMANCE'] },
    grouping: 'time',
    columns: [BUCKET, ...METRICS],
    defaultSort: 'bucket',
    chart: { kind: 'line', title: '平台业绩走势', metrics: ['payoutAmount', 'topupAmount', 'chargeAmount'] },
    filters: ['departmentId', 'partnerId'],
  }),
  report({
    route: '/adSmallPlatform',
    title: '小规模平台业绩',
    codes: { 3: ['UI_XGM_PLATFORM_PERFORMANCE'] },
    grouping: 'time',
    columns: [BUCKET, ...METRICS],
    defaultSort: 'bucket',
    chart: { kind: 'line', title: '平台业绩走势', metrics: ['payoutAmount', 'topupAmount', 'chargeAmount'] },
    filters: ['departmentId', 'partnerId'],
  }),
  report({
    route: '/adEnterpriseAchievement',
    title: '企业业绩',
    codes: { 1: ['UI_ENTERPRISE_ACHIEVEMENT'], 3: ['UI_ENTERPRISE_ACHIEVEMENT_XGM'] },
    grouping: 'company',
    columns: [...COMPANY, ...METRICS],
    defaultSort: 'chargeAmount',
    chart: { kind: 'pie', title: '服务费占比（按企业）', metrics: ['chargeAmount'] },
    filters: ['coname', 'departmentId', 'partnerId'],
  }),
  report({
    route: '/adMarketPerformance',
    title: '市场业绩',
    codes: { 1: ['UI_MARKET_PERFORMANCE'], 3: ['UI_MARKET_PERFORMANCE'] },
    grouping: 'department',
    columns: [{ key: 'departmentName', label: '部门', kind: 'text' }, ...METRICS],
    defaultSort: 'payoutAmount',
    chart: { kind: 'pie', title: '打款金额占比（按部门）', metrics: ['payoutAmount'] },
    filters: [],
  }),
  report({
    route: '/adPartnerStatistics',
    title: '合伙人统计',
    codes: { 1: ['UI_PARTNER_STATISTICS'] },
    grouping: 'partner',
    columns: [{ key: 'partnerName', label: '合伙人', kind: 'text' }, COMPANY[1], ...METRICS],
    defaultSort: 'payoutAmount',
    chart: { kind: 'bar', title: '各合伙人打款与服务费', metrics: ['payoutAmount', 'chargeAmount'] },
    filters: ['departmentId'],
  }),
  report({
    route: '/adSmallPartnerStatistics',
    title: '小规模合伙人统计',
    codes: { 3: ['UI_XGM_PARTNER_STATISTICS'] },
    grouping: 'partner',
    columns: [{ key: 'partnerName', label: '合伙人', kind: 'text' }, COMPANY[1], ...METRICS],
    defaultSort: 'payoutAmount',
    chart: { kind: 'bar', title: '各合伙人打款与服务费', metrics: ['payoutAmount', 'chargeAmount'] },
    filters: ['departmentId'],
  }),
  report({
    route: '/adPartnerPersonalStatistics',
    title: '合伙人个人统计',
    codes: { 1: ['UI_PARTNER_PERSONAL_STATISTICS'], 3: ['UI_PARTNER_PERSONAL_STATISTICS'] },
    grouping: 'time',
    columns: [BUCKET, ...METRICS],
    defaultSort: 'bucket',
    chart: { kind: 'line', title: '个人业绩走势', metrics: ['payoutAmount', 'chargeAmount'] },
    filters: ['partnerId'],
  }),
];

export function findReport(route: string): ReportDeclaration | undefined {
  return REPORTS.find((item) => item.route === route);
}

/** The editions a report answers: one fixed, or both with a choice on the page. */
export function reportEditions(declaration: ReportDeclaration): (1 | 3)[] {
  return ([1, 3] as const).filter((mark) => declaration.codes[mark] !== undefined);
}

/** Every code that opens the report's API in some edition. */
export function reportCodes(declaration: ReportDeclaration): string[] {
  return [...new Set(reportEditions(declaration).flatMap((mark) => declaration.codes[mark] ?? []))];
}

/** The API path of a report: /api/v1/statistics/reports/adEnterpriseFlow. */
export function reportPath(declaration: ReportDeclaration): string {
  return `/api/v1/statistics/reports/${declaration.route.slice(1)}`;
}
