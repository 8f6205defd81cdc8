import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import { formatMoney } from '../../domain/money';
import { TREND_DAYS, type TrendDay } from '../../domain/statistics/trend';

// The chart library is its own chunk: the home page paints its cards first and the chart follows.
const ReportChart = lazy(() => import('../statistics/ReportChart').then((module) => ({ default: module.ReportChart })));

const METRICS = ['topupAmount', 'payoutAmount', 'chargeAmount'] as const;
const TOTAL_LABELS: Record<(typeof METRICS)[number], string> = {
  topupAmount: '充值',
  payoutAmount: '打款',
  chargeAmount: '服务费',
};

/**
 * 近30天趋势 on both home pages: the day's top-ups, payouts and service charges of what the user may see (its
 * company, or its scope on the platform), with the 30 days' totals above the chart. A role that may not read
 * the platform figures gets a refusal from the server, and the card is not shown.
 */
export function TrendCard({ platformMark }: { platformMark?: number }) {
  const [days, setDays] = useState<TrendDay[] | null>(null);

  useEffect(() => {
    requestContent<TrendDay[]>('/api/v1/home/trend', {
      query: platformMark ? { platformmark: platformMark } : undefined,
      silent: true,
      background: true,
    }).then(setDays, () => setDays(null));
  }, [platformMark]);

  if (!days) return null;
  const totals = METRICS.map((key) => ({ key, sum: days.reduce((acc, day) => acc + day[key], 0) }));
  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby="home-trend-title">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="home-trend-title">
          近{TREND_DAYS}天趋势
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 1 }}>
          {totals.map(({ key, sum }) => (
            <Typography key={key} variant="body2" color="text.secondary">
              {TOTAL_LABELS[key]}合计 <strong>{formatMoney(sum)}</strong> 元
            </Typography>
          ))}
        </Box>
        <Suspense fallback={<Box sx={{ height: 300 }} />}>
          <ReportChart
            kind="line"
            categories={days.map((day) => day.day)}
            series={METRICS.map((key) => ({ key, data: days.map((day) => day[key]) }))}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}
