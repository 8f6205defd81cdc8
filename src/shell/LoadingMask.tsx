import LinearProgress from '@mui/material/LinearProgress';
import { useSyncExternalStore } from 'react';
import { inFlightCount, subscribeInFlight } from '../../providers/inFlight';
import { useShownAfterDelay } from './useShownAfterDelay';

/**
 * The loading mask of spec §9: shown while any request is in flight. It waits 150 ms before showing
 * so quick calls do not flicker, and does not block clicks.
 */
export function LoadingMask() {
  const count = useSyncExternalStore(subscribeInFlight, inFlightCount);
  if (!useShownAfterDelay(count > 0)) return null;
  return (
    <LinearProgress
      aria-label="加载中"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1, height: 3 }}
    />
  );
}
