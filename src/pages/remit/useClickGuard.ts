import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '../../domain/session';

/**
 * The spec's double-click guard (§9, 3000 ms): after a guarded click, further clicks are ignored — and the
 * button shows disabled — until the time is up. The ref blocks a second click even before React re-renders.
 */
export function useClickGuard(ms: number = TIMING.doubleClickGuardMs) {
  const until = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const guard = useCallback(
    (action: () => void) => () => {
      const now = Date.now();
      if (now < until.current) return;
      until.current = now + ms;
      setBlocked(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setBlocked(false), ms);
      action();
    },
    [ms],
  );
  return { blocked, guard };
}
