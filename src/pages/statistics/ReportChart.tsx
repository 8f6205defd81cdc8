import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { formatMoney } from '../../domain/money';
import { type ChartKind, METRIC_LABELS } from '../../domain/statistics/reports';
import { compactYuan, evenTicks, shortDateLabels } from './chartLabels';

/** The chart of a report (@mui/x-charts, its own chunk: only the statistics pages load it). Values in yuan. */
export interface ReportChartProps {
  kind: ChartKind;
  categories: string[];
  series: { key: string; data: number[] }[];
}

const yuan = (units: number) => units / 10_000;
const money = (value: number | null) => (value === null ? '' : `${formatMoney(Math.round(value * 10_000))} 元`);

export function ReportChart({ kind, categories, series }: ReportChartProps) {
  if (categories.length === 0) return null;
  if (kind === 'pie') {
    const data = categories.map((label, index) => ({ id: index, label, value: yuan(series[0]?.data[index] ?? 0) }));
    return (
      <PieChart
        height={300}
        series={[
          {
            data,
            innerRadius: 50,
            valueFormatter: (item) => money(item.value),
            highlightScope: { fade: 'global', highlight: 'item' },
          },
        ]}
      />
    );
  }
  const chartSeries = series.map((item) => ({
    data: item.data.map(yuan),
    label: METRIC_LABELS[item.key] ?? item.key,
    valueFormatter: money,
  }));
  // The money axis carries its own even ticks and ends on one, so no label is dropped for lack of room.
  const { min, max, ticks } = evenTicks(chartSeries.flatMap((item) => item.data));
  const evenScale = { min, max, tickInterval: ticks, valueFormatter: (value: number) => compactYuan(value) };
  const moneyAxis = { ...evenScale, width: 64 };
  if (kind === 'line') {
    const short = shortDateLabels(categories);
    return (
      <LineChart
        height={300}
        xAxis={[
          {
            scaleType: 'point',
            data: categories,
            // The tooltip names the whole date; the tick only what tells the points apart.
            valueFormatter: (value: string, context) => (context.location === 'tick' ? short(value) : value),
            tickLabelMinGap: 8,
          },
        ]}
        yAxis={[moneyAxis]}
        series={chartSeries.map((item) => ({ ...item, showMark: categories.length <= 31 }))}
      />
    );
  }
  return (
    <BarChart
      height={320}
      layout="horizontal"
      xAxis={[{ ...evenScale, tickLabelMinGap: 8 }]}
      yAxis={[{ scaleType: 'band', data: categories, width: 180, tickLabelStyle: { fontSize: 11 } }]}
      series={chartSeries}
    />
  );
}
