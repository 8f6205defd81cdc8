import { useCallback, useEffect, useState } from 'react';

export interface Load<T> {
  data: T | undefined;
  /** The last attempt's failure (cleared when a retry starts). */
  error: unknown;
  loading: boolean;
  retry: () => void;
}

/**
 * One value a page loads itself: what it got, or why not, and a retry, so the page can tell "failed" from "empty".
 * `load` null waits (nothing to ask yet); `key` names what is asked (a change asks again).
 */
export function useLoad<T>(load: (() => Promise<T>) | null, key: string): Load<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: load !== null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `load`, a new closure every render.
  useEffect(() => {
    if (!load) return;
    let alive = true;
    setState((current) => ({ data: current.data, loading: true }));
    load().then(
      (data) => alive && setState({ data, loading: false }),
      (error: unknown) => alive && setState({ error: error ?? new Error('未知错误'), loading: false }),
    );
    return () => {
      alive = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { data: state.error ? undefined : state.data, error: state.error, loading: state.loading, retry };
}
