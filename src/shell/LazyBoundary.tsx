import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode, Suspense, useEffect, useState } from 'react';
import { PageLoading } from './PageLoading';

/** Spec §8: a page's code that has not arrived after 120 s is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export const LOAD_ERROR_MESSAGE = '页面加载失败，可能是网络不稳定或系统刚刚更新，请重新加载页面。';

/** The load error with a reload button (a new deployment's chunks come with the reload). */
export function LoadError({ detail }: { detail?: string }) {
  return (
    <Box role="alert" sx={{ display: 'grid', justifyItems: 'center', gap: 2, py: 8, px: 2, textAlign: 'center' }}>
      <Typography variant="h6">{LOAD_ERROR_MESSAGE}</Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
      <Button variant="contained" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </Box>
  );
}

/**
 * Since when each page (by path) has waited for its code. The indicator may unmount and mount again while it
 * waits (a permission check re-renders the route), so the wait is counted from the first time, not per mount;
 * it ends when the page's code has arrived (Loaded).
 */
const waitingSince = new Map<string, number>();

/** The loading indicator, replaced by the load error once the page's code is `timeoutMs` late. */
function ChunkWait({ timeoutMs }: { timeoutMs: number }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const key = window.location.pathname;
    const since = waitingSince.get(key) ?? Date.now();
    waitingSince.set(key, since);
    const timer = setTimeout(() => setLate(true), Math.max(0, since + timeoutMs - Date.now()));
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return late ? <LoadError detail="页面代码超过 120 秒仍未加载完成。" /> : <PageLoading />;
}

/** Rendered beside the page once its code is there: the wait is over. */
function Loaded() {
  useEffect(() => {
    waitingSince.delete(window.location.pathname);
  }, []);
  return null;
}

interface BoundaryState {
  failed: boolean;
}

/** Catches a lazy page whose code failed to load (or that failed while rendering) and shows the load error. */
class LoadErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <LoadError /> : this.props.children;
  }
}

/** Every lazily loaded page goes inside this: loading, then the page, or the load error with 重新加载. */
export function LazyBoundary({ children, timeoutMs = CHUNK_TIMEOUT_MS }: { children: ReactNode; timeoutMs?: number }) {
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<ChunkWait timeoutMs={timeoutMs} />}>
        <Loaded />
        {children}
      </Suspense>
    </LoadErrorBoundary>
  );
}
