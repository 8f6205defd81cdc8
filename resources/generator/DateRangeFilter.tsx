import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';

// The pickers (MUI X, dayjs, zh-cn) load only with a list that has a date-range filter.
const DateRangePickers = lazy(() => import('./DateRangePickers'));

export interface DateRangeFilterProps {
  /** The q= start key (also the filter's name in react-admin's filter form). */
  source: string;
  /** The q= end key. */
  endSource: string;
  label: string;
  alwaysOn?: boolean;
}

/** A date-range filter: start and end pickers with quick ranges; it filters only once the range is whole. */
export function DateRangeFilter({ source, endSource, label }: DateRangeFilterProps) {
  return (
    <Suspense fallback={<Box sx={{ width: 336, height: 40 }} />}>
      <DateRangePickers source={source} endSource={endSource} label={label} />
    </Suspense>
  );
}
