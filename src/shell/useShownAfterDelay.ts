import { useEffect, useState } from 'react';

/**
 * The loading feedback of spec §9 waits 150 ms before it shows, so that quick calls do not flicker (and a quick
 * list change renders nothing for it).
 */
export const LOADING_FEEDBACK_DELAY_MS = 150;

/** True once `active` has stayed true for `delayMs`; false as soon as it is not. */
export function useShownAfterDelay(active: boolean, delayMs = LOADING_FEEDBACK_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
