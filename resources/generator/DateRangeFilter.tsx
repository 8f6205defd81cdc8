import Box from '@mui/material/Box';
import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { ListContext } from 'react-admin';
import { ListPendingContext } from './FilterBar';

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
  // The pickers' own box (two small pickers, 至, four quick ranges; 4 px below): the filter bar wraps the same way
  // before and after they come, so the list below does not move (/adMerchant's CLS was 0.1).
  const placeholder = <Box sx={{ width: 575, height: 48, mb: 0.5 }} />;
  // On a cold page the pickers' code (MUI X, some 45 KB gzip) took 300-400 ms of the main thread before the
  // list's first rows; it loads once the list has its first page. Even loaded, mounting the two pickers costs
  // 20-30 ms: they come in the render after the one that shows the rows (also when a list is visited again).
  // Once there, they stay.
  // Inside a list's FilterBar the list's own context holds only its filters; the bar says whether it is loading.
  const barPending = useContext(ListPendingContext);
  const listContext = useContext(ListContext);
  const listPending = (barPending ?? listContext?.isPending) === true;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!listPending) setReady(true);
  }, [listPending]);
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateRangePickers source={source} endSource={endSource} label={label} />
    </Suspense>
  );
}
