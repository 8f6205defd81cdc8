import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PlatformMark } from '../../src/domain/editions';
import { periodLabel } from '../../src/domain/statistics/period';
import {
  findReport,
  REPORTS,
  type ReportDeclaration,
  reportCodes,
  reportEditions,
} from '../../src/domain/statistics/reports';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { type CompanyScope, companyScope, scopedCompanyIds } from '../auth/scope';
import { attachmentDisposition } from '../files/fileStore';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import { assertEditionAccess, editionParam } from '../money/editionAccess';
import { periodOf } from './periodQuery';
import { allReportRows, METRIC_KEYS, type ReportCriteria, runReport } from './reports.repository';
import { optionsSchema, REPORT_MSG, reportExportSchema, reportSchema } from './reports.schemas';
import { writeSheet, XLSX_TYPE } from './xlsx';

/**
 * The statistics pages, one route pair per declaration of src/domain/statistics/reports.ts:
 * - GET /api/v1/statistics/reports/{route}?platformmark=1|3&period=day|month|range&day=&month=&from=&to=
 *   &q=coname:…;departmentId:…;partnerId:…&page=&size=&sort=payoutAmount,desc
 *   → a page of rows plus `totals` (the whole period, exact) and `chart`;
 * - GET /api/v1/statistics/reports/{route}/export?… (same filters) → the rows as .xlsx with a 合计 row.
 * Codes per edition come from the declaration; department-scoped staff see their departments only.
 */
export const EXPORT_MAX_ROWS = 100_000;

function editionOf(declaration: ReportDeclaration, raw: unknown): PlatformMark {
  const editions = reportEditions(declaration);
  if (raw === undefined || raw === '') return editions[0];
  const mark = editionParam(raw);
  if (!editions.includes(mark)) fail(`${declaration.title}只统计${editions[0] === 3 ? '小规模版' : '标准版'}`);
  return mark;
}

function filterNumber(filters: Record<string, string>, key: string, label: string): number | undefined {
  const raw = filters[key];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) fail(`${label}格式不正确`);
  return value;
}

interface Prepared {
  declaration: ReportDeclaration;
  criteria: ReportCriteria;
  sort: { field: string; order: 'asc' | 'desc' };
  page: number;
  size: number;
  offset: number;
}

function prepare(
  auth: AuthContext,
  declaration: ReportDeclaration,
  url: string,
  query: Record<string, unknown>,
): Prepared {
  const platformMark = editionOf(declaration, query.platformmark);
  assertEditionAccess(auth, { 1: declaration.codes[1] ?? [], 3: declaration.codes[3] ?? [] }, platformMark);
  const sortable = declaration.columns.filter((column) => column.sortable).map((column) => column.key);
  const list = parseListQuery(url, query, {
    filterKeys: declaration.filters,
    sortFields: sortable,
    defaultSort: { field: declaration.defaultSort, order: 'desc' },
  });
  const period = periodOf(query);
  const scope = companyScope(auth);
  const companyName = list.filters.coname?.trim() || undefined;
  // 合伙人 is the companies' sale partner (the partner users), the same key a partner's own scope uses; a
  // partner asking for another partner's companies gets none.
  const chosenPartner = filterNumber(list.filters, 'partnerId', '合伙人');
  const salePartnerId =
    scope.salePartnerId === undefined || chosenPartner === undefined || chosenPartner === scope.salePartnerId
      ? (scope.salePartnerId ?? chosenPartner)
      : -1;
  return {
    declaration,
    criteria: {
      platformMark,
      period,
      departmentIds: scope.departmentIds,
      salePartnerId,
      departmentId: filterNumber(list.filters, 'departmentId', '部门'),
      companyName,
      companyScope: rollupScope(scope),
    },
    sort: list.sort ?? { field: declaration.defaultSort, order: 'desc' },
    page: list.page,
    size: list.size,
    offset: list.offset,
  };
}

/** The part of a scope the group rollups cannot answer (undefined when there is none). */
export function rollupScope(scope: CompanyScope): ReportCriteria['companyScope'] {
  const { subsidiaryIds, assignedUserId, companyEditions } = scope;
  if (subsidiaryIds === undefined && assignedUserId === undefined && companyEditions === undefined) return undefined;
  return { subsidiaryIds, assignedUserId, companyEditions };
}

function declarationOf(raw: string): ReportDeclaration {
  const declaration = findReport(`/${raw}`);
  if (!declaration) fail(REPORT_MSG);
  return declaration;
}

export function reportFileName(declaration: ReportDeclaration, criteria: ReportCriteria): string {
  return `${declaration.title}_${periodLabel(criteria.period)}.xlsx`;
}

async function sendSheet(reply: FastifyReply, name: string, stream: NodeJS.ReadableStream) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(name))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

export async function reportsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: [...new Set(REPORTS.flatMap(reportCodes))] } } };

  app.get('/api/v1/statistics/reports/:report', { ...access, schema: reportSchema }, async (request) => {
    const auth = requireAuth(request);
    const declaration = declarationOf((request.params as { report: string }).report);
    const prepared = prepare(auth, declaration, request.url, request.query as Record<string, unknown>);
    const result = await runReport(db, declaration, prepared.criteria, {
      sort: prepared.sort,
      offset: prepared.offset,
      limit: prepared.size,
    });
    return ok({
      ...pageOf(result.rows, result.total, prepared),
      totals: result.totals,
      chart: result.chart,
      period: prepared.criteria.period,
      platformMark: prepared.criteria.platformMark,
    });
  });

  // The pickers of the report filters: departments, and the partners (sale partners, not 分公司) of the companies in
  // the caller's scope, so every partner that appears in the data can be picked; by name.
  app.get('/api/v1/statistics/options', { ...access, schema: optionsSchema }, async (request) => {
    const auth = requireAuth(request);
    const scope = auth.deptScope ?? undefined;
    const departments = await db
      .selectFrom('departments')
      .select(['id', 'name'])
      .$if(scope !== undefined, (query) => query.where('id', 'in', scope?.length ? scope : [-1]))
      .orderBy('id')
      .execute();
    const scoped = scopedCompanyIds(db, companyScope(auth));
    const partners = await db
      .selectFrom('users')
      .select(['id', 'display_name as name'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('companies')
          .select('sale_partner_id')
          .where('sale_partner_id', 'is not', null)
          .$if(scoped !== null, (query) => query.where('companies.id', 'in', scoped!)),
      )
      .orderBy('id')
      .execute();
    return ok({
      departments: departments.map((row) => ({ id: Number(row.id), name: row.name })),
      partners: partners.map((row) => ({ id: Number(row.id), name: row.name })),
    });
  });

  app.get(
    '/api/v1/statistics/reports/:report/export',
    { ...access, schema: reportExportSchema },
    async (request, reply) => {
      const auth = requireAuth(request);
      const declaration = declarationOf((request.params as { report: string }).report);
      const prepared = prepare(auth, declaration, request.url, request.query as Record<string, unknown>);
      const { rows, total, totals } = await allReportRows(
        db,
        declaration,
        prepared.criteria,
        prepared.sort,
        EXPORT_MAX_ROWS,
      );
      if (total > EXPORT_MAX_ROWS) fail(`数据超过 ${EXPORT_MAX_ROWS} 行，请缩小统计区间或加筛选条件后再导出`);
      const edition = prepared.criteria.platformMark === 3 ? '小规模版' : '标准版';
      const stream = writeSheet(
        declaration.title,
        [
          `${declaration.title}（${edition}）统计区间：${prepared.criteria.period.from} 至 ${prepared.criteria.period.to}`,
        ],
        declaration.columns,
        rows,
        totals,
      );
      return sendSheet(reply, reportFileName(declaration, prepared.criteria), stream);
    },
  );
}

/** Every metric a report carries is one the repository sums (checked at start-up). */
for (const declaration of REPORTS) {
  for (const column of declaration.columns) {
    if ((column.kind === 'money' || column.kind === 'count') && !METRIC_KEYS.includes(column.key)) {
      throw new Error(`${declaration.route}: column ${column.key} is not a rollup metric`);
    }
  }
}
