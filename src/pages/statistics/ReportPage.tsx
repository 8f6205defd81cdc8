import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { DateRangeFields, DayField, MonthField } from '../../../resources/generator/DateFields';
import { chinaToday } from '../../domain/chinaTime';
import { findReport, METRICS, type ReportDeclaration, reportEditions } from '../../domain/statistics/reports';
import { validateDateRangeInput } from '../../domain/validation';
import { ExportExcelButton } from './ExportExcelButton';
import { StatisticsTable, statisticsCell } from './StatisticsTable';
import {
  exportReport,
  fetchOptions,
  fetchReport,
  type Option,
  type ReportAnswer,
  type ReportFilters,
} from './statisticsApi';

/**
 * Every statistics page: the route picks its declaration (src/domain/statistics/reports.ts), which
 * says the columns, filters, chart and API. Period (day / month / custom range, China time), edition when the
 * report has two, company / department / partner filters; totals of the whole period; the chart; the table
 * with server paging and sorting; export to .xlsx.
 */
const ReportChart = lazy(() => import('./ReportChart').then((module) => ({ default: module.ReportChart })));

/** A period the query can run on: the day or month chosen, or a whole range in order (the pickers say what is missing). */
function periodComplete(filters: ReportFilters): boolean {
  if (filters.period === 'day') return Boolean(filters.day);
  if (filters.period === 'month') return Boolean(filters.month);
  return Boolean(filters.from && filters.to) && !validateDateRangeInput(filters.from, filters.to);
}

function initialFilters(declaration: ReportDeclaration): ReportFilters {
  const today = chinaToday();
  return {
    platformmark: String(reportEditions(declaration)[0]),
    period: 'month',
    day: today,
    month: today.slice(0, 7),
    from: `${today.slice(0, 7)}-01`,
    to: today,
    coname: '',
    departmentId: '',
    partnerId: '',
  };
}

export function ReportPage() {
  const { pathname } = useLocation();
  const declaration = findReport(pathname);
  if (!declaration) return null;
  return <Report key={declaration.route} declaration={declaration} />;
}

function Report({ declaration }: { declaration: ReportDeclaration }) {
  const [draft, setDraft] = useState<ReportFilters>(() => initialFilters(declaration));
  const [filters, setFilters] = useState<ReportFilters>(draft);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [sort, setSort] = useState({ field: declaration.defaultSort, order: 'desc' as 'asc' | 'desc' });
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [options, setOptions] = useState<{ departments: Option[]; partners: Option[] }>({
    departments: [],
    partners: [],
  });
  const editions = reportEditions(declaration);

  useEffect(() => {
    if (declaration.filters.some((key) => key !== 'coname')) fetchOptions().then(setOptions, () => undefined);
  }, [declaration]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchReport(declaration, filters, page, size, `${sort.field},${sort.order}`)
      .then((result) => live && setAnswer(result))
      .catch(() => live && setAnswer(null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [declaration, filters, page, size, sort]);

  const set = (patch: Partial<ReportFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const complete = periodComplete(draft);
  const search = () => {
    if (!complete) return;
    setPage(0);
    setFilters({ ...draft });
  };
  const totalsShown = METRICS.filter((column) => column.kind === 'money' || column.key === 'payoutCount');

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={declaration.title} />
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          {editions.length > 1 && (
            <TextField
              select
              size="small"
              label="版本"
              value={draft.platformmark}
              onChange={(event) => set({ platformmark: event.target.value })}
              sx={{ minWidth: 120 }}
            >
              <MenuItem value="1">标准版</MenuItem>
              <MenuItem value="3">小规模版</MenuItem>
            </TextField>
          )}
          <TextField
            select
            size="small"
            label="统计周期"
            value={draft.period}
            onChange={(event) => set({ period: event.target.value as ReportFilters['period'] })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="day">按日</MenuItem>
            <MenuItem value="month">按月</MenuItem>
            <MenuItem value="range">自定义区间</MenuItem>
          </TextField>
          {draft.period === 'day' && <DayField label="日期" value={draft.day} onChange={(day) => set({ day })} />}
          {draft.period === 'month' && (
            <MonthField label="月份" value={draft.month} onChange={(month) => set({ month })} />
          )}
          {draft.period === 'range' && (
            <DateRangeFields
              label="统计区间"
              start={draft.from}
              end={draft.to}
              today={chinaToday()}
              onChange={(from, to) => set({ from, to })}
            />
          )}
          {declaration.filters.includes('coname') && (
            <TextField
              size="small"
              label="企业名称"
              value={draft.coname}
              onChange={(event) => set({ coname: event.target.value })}
            />
          )}
          {declaration.filters.includes('departmentId') && (
            <TextField
              select
              size="small"
              label="部门"
              value={draft.departmentId}
              onChange={(event) => set({ departmentId: event.target.value })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">全部</MenuItem>
              {options.departments.map((item) => (
                <MenuItem key={item.id} value={String(item.id)}>
                  {item.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {declaration.filters.includes('partnerId') && (
            <TextField
              select
              size="small"
              label="合伙人"
              value={draft.partnerId}
              onChange={(event) => set({ partnerId: event.target.value })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">全部</MenuItem>
              {options.partners.map((item) => (
                <MenuItem key={item.id} value={String(item.id)}>
                  {item.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Button variant="contained" disabled={!complete} onClick={search}>
            查询
          </Button>
          <ExportExcelButton
            download={() => exportReport(declaration, filters, `${sort.field},${sort.order}`)}
            disabled={!answer}
          />
        </CardContent>
      </Card>

      {answer && (
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}
          aria-label="合计"
        >
          {totalsShown.map((column) => (
            <Paper key={column.key} variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="body2" color="text.secondary">
                {column.label.replace('（元）', '')}合计
              </Typography>
              <Typography variant="h6" data-total={column.key}>
                {statisticsCell(column.kind, answer.totals[column.key])}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}

      {answer && answer.chart.categories.length > 0 && (
        <Card>
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              {declaration.chart.title}
            </Typography>
            <Suspense fallback={<Box sx={{ height: 300 }} />}>
              <ReportChart
                kind={declaration.chart.kind}
                categories={answer.chart.categories}
                series={answer.chart.series}
              />
            </Suspense>
          </CardContent>
        </Card>
      )}

      <StatisticsTable
        label={declaration.title}
        columns={declaration.columns}
        rows={answer?.content}
        rowKey={(row, index) => `${row.bucket ?? ''}-${row.companyId ?? row.departmentId ?? row.partnerId ?? index}`}
        emptyText="该统计区间没有数据"
        total={answer?.totalElements ?? 0}
        page={page}
        size={size}
        onPage={setPage}
        onSize={setSize}
        dimmed={loading}
        header={(column) =>
          column.sortable ? (
            <TableSortLabel
              active={sort.field === column.key}
              direction={sort.field === column.key ? sort.order : 'desc'}
              onClick={() =>
                setSort((current) => ({
                  field: column.key,
                  order: current.field === column.key && current.order === 'desc' ? 'asc' : 'desc',
                }))
              }
            >
              {column.label}
            </TableSortLabel>
          ) : (
            column.label
          )
        }
      />
    </Box>
  );
}
