import { buildUrl, requestContent } from '../../../providers/httpClient';
import { requestHeaders } from '../../../providers/requestHeaders';
import type { ReportDeclaration } from '../../domain/statistics/reports';
import { reportPath } from '../../domain/statistics/reports';

/** Calls of the statistics pages: one report page, its export, the filter pickers. */
export interface ReportFilters {
  platformmark: string;
  period: 'day' | 'month' | 'range';
  day: string;
  month: string;
  from: string;
  to: string;
  coname: string;
  departmentId: string;
  partnerId: string;
}

export interface ReportAnswer {
  content: Record<string, string | number | null>[];
  totalElements: number;
  number: number;
  size: number;
  totals: Record<string, number>;
  chart: { categories: string[]; series: { key: string; data: number[] }[] };
  period: { type: string; from: string; to: string };
}

export interface Option {
  id: number;
  name: string;
  departmentId?: number;
  platformMark?: number;
}

function queryOf(filters: ReportFilters, declaration: ReportDeclaration) {
  const query: Record<string, string | number | undefined> = { period: filters.period };
  if (filters.platformmark) query.platformmark = filters.platformmark;
  if (filters.period === 'day') query.day = filters.day;
  if (filters.period === 'month') query.month = filters.month;
  if (filters.period === 'range') {
    query.from = filters.from;
    query.to = filters.to;
  }
  const q: Record<string, string> = {};
  for (const key of declaration.filters) if (filters[key]) q[key] = filters[key];
  return { query, q };
}

export function fetchReport(
  declaration: ReportDeclaration,
  filters: ReportFilters,
  page: number,
  size: number,
  sort: string,
): Promise<ReportAnswer> {
  const { query, q } = queryOf(filters, declaration);
  return requestContent<ReportAnswer>(reportPath(declaration), { query: { ...query, page, size, sort }, q });
}

export function fetchOptions(): Promise<{ departments: Option[]; partners: Option[] }> {
  return requestContent('/api/v1/statistics/options', { background: true });
}

/** Downloads a file from the API with the session's headers; answers its name. */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined>,
  q?: Record<string, string>,
  fallbackName = '下载.xlsx',
): Promise<string> {
  const url = buildUrl(path, query, q && Object.keys(q).length > 0 ? q : undefined);
  const response = await fetch(url, { headers: requestHeaders() });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const message = type.includes('json') ? ((await response.json()) as { message?: string }).message : undefined;
    throw new Error(message || (response.status === 403 ? '无权限下载' : `下载失败（${response.status}）`));
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = encoded ? decodeURIComponent(encoded) : fallbackName;
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  return name;
}

export function exportReport(declaration: ReportDeclaration, filters: ReportFilters, sort: string): Promise<string> {
  const { query, q } = queryOf(filters, declaration);
  return downloadFile(`${reportPath(declaration)}/export`, { ...query, sort }, q, `${declaration.title}.xlsx`);
}
