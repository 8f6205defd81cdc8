import { useEffect } from 'react';
import { type RaRecord, useListContext } from 'react-admin';

/** How often a page with work still open (a batch being paid) reads its records again. */
export const LIVE_REFRESH_MS = 3000;

/**
 * Inside a list: while any row on the page is still open (`isOpen`), the page is read again every
 * LIVE_REFRESH_MS in the background, so statuses move without a reload; once every row has settled it stops.
 * A read in flight closes the window (open turns false), its end opens the next: each read schedules the next look.
 */
export function RefreshWhileOpen({ isOpen }: { isOpen: (record: RaRecord) => boolean }) {
  const { data, refetch, isFetching } = useListContext();
  const open = !isFetching && (data ?? []).some(isOpen);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void refetch(), LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [open, refetch]);
  return null;
}
