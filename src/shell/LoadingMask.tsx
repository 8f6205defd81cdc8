import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { inFlightCount, subscribeInFlight } from '../../providers/inFlight';

/**
 * The loading mask of spec §9: shown while any request is in flight. It waits 150 ms before showing
 * so quick calls do not flicker, and does not block clicks.
 */
export function LoadingMask() {
  const count = useSyncExternalStore(subscribeInFlight, inFlightCount);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (count === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [count]);
  if (!visible) return null;
  return (
    <LinearProgress
      aria-label="加载中"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1, height: 3 }}
    />
  );
}
