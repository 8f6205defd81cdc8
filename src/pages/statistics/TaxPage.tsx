import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
import { MonthField } from '../../../resources/generator/DateFields';
import { chinaMonth } from '../../domain/chinaTime';
import { formatMoney } from '../../domain/money';
import { hasAnyPermission } from '../../domain/permissions';
import { TAX_EXPORT_FULL_ID_CODE } from '../../domain/routes';
import { ExportExcelButton } from './ExportExcelButton';
import { StatisticsTable } from './StatisticsTable';
import { downloadFile } from './statisticsApi';

/** 税费计算: per worker per month the income paid and the tax withheld; the month's invoice VAT and surcharges. */
const COLUMNS = [
  { key: 'name', label: '姓名', kind: 'text' },
  { key: 'idCard', label: '身份证号', kind: 'text' },
  { key: 'payCount', label: '收款笔数', kind: 'count' },
  { key: 'income', label: '本月收入（元）', kind: 'money' },
  { key: 'deduction', label: '减除费用（元）', kind: 'money' },
  { key: 'taxable', label: '应纳税所得额（元）', kind: 'money' },
  { key: 'ratePercent', label: '预扣率（%）', kind: 'count' },
  { key: 'quickDeduction', label: '速算扣除数（元）', kind: 'money' },
  { key: 'tax', label: '预扣税额（元）', kind: 'money' },
  { key: 'afterTax', label: '税后收入（元）', kind: 'money' },
] as const;

interface TaxAnswer {
  content: Record<string, string | number>[];
  totalElements: number;
  totals: Record<string, number>;
  invoices: Record<string, number | string>;
}

const FULL_ID_LABEL = '导出 Excel（含完整身份证号）';
/** Said beside the export buttons: which file holds full ID numbers, what for, and that it is logged. */
const FULL_ID_NOTICE = `「${FULL_ID_LABEL}」的导出文件含完整身份证号，仅用于报税；每次导出都记入操作日志。页面和「导出 Excel」中的身份证号已脱敏。`;
const MASKED_NOTICE = '页面和导出文件中的身份证号已脱敏。';

export function TaxPage() {
  const mayExportFullId = hasAnyPermission(getSession()?.user, [TAX_EXPORT_FULL_ID_CODE]);
  const [draft, setDraft] = useState({
    platformmark: '1',
    month: chinaMonth(),
    name: '',
  });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [answer, setAnswer] = useState<TaxAnswer | null>(null);

  useEffect(() => {
    requestContent<TaxAnswer>('/api/v1/statistics/tax', {
      query: { platformmark: filters.platformmark, month: filters.month, page, size },
      q: filters.name ? { name: filters.name } : undefined,
    }).then(setAnswer, () => setAnswer(null));
  }, [filters, page, size]);

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
              setPage(0);
              setFilters({ ...draft });
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
              个税：劳务报酬所得预扣预缴（国家税务总局公告2018年第61号，预扣率表二）。本月 {answer.totals.workerCount}{' '}
              人，收入合计 <span data-total="income">{formatMoney(answer.totals.income)}</span> 元，预扣税额合计{' '}
              <span data-total="tax">{formatMoney(answer.totals.tax)}</span> 元。
            </Typography>
          </CardContent>
        </Card>
      )}
      <StatisticsTable
        label="税费计算"
        columns={COLUMNS}
        rows={answer?.content}
        rowKey={(row, index) => `${row.idCard}-${index}`}
        emptyText="该月没有打款成功的记录"
        total={answer?.totalElements ?? 0}
        page={page}
        size={size}
        onPage={setPage}
        onSize={setSize}
      />
    </Box>
  );
}
