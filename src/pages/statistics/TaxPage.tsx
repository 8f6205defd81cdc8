import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
import { MonthField } from '../../../resources/generator/DateFields';
import { chinaMonth } from '../../domain/chinaTime';
import { formatMoney } from '../../domain/money';
import { hasAnyPermission } from '../../domain/permissions';
import { TAX_EXPORT_FULL_ID_CODE } from '../../domain/routes';
import { urlValue, useUrlState } from '../../shell/useUrlState';
import { ExportExcelButton } from './ExportExcelButton';
import { StatisticsTable } from './StatisticsTable';
import { downloadFile } from './statisticsApi';
import { TaxEntities } from './TaxEntities';

/**
 * 税费计算: per signing entity and worker the month's income and the income tax by the rule in force (from 2025-10
 * the cumulative method, every line of it; before, the per-payment rule), what was withheld and what was not, the
 * VAT filed on the worker's behalf; per entity its 代扣税款 of the month, its filing and the declaration exports.
 */
const COLUMNS = [
  { key: 'enterpriseName', label: '签约主体', kind: 'text' },
  { key: 'name', label: '姓名', kind: 'text' },
  { key: 'idCard', label: '身份证号', kind: 'text' },
  { key: 'payCount', label: '收款笔数', kind: 'count' },
  { key: 'income', label: '本月收入（元）', kind: 'money' },
  { key: 'cumulativeIncome', label: '累计收入（元）', kind: 'money' },
  { key: 'cumulativeExpense', label: '累计费用（元）', kind: 'money' },
  { key: 'continuousMonths', label: '连续月份数', kind: 'count' },
  { key: 'cumulativeBasicDeduction', label: '累计减除费用（元）', kind: 'money' },
  { key: 'taxable', label: '应纳税所得额（元）', kind: 'money' },
  { key: 'ratePercent', label: '预扣率（%）', kind: 'count' },
  { key: 'quickDeduction', label: '速算扣除数（元）', kind: 'money' },
  { key: 'cumulativeTax', label: '累计应预扣税额（元）', kind: 'money' },
  { key: 'withheldBefore', label: '累计已预扣税额（元）', kind: 'money' },
  { key: 'tax', label: '本月应预扣税额（元）', kind: 'money' },
  { key: 'withheld', label: '本月已代扣（元）', kind: 'money' },
  { key: 'taxStatusName', label: '代扣状态', kind: 'text' },
  { key: 'afterTax', label: '税后收入（元）', kind: 'money' },
  { key: 'vat', label: '增值税（元）', kind: 'money' },
  { key: 'surchargeTotal', label: '附加税费（元）', kind: 'money' },
] as const;

interface EntityTotals {
  enterpriseId: number;
  enterpriseName: string;
  workerCount: number;
  income: number;
  tax: number;
  withheld: number;
  notWithheld: number;
  ledgerWithheld: number;
  vat: number;
  surchargeTotal: number;
  filing: { reference: string; amount: number; time: string } | null;
}

interface TaxAnswer {
  content: Record<string, string | number>[];
  totalElements: number;
  totals: Record<string, number>;
  invoices: Record<string, number | string>;
  entities: EntityTotals[];
  warnings: { enterpriseName: string; name: string; idCard: string; twelveMonthIncome: number }[];
  rule: 'cumulative' | 'perPayment';
}

const FULL_ID_LABEL = '导出 Excel（含完整身份证号）';
/** Said beside the export buttons: which file holds full ID numbers, what for, and that it is logged. */
const FULL_ID_NOTICE = `「${FULL_ID_LABEL}」的导出文件含完整身份证号，仅用于报税；每次导出都记入操作日志。页面和「导出 Excel」中的身份证号已脱敏。`;
const MASKED_NOTICE = '页面和导出文件中的身份证号已脱敏。';

/** What the address may hold for this page (anything else reads as the default view). */
const TAX_VIEW_RULES = {
  platformmark: urlValue.oneOf(['1', '3']),
  month: urlValue.month,
  name: urlValue.text,
  page: urlValue.pageNumber,
  size: urlValue.oneOf(['10', '50', '100', '200']),
};

export function TaxPage() {
  const mayExportFullId = hasAnyPermission(getSession()?.user, [TAX_EXPORT_FULL_ID_CODE]);
  const [view, setView] = useUrlState(
    { platformmark: '1', month: chinaMonth(), name: '', page: '0', size: '10' },
    (key, value) => TAX_VIEW_RULES[key](value),
  );
  const { page: pageText, size: sizeText, ...applied } = view;
  const page = Number(pageText);
  const size = Number(sizeText);
  const { platformmark, month, name } = applied;
  const filters = useMemo(() => ({ platformmark, month, name }), [platformmark, month, name]);
  const [draft, setDraft] = useState(filters);
  const setPage = (next: number) => setView({ page: String(next) });
  const setSize = (next: number) => setView({ size: String(next), page: '0' });
  const [answer, setAnswer] = useState<TaxAnswer | null>(null);

  const load = useCallback(() => {
    requestContent<TaxAnswer>('/api/v1/statistics/tax', {
      query: { platformmark: filters.platformmark, month: filters.month, page, size },
      q: filters.name ? { name: filters.name } : undefined,
    }).then(setAnswer, () => setAnswer(null));
  }, [filters, page, size]);
  useEffect(load, [load]);

  const invoiceCards = answer
    ? [
        ['开票张数', String(answer.invoices.invoiceCount)],
        ['价税合计', formatMoney(Number(answer.invoices.total))],
        ['差额扣除额', formatMoney(Number(answer.invoices.deduction))],
        [`增值税（${answer.invoices.ratePercent}%）`, formatMoney(Number(answer.invoices.vat))],
        ['城市维护建设税 7%', formatMoney(Number(answer.invoices.cityTax))],
        ['教育费附加 3%', formatMoney(Number(answer.invoices.educationSurcharge))],
        ['地方教育附加 2%', formatMoney(Number(answer.invoices.localEducationSurcharge))],
        ['附加税费合计', formatMoney(Number(answer.invoices.surchargeTotal))],
      ]
    : [];

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="税费计算" />
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="版本"
            value={draft.platformmark}
            onChange={(event) => setDraft({ ...draft, platformmark: event.target.value })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="1">标准版</MenuItem>
            <MenuItem value="3">小规模版</MenuItem>
          </TextField>
          <MonthField label="月份" value={draft.month} onChange={(month) => setDraft({ ...draft, month })} />
          <TextField
            size="small"
            label="姓名"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <Button
            variant="contained"
            disabled={!draft.month}
            onClick={() => {
              setView({ ...draft, page: '0' });
            }}
          >
            查询
          </Button>
          <ExportExcelButton
            download={() =>
              downloadFile(
                '/api/v1/statistics/tax/export',
                { platformmark: filters.platformmark, month: filters.month },
                filters.name ? { name: filters.name } : undefined,
                '税费计算.xlsx',
              )
            }
          />
          {mayExportFullId && (
            <ExportExcelButton
              label={FULL_ID_LABEL}
              download={() =>
                downloadFile(
                  '/api/v1/statistics/tax/export',
                  { platformmark: filters.platformmark, month: filters.month, fullId: 1 },
                  filters.name ? { name: filters.name } : undefined,
                  '税费计算_完整身份证号.xlsx',
                )
              }
            />
          )}
          <Typography variant="body2" color={mayExportFullId ? 'warning.main' : 'text.secondary'} role="note">
            {mayExportFullId ? FULL_ID_NOTICE : MASKED_NOTICE}
          </Typography>
        </CardContent>
      </Card>
      {answer && (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              开票侧增值税及附加（{String(answer.invoices.formula)}）
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
              {invoiceCards.map(([label, value]) => (
                <Paper key={label} variant="outlined" sx={{ p: 1.5 }}>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography variant="h6" component="p">
                    {value}
                  </Typography>
                </Paper>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {answer.rule === 'cumulative'
                ? '个税：平台从业人员劳务报酬按累计预扣法预扣预缴（国家税务总局公告2025年第16号，预扣率表一），按人、按签约主体、按纳税年度累计。'
                : '个税：该月在 2025-10 以前，劳务报酬按次预扣预缴（国家税务总局公告2018年第61号，预扣率表二）。'}
              本月 {answer.totals.workerCount} 人，收入合计{' '}
              <span data-total="income">{formatMoney(answer.totals.income)}</span> 元，应预扣税额合计{' '}
              <span data-total="tax">{formatMoney(answer.totals.tax)}</span> 元，已代扣{' '}
              <span data-total="withheld">{formatMoney(answer.totals.withheld)}</span> 元
              {answer.totals.notWithheld > 0
                ? `，其中付款时未代扣（代扣上线以前的打款）${formatMoney(answer.totals.notWithheld)} 元`
                : ''}
              。增值税由签约主体代办申报：月销售额 10 万元以下免征，以上按 1%，附加税费减半（财政部
              税务总局公告2023年第19号、第12号），城市维护建设税按 7% 计。
            </Typography>
          </CardContent>
        </Card>
      )}
      {answer && answer.warnings.length > 0 && (
        <Alert severity="warning" role="alert">
          以下从业人员连续 12 个月在同一签约主体的服务收入超过 5,000,000.00
          元，应引导其依法办理市场主体登记、自行申报增值税：
          {answer.warnings
            .map(
              (warning) =>
                `${warning.name}（${warning.idCard}，${warning.enterpriseName}，${formatMoney(warning.twelveMonthIncome)} 元）`,
            )
            .join('；')}
        </Alert>
      )}
      {answer && (
        <TaxEntities
          entities={answer.entities}
          month={filters.month}
          platformmark={filters.platformmark}
          mayExportFullId={mayExportFullId}
          // 标记已申报 changes what the page shows: read it again.
          onFiled={load}
        />
      )}
      <StatisticsTable
        label="税费计算"
        columns={COLUMNS}
        rows={answer?.content}
        rowKey={(row, index) => `${row.idCard}-${index}`}
        emptyText="该月没有打款记录"
        total={answer?.totalElements ?? 0}
        page={page}
        size={size}
        onPage={setPage}
        onSize={setSize}
      />
    </Box>
  );
}
