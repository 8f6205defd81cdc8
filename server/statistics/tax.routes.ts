import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { maskIdCard } from '../../src/domain/masking';
import { INVOICE } from '../../src/domain/moneyEnums';
import { TAX_EXPORT_FULL_ID_CODE } from '../../src/domain/routes';
import { SURCHARGES, surchargesOf } from '../../src/domain/statistics/laborTax';
import { isValidMonth, lastDayOfMonth } from '../../src/domain/statistics/period';
import { isCumulativeMonth } from '../../src/domain/tax/cumulativeWithholding';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import { editionParam } from '../money/editionAccess';
import { taxExportSchema, taxSchema } from './tax.schemas';
import { type TaxWorkerRow, taxEntityTotals, taxWorkerRows } from './taxReport';
import { writeSheet, XLSX_TYPE } from './xlsx';

/**
 * 税费计算 /adTaxCalculation (UI_TAX_COLLECTION, or a user listed in TAX_CALCULATION_USER_IDS):
 * - GET /api/v1/statistics/tax?platformmark=1|3&month=YYYY-MM&q=name:…,enterpriseId:…&page=&size= — per signing
 *   entity and worker (ID number) the month's income (payout items of the month not failed), the withholding by
 *   the rule in force with every line of the formula, what was withheld (已代扣) and what was paid before
 *   withholding existed (未代扣), the VAT filed on the worker's behalf (taxReport.ts, docs/tax.md); per entity the
 *   totals beside its 代扣税款 account's entries of the month and its filing (已申报); the 5 000 000 元 / 12 months
 *   warnings; and the invoice side of the month: invoices issued in that edition (6% VAT special / 5%
 *   difference-based, as stored by the invoice formulas) and their surcharges.
 * - GET /api/v1/statistics/tax/export?… — the workers as .xlsx with a 合计 row.
 * ID numbers are masked on the page and in the export, as everywhere else; tax filing needs them whole, so
 * `…/export?fullId=1` writes them in full for UI_TAX_EXPORT_FULL_ID only (403 for anyone else), and each such
 * export leaves an operation-log entry (页面 税费计算, 操作 导出完整身份证号, the month, edition and filter).
 */
const CODE = 'UI_TAX_COLLECTION';
const EXPORT_MAX = 100_000;
export const FULL_ID_ACTION = '导出完整身份证号';
export const TAX_MSG = { fullIdDenied: '无权导出完整身份证号', fullIdFlag: 'fullId 只能是 0 或 1' } as const;

export function assertTaxAccess(auth: AuthContext, allowed: readonly number[]): void {
  if (holdsAny(auth, [CODE]) || allowed.includes(auth.userId)) return;
  throw new ForbiddenError('无权限访问此页面！');
}

/** `fullId=1` asks for the full ID numbers; only UI_TAX_EXPORT_FULL_ID (or role 1) may. */
function wantsFullId(auth: AuthContext, raw: unknown): boolean {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw !== '1') fail(TAX_MSG.fullIdFlag);
  if (!holdsAny(auth, [TAX_EXPORT_FULL_ID_CODE])) throw new ForbiddenError(TAX_MSG.fullIdDenied);
  return true;
}

/** A worker row as the page and the export show it: the formula's lines and the VAT figures flattened. */
export function flatRow(row: TaxWorkerRow, fullId: boolean) {
  const { lines, vat, ...rest } = row;
  return {
    ...rest,
    idCard: fullId ? row.idCard : maskIdCard(row.idCard),
    ruleName: row.rule === 'cumulative' ? '累计预扣法' : '按次预扣（预扣率表二）',
    taxStatusName:
      row.notWithheldCount === 0 ? '已代扣' : row.notWithheldCount === row.payCount ? '未代扣' : '部分未代扣',
    cumulativeIncome: lines?.cumulativeIncome ?? null,
    cumulativeExpense: lines?.cumulativeExpense ?? null,
    cumulativeTaxFree: lines?.cumulativeTaxFree ?? null,
    continuousMonths: lines?.continuousMonths ?? null,
    cumulativeBasicDeduction: lines?.cumulativeBasicDeduction ?? null,
    cumulativeOtherDeductions: lines?.cumulativeOtherDeductions ?? null,
    cumulativeTaxable: lines?.cumulativeTaxable ?? null,
    cumulativeTax: lines?.cumulativeTax ?? null,
    cumulativeRelief: lines?.cumulativeRelief ?? null,
    withheldBefore: lines?.withheldBefore ?? null,
    vatSales: vat.sales,
    vatExempt: vat.exempt,
    vatRatePercent: vat.ratePercent,
    vat: vat.vat,
    cityTax: vat.cityTax,
    educationSurcharge: vat.educationSurcharge,
    localEducationSurcharge: vat.localEducationSurcharge,
    surchargeTotal: vat.surchargeTotal,
  };
}

function monthOf(query: Record<string, unknown>): string {
  const month = typeof query.month === 'string' && query.month !== '' ? query.month : chinaTime().slice(0, 7);
  if (!isValidMonth(month)) fail('请选择正确的月份（YYYY-MM）');
  return month;
}

export function enterpriseFilter(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) fail('签约主体编号不正确');
  return Number(raw.trim());
}

async function invoiceSide(db: Db, mark: number, month: string) {
  const row = await db
    .selectFrom('invoices')
    .select([
      sql<number>`COUNT(*)`.as('n'),
      sql<number>`COALESCE(SUM(total), 0)`.as('total'),
      sql<number>`COALESCE(SUM(deduction), 0)`.as('deduction'),
      sql<number>`COALESCE(SUM(tax), 0)`.as('tax'),
      sql<number>`COALESCE(SUM(net), 0)`.as('net'),
    ])
    .where('platform_mark', '=', mark)
    .where('status', 'in', [INVOICE.issued, INVOICE.mailed])
    .where('issue_time', '>=', `${month}-01 00:00:00`)
    .where('issue_time', '<=', `${lastDayOfMonth(month)} 23:59:59`)
    .executeTakeFirstOrThrow();
  const vat = Number(row.tax);
  const surcharges = surchargesOf(vat);
  return {
    invoiceCount: Number(row.n),
    total: Number(row.total),
    deduction: Number(row.deduction),
    vat,
    net: Number(row.net),
    ratePercent: mark === 1 ? 6 : 5,
    formula:
      mark === 1
        ? '增值税专用发票 6%：税额 = 价税合计 ÷ 1.06 × 6%'
        : '差额征税 5%：税额 = (价税合计 − 差额扣除额) ÷ 1.05 × 5%',
    ...surcharges,
    surchargeTotal: SURCHARGES.reduce((sum, item) => sum + surcharges[item.key], 0),
  };
}

function totalsOf(rows: readonly TaxWorkerRow[]) {
  const sum = (pick: (row: TaxWorkerRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    workerCount: rows.length,
    payCount: sum((row) => row.payCount),
    income: sum((row) => row.income),
    tax: sum((row) => row.tax),
    withheld: sum((row) => row.withheld),
    notWithheld: sum((row) => row.notWithheld),
    afterTax: sum((row) => row.afterTax),
    vat: sum((row) => row.vat.vat),
    surchargeTotal: sum((row) => row.vat.surchargeTotal),
    registrationWarnings: rows.filter((row) => row.registrationWarning).length,
  };
}

export const TAX_COLUMNS = [
  { key: 'enterpriseName', label: '签约主体', kind: 'text' },
  { key: 'name', label: '姓名', kind: 'text' },
  { key: 'idCard', label: '身份证号', kind: 'text' },
  { key: 'ruleName', label: '计税方法', kind: 'text' },
  { key: 'payCount', label: '收款笔数', kind: 'count' },
  { key: 'income', label: '本月收入（元）', kind: 'money' },
  { key: 'cumulativeIncome', label: '累计收入（元）', kind: 'money' },
  { key: 'cumulativeExpense', label: '累计费用（元）', kind: 'money' },
  { key: 'continuousMonths', label: '连续月份数', kind: 'count' },
  { key: 'cumulativeBasicDeduction', label: '累计减除费用（元）', kind: 'money' },
  { key: 'deduction', label: '减除费用（元）', kind: 'money' },
  { key: 'taxable', label: '应纳税所得额（元）', kind: 'money' },
  { key: 'ratePercent', label: '预扣率（%）', kind: 'count' },
  { key: 'quickDeduction', label: '速算扣除数（元）', kind: 'money' },
  { key: 'cumulativeTax', label: '累计应预扣税额（元）', kind: 'money' },
  { key: 'withheldBefore', label: '累计已预扣税额（元）', kind: 'money' },
  { key: 'tax', label: '本月应预扣税额（元）', kind: 'money' },
  { key: 'withheld', label: '本月已代扣（元）', kind: 'money' },
  { key: 'notWithheld', label: '未代扣（元）', kind: 'money' },
  { key: 'taxStatusName', label: '代扣状态', kind: 'text' },
  { key: 'afterTax', label: '税后收入（元）', kind: 'money' },
  { key: 'vatSales', label: '增值税销售额（元）', kind: 'money' },
  { key: 'vat', label: '增值税（元）', kind: 'money' },
  { key: 'surchargeTotal', label: '附加税费（元）', kind: 'money' },
  { key: 'twelveMonthIncome', label: '近12个月收入（元）', kind: 'money' },
] as const;

export async function taxRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  const prepare = (request: { url: string; query: unknown }, auth: AuthContext) => {
    assertTaxAccess(auth, config.taxCalculationUserIds);
    const query = request.query as Record<string, unknown>;
    const mark = query.platformmark === undefined || query.platformmark === '' ? 1 : editionParam(query.platformmark);
    const list = parseListQuery(request.url, query, { filterKeys: ['name', 'enterpriseId'], sortFields: [] });
    return {
      mark,
      month: monthOf(query),
      list,
      name: list.filters.name?.trim() || undefined,
      enterpriseId: enterpriseFilter(list.filters.enterpriseId),
    };
  };

  app.get('/api/v1/statistics/tax', { schema: taxSchema }, async (request) => {
    const auth = requireAuth(request);
    const { mark, month, list, name, enterpriseId } = prepare(request, auth);
    const [rows, invoices] = await Promise.all([
      taxWorkerRows(db, mark, month, { name, enterpriseId }),
      invoiceSide(db, mark, month),
    ]);
    const entities = await taxEntityTotals(db, mark, month, rows);
    return ok({
      ...pageOf(
        rows.slice(list.offset, list.offset + list.size).map((row) => flatRow(row, false)),
        rows.length,
        list,
      ),
      totals: totalsOf(rows),
      entities: enterpriseId === undefined ? entities : entities.filter((e) => e.enterpriseId === enterpriseId),
      warnings: rows
        .filter((row) => row.registrationWarning)
        .map((row) => ({
          enterpriseName: row.enterpriseName,
          name: row.name,
          idCard: maskIdCard(row.idCard),
          twelveMonthIncome: row.twelveMonthIncome,
        })),
      rule: isCumulativeMonth(month) ? 'cumulative' : 'perPayment',
      invoices,
      month,
      platformMark: mark,
    });
  });

  app.get('/api/v1/statistics/tax/export', { schema: taxExportSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    const { mark, month, name, enterpriseId } = prepare(request, auth);
    const fullId = wantsFullId(auth, (request.query as Record<string, unknown>).fullId);
    const rows = await taxWorkerRows(db, mark, month, { name, enterpriseId });
    if (rows.length > EXPORT_MAX) fail(`数据超过 ${EXPORT_MAX} 行，请按姓名筛选后再导出`);
    const totals = totalsOf(rows);
    const edition = mark === 3 ? '小规模版' : '标准版';
    if (fullId) {
      await recordOperation(db, request, auth, {
        action: FULL_ID_ACTION,
        resource: 'adTaxCalculation',
        changes: {
          页面: [null, '税费计算'],
          版本: [null, edition],
          月份: [null, month],
          姓名筛选: [null, name ?? '（无）'],
          导出人数: [null, rows.length],
        },
      });
    }
    const stream = writeSheet(
      '税费计算',
      [
        `税费计算（${edition}）${month}：劳务报酬所得预扣预缴，${
          isCumulativeMonth(month) ? '累计预扣法（公告2025年第16号）' : '按次预扣（预扣率表二）'
        }；${fullId ? '含完整身份证号，仅用于报税，本次导出已记入操作日志' : '身份证号已脱敏'}`,
      ],
      TAX_COLUMNS,
      rows.map((row) => flatRow(row, fullId)) as unknown as Record<string, unknown>[],
      { ...totals, name: '合计' },
    );
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentDisposition(`税费计算_${month}${fullId ? '_完整身份证号' : ''}.xlsx`))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
