import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { formatMoney } from '../../src/domain/money';
import { ITEM } from '../../src/domain/moneyEnums';
import { TAX_EXPORT_FULL_ID_CODE } from '../../src/domain/routes';
import { isValidMonth } from '../../src/domain/statistics/period';
import { isCumulativeMonth } from '../../src/domain/tax/cumulativeWithholding';
import { TAX_ENTRY } from '../../src/domain/tax/taxEnums';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import { editionParam } from '../money/editionAccess';
import { postTaxEntries } from '../money/tax/taxAccounts';
import { assertTaxAccess } from './tax.routes';
import { declarationSchema, filingSchema, quarterlySchema } from './taxFilings.schemas';
import { enterpriseNames, taxWorkerRows } from './taxReport';
import { type SheetColumn, writeSheet, XLSX_TYPE } from './xlsx';

/**
 * The filings of 税费计算 (docs/tax.md), for UI_TAX_COLLECTION (or the setting's users):
 * - GET /api/v1/statistics/tax/declaration?platformmark=&month=&enterpriseId= — one signing entity's month as
 *   the withholding declaration of 劳务报酬 for import into 自然人电子税务局（扣缴端）: full ID numbers, so only for
 *   UI_TAX_EXPORT_FULL_ID (403 otherwise), each export an operation-log entry;
 * - GET /api/v1/statistics/tax/quarterly?platformmark=&quarter=YYYY-Qn&enterpriseId= — the quarter's 涉税信息报送
 *   of workers' identity and income (国务院令第810号, 公告2025年第15号), same rules;
 * - POST /api/v1/statistics/tax/filings { platformmark, month, enterpriseId, reference } — marks an ended month
 *   of an entity 已申报 with its filing reference: the month's 代扣税款 (withheld less given back) is paid out of
 *   the entity's account by a 申报缴纳 entry, once (a second filing of the month is refused), in the operation log.
 */
export const FILING_MSG = {
  reference: '请填写申报凭证号（1-64 个字符）',
  monthOpen: '只能申报已结束的月份',
  already: '该签约主体该月已申报，不能重复申报',
  entity: '请选择签约主体',
  quarter: '请选择正确的季度（YYYY-Qn）',
  notFound: '签约主体不存在',
} as const;

const DECLARATION_ITEM = '劳务报酬所得（互联网平台从业人员，累计预扣法）';

function assertFullId(auth: AuthContext): void {
  if (!holdsAny(auth, [TAX_EXPORT_FULL_ID_CODE])) throw new ForbiddenError('无权导出完整身份证号');
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return request.query as Record<string, unknown>;
}

function markOf(raw: unknown): number {
  return raw === undefined || raw === '' ? 1 : editionParam(raw);
}

function entityOf(raw: unknown): number {
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  if (!/^\d{1,9}$/.test(text)) fail(FILING_MSG.entity);
  return Number(text);
}

function monthParam(raw: unknown): string {
  if (typeof raw !== 'string' || !isValidMonth(raw)) fail('请选择正确的月份（YYYY-MM）');
  return raw;
}

async function entityName(services: AppServices, enterpriseId: number): Promise<string> {
  const names = await enterpriseNames(services.db, [enterpriseId]);
  const name = names.get(enterpriseId);
  if (!name) fail(FILING_MSG.notFound);
  return name;
}

export const DECLARATION_COLUMNS: readonly SheetColumn[] = [
  { key: 'serial', label: '序号', kind: 'count' },
  { key: 'name', label: '*姓名', kind: 'text' },
  { key: 'idType', label: '*证件类型', kind: 'text' },
  { key: 'idCard', label: '*证件号码', kind: 'text' },
  { key: 'incomeItem', label: '*所得项目', kind: 'text' },
  { key: 'income', label: '*本期收入', kind: 'money' },
  { key: 'taxFree', label: '本期免税收入', kind: 'money' },
  { key: 'cumulativeIncome', label: '累计收入', kind: 'money' },
  { key: 'cumulativeExpense', label: '累计费用', kind: 'money' },
  { key: 'cumulativeTaxFree', label: '累计免税收入', kind: 'money' },
  { key: 'continuousMonths', label: '连续取得劳务报酬月份数', kind: 'count' },
  { key: 'cumulativeBasicDeduction', label: '累计减除费用', kind: 'money' },
  { key: 'cumulativeOtherDeductions', label: '累计依法确定的其他扣除', kind: 'money' },
  { key: 'cumulativeTaxable', label: '累计预扣预缴应纳税所得额', kind: 'money' },
  { key: 'ratePercent', label: '预扣率（%）', kind: 'count' },
  { key: 'quickDeduction', label: '速算扣除数', kind: 'money' },
  { key: 'cumulativeTax', label: '累计应预扣预缴税额', kind: 'money' },
  { key: 'cumulativeRelief', label: '累计减免税额', kind: 'money' },
  { key: 'withheldBefore', label: '累计已预扣预缴税额', kind: 'money' },
  { key: 'tax', label: '本期应预扣预缴税额', kind: 'money' },
  { key: 'withheld', label: '本期已扣缴税额', kind: 'money' },
  { key: 'remark', label: '备注', kind: 'text' },
];

export const QUARTERLY_COLUMNS: readonly SheetColumn[] = [
  { key: 'serial', label: '序号', kind: 'count' },
  { key: 'name', label: '姓名', kind: 'text' },
  { key: 'idType', label: '身份证件类型', kind: 'text' },
  { key: 'idCard', label: '身份证件号码', kind: 'text' },
  { key: 'nationality', label: '国家或地区', kind: 'text' },
  { key: 'mobile', label: '联系电话', kind: 'text' },
  { key: 'quarter', label: '所属期', kind: 'text' },
  { key: 'incomeTotal', label: '收入总额（元）', kind: 'money' },
  { key: 'refundTotal', label: '退款金额（元）', kind: 'money' },
  { key: 'netIncome', label: '收入净额（元）', kind: 'money' },
  { key: 'payCount', label: '交易笔数', kind: 'count' },
  { key: 'withheld', label: '已扣缴个人所得税（元）', kind: 'money' },
];

function sendSheet(
  reply: import('fastify').FastifyReply,
  fileName: string,
  stream: ReturnType<typeof writeSheet>,
): import('fastify').FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

function quarterMonths(quarter: string): string[] {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) fail(FILING_MSG.quarter);
  const first = (Number(match[2]) - 1) * 3 + 1;
  return [0, 1, 2].map((offset) => `${match[1]}-${String(first + offset).padStart(2, '0')}`);
}

export async function taxFilingRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config } = services;

  app.get('/api/v1/statistics/tax/declaration', { schema: declarationSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    assertTaxAccess(auth, config.taxCalculationUserIds);
    const query = queryOf(request);
    const mark = markOf(query.platformmark);
    const month = monthParam(query.month);
    const enterpriseId = entityOf(query.enterpriseId);
    assertFullId(auth);
    const name = await entityName(services, enterpriseId);
    const rows = await taxWorkerRows(db, mark, month, { enterpriseId });
    await recordOperation(db, request, auth, {
      action: '导出扣缴申报表',
      resource: 'adTaxCalculation',
      changes: {
        页面: [null, '税费计算'],
        签约主体: [null, name],
        月份: [null, month],
        人数: [null, rows.length],
      },
    });
    const lines = rows.map((row, index) => ({
      serial: index + 1,
      name: row.name,
      idType: '居民身份证',
      idCard: row.idCard,
      incomeItem: isCumulativeMonth(month) ? DECLARATION_ITEM : '劳务报酬所得（一般劳务）',
      income: row.income,
      taxFree: 0,
      ...(row.lines ?? {}),
      tax: row.tax,
      withheld: row.withheld,
      remark:
        row.notWithheldCount > 0
          ? `其中 ${row.notWithheldCount} 笔付款时未代扣，未代扣税额 ${formatMoney(row.notWithheld)} 元`
          : '',
    }));
    const stream = writeSheet(
      '扣缴申报',
      [
        `${name} ${month} 个人所得税扣缴申报（劳务报酬）：供自然人电子税务局（扣缴端）导入前核对；列依公告2025年第16号公式各项，导入模板以扣缴端为准（docs/tax.md）；含完整身份证号，本次导出已记入操作日志`,
      ],
      DECLARATION_COLUMNS,
      lines,
      {
        income: rows.reduce((sum, row) => sum + row.income, 0),
        tax: rows.reduce((sum, row) => sum + row.tax, 0),
        withheld: rows.reduce((sum, row) => sum + row.withheld, 0),
      },
    );
    return sendSheet(reply, `扣缴申报_劳务报酬_${month}_${enterpriseId}.xlsx`, stream);
  });

  app.get('/api/v1/statistics/tax/quarterly', { schema: quarterlySchema }, async (request, reply) => {
    const auth = requireAuth(request);
    assertTaxAccess(auth, config.taxCalculationUserIds);
    const query = queryOf(request);
    const mark = markOf(query.platformmark);
    const quarter = typeof query.quarter === 'string' ? query.quarter : '';
    const months = quarterMonths(quarter);
    const enterpriseId = entityOf(query.enterpriseId);
    assertFullId(auth);
    const name = await entityName(services, enterpriseId);
    const rows = await db
      .selectFrom('payout_items')
      .select((eb) => [
        'id_card',
        sql<string>`MAX(name)`.as('name'),
        sql<string>`MAX(mobile)`.as('mobile'),
        eb.fn.sum<number>('amount').as('total'),
        eb.fn.sum<number>(eb.case().when('status', '=', ITEM.failed).then(eb.ref('amount')).else(0).end()).as('refund'),
        eb.fn.sum<number>(eb.case().when('status', '=', ITEM.failed).then(0).else(1).end()).as('paid_n'),
        eb.fn.sum<number>(eb.case().when('tax_status', '=', 1).then(eb.ref('tax_amount')).else(0).end()).as('withheld'),
      ])
      .where('platform_mark', '=', mark)
      .where('enterprise_id', '=', enterpriseId)
      .where('tax_month', 'in', months)
      .groupBy('id_card')
      .orderBy('id_card')
      .execute();
    await recordOperation(db, request, auth, {
      action: '导出涉税信息报送表',
      resource: 'adTaxCalculation',
      changes: { 页面: [null, '税费计算'], 签约主体: [null, name], 季度: [null, quarter], 人数: [null, rows.length] },
    });
    const lines = rows.map((row, index) => ({
      serial: index + 1,
      name: row.name,
      idType: '居民身份证',
      idCard: row.id_card,
      nationality: '中国',
      mobile: row.mobile ?? '',
      quarter,
      incomeTotal: Number(row.total),
      refundTotal: Number(row.refund),
      netIncome: Number(row.total) - Number(row.refund),
      payCount: Number(row.paid_n),
      withheld: Number(row.withheld),
    }));
    const sum = (key: 'incomeTotal' | 'refundTotal' | 'netIncome' | 'payCount' | 'withheld') =>
      lines.reduce((total, line) => total + line[key], 0);
    const stream = writeSheet(
      '从业人员涉税信息',
      [
        `${name} ${quarter} 平台内从业人员身份信息与收入信息（国务院令第810号、公告2025年第15号）；报表字段依规定所列项目，报送格式以电子税务局为准（docs/tax.md）；含完整身份证号，本次导出已记入操作日志`,
      ],
      QUARTERLY_COLUMNS,
      lines,
      {
        incomeTotal: sum('incomeTotal'),
        refundTotal: sum('refundTotal'),
        netIncome: sum('netIncome'),
        payCount: sum('payCount'),
        withheld: sum('withheld'),
      },
    );
    return sendSheet(reply, `涉税信息报送_${quarter}_${enterpriseId}.xlsx`, stream);
  });

  app.post('/api/v1/statistics/tax/filings', { schema: filingSchema }, async (request) => {
    const auth = requireAuth(request);
    assertTaxAccess(auth, config.taxCalculationUserIds);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const mark = markOf(body.platformmark);
    const month = monthParam(body.month);
    const enterpriseId = entityOf(body.enterpriseId);
    const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
    if (reference.length < 1 || reference.length > 64) fail(FILING_MSG.reference);
    const now = chinaTime();
    if (month >= now.slice(0, 7)) fail(FILING_MSG.monthOpen);
    const name = await entityName(services, enterpriseId);
    try {
      const filed = await db.transaction().execute(async (tx) => {
        const totals = await tx
          .selectFrom('tax_entries')
          .select([sql<number>`COALESCE(SUM(amount), 0)`.as('amount'), sql<number>`COUNT(*)`.as('n')])
          .where('enterprise_id', '=', enterpriseId)
          .where('platform_mark', '=', mark)
          .where('tax_month', '=', month)
          .where('kind', 'in', [TAX_ENTRY.withheld, TAX_ENTRY.givenBack])
          .executeTakeFirstOrThrow();
        const amount = Number(totals.amount);
        const inserted = await tx
          .insertInto('tax_filings')
          .values({
            enterprise_id: enterpriseId,
            platform_mark: mark,
            tax_month: month,
            reference,
            amount,
            item_count: Number(totals.n),
            operator_id: auth.userId,
            create_time: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (amount !== 0) {
          await postTaxEntries(
            tx,
            { enterpriseId, platformMark: mark },
            [
              {
                taxMonth: month,
                kind: TAX_ENTRY.filed,
                amount: -amount,
                companyId: null,
                refType: 'filing',
                refId: Number(inserted.id),
                remark: `${month} 已申报：${reference}`.slice(0, 128),
              },
            ],
            now,
          );
        }
        await recordOperation(tx, request, auth, {
          action: '标记已申报',
          resource: 'adTaxCalculation',
          recordId: Number(inserted.id),
          recordTitle: `${name} ${month}`,
          changes: {
            签约主体: [null, name],
            月份: [null, month],
            申报状态: ['未申报', '已申报'],
            申报凭证号: [null, reference],
            代扣税款: [formatMoney(amount), '0.00'],
          },
        });
        return { id: Number(inserted.id), amount };
      });
      return ok({ ...filed, enterpriseId, month, reference, time: now }, `${name} ${month} 已标记为已申报`);
    } catch (error) {
      if (isUniqueViolation(error)) fail(FILING_MSG.already);
      throw error;
    }
  });
}
