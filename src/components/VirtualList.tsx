import Box from '@mui/material/Box';
import { type ReactNode, useState } from 'react';

interface Props<T> {
  items: readonly T[];
  /** Every row has this height (px): what lets the list render only the visible rows. */
  rowHeight: number;
  /** Height of the scrolling viewport (px). */
  height: number;
  /** Rows rendered beyond each edge of the viewport, so fast scrolling shows no gap. */
  overscan?: number;
  renderRow: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => string | number;
  'aria-label'?: string;
}

/** The rows of [start, end) to render for a scroll position; pure so it can be tested alone. */
export function visibleRange(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
): { start: number; end: number } {
  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan);
  return { start, end };
}

/** A fixed-row-height virtual list: 10 000 rows cost as much as the few that fit in the viewport. */
export function VirtualList<T>({ items, rowHeight, height, overscan = 5, renderRow, getKey, ...rest }: Props<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = Math.min(height, items.length * rowHeight);
  const { start, end } = visibleRange(scrollTop, viewport, rowHeight, items.length, overscan);
  return (
    <Box
      role="list"
      aria-label={rest['aria-label']}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{ height: viewport, overflowY: 'auto', position: 'relative' }}
    >
      <Box sx={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(start, end).map((item, offset) => (
          <Box
            key={getKey(item, start + offset)}
            role="listitem"
            sx={{ position: 'absolute', top: (start + offset) * rowHeight, left: 0, right: 0, height: rowHeight }}
          >
            {renderRow(item, start + offset)}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
