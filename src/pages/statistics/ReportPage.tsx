import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { DateRangeFields, DayField, MonthField } from '../../../resources/generator/DateFields';
import { chinaToday } from '../../domain/chinaTime';
import { findReport, METRICS, type ReportDeclaration, reportEditions } from '../../domain/statistics/reports';
import { validateDateRangeInput } from '../../domain/validation';
import { urlValue, useUrlState } from '../../shell/useUrlState';
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

/** Everything the view shows, as the address keeps it: the applied filters, the page, its size and the sort. */
type ReportView = ReportFilters & { page: string; size: string; sort: string };

export const REPORT_PAGE_SIZES = ['10', '50', '100', '200'] as const;

function viewRules(declaration: ReportDeclaration) {
  const sortable = declaration.columns.filter((column) => column.sortable).map((column) => column.key);
  const rules: Record<keyof ReportView, (value: string) => boolean> = {
    platformmark: urlValue.oneOf(reportEditions(declaration).map(String)),
    period: urlValue.oneOf(['day', 'month', 'range']),
    day: urlValue.day,
    month: urlValue.month,
    from: urlValue.day,
    to: urlValue.day,
    coname: urlValue.text,
    departmentId: urlValue.id,
    partnerId: urlValue.id,
    page: urlValue.pageNumber,
    size: urlValue.oneOf(REPORT_PAGE_SIZES),
    sort: (value) => {
      const [field, order] = value.split(',');
      return sortable.includes(field) && (order === 'asc' || order === 'desc');
    },
  };
  return (key: keyof ReportView, value: string) => rules[key](value);
}

export function ReportPage() {
  const { pathname } = useLocation();
  const declaration = findReport(pathname);
  if (!declaration) return null;
  return <Report key={declaration.route} declaration={declaration} />;
}

function Report({ declaration }: { declaration: ReportDeclaration }) {
  const [view, setView] = useUrlState<ReportView>(
    { ...initialFilters(declaration), page: '0', size: '10', sort: `${declaration.defaultSort},desc` },
    viewRules(declaration),
  );
  const { page: pageText, size: sizeText, sort: sortText, ...applied } = view;
  const page = Number(pageText);
  const size = Number(sizeText);
  const [sortField, sortOrder] = sortText.split(',') as [string, 'asc' | 'desc'];
  const sort = useMemo(() => ({ field: sortField, order: sortOrder }), [sortField, sortOrder]);
  // Read through its text, so a render that reads the same address keeps the same filters (and fetches nothing).
  const appliedText = JSON.stringify(applied);
  // A range typed into the address that the pickers would refuse (it ends before it starts) reads as the default.
  const filters = useMemo<ReportFilters>(() => {
    const read = JSON.parse(appliedText) as ReportFilters;
    return periodComplete(read) ? read : initialFilters(declaration);
  }, [appliedText, declaration]);
  const [draft, setDraft] = useState<ReportFilters>(filters);
  const setPage = (next: number) => setView({ page: String(next) });
  const setSize = (next: number) => setView({ size: String(next), page: '0' });
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

  const load = useCallback(() => {
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
  useEffect(load, [load]);

  const set = (patch: Partial<ReportFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const complete = periodComplete(draft);
  const search = () => {
    if (!complete) return;
    // 查询 on the view already shown reads it again (the address does not change, so nothing else would).
    if (page === 0 && JSON.stringify(draft) === JSON.stringify(filters)) load();
    else setView({ ...draft, page: '0' });
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
                setView({
                  sort: `${column.key},${sort.field === column.key && sort.order === 'desc' ? 'asc' : 'desc'}`,
                  page: '0',
                })
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
