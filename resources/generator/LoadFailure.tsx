import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';

/** Why a load failed, in the words the request layer gave (网络连接失败…, 服务器500…, the server's refusal). */
export function loadFailureReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '未知错误';
}

/**
 * A load that failed: 加载失败：<原因> and 重试. Shown instead of what the data would fill, so a failure never reads
 * as 暂无数据, a dash, or the count of a page that is no longer current.
 */
export function LoadFailure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert
      severity="error"
      sx={{ m: 1 }}
      action={
        <Button color="inherit" size="small" disabled={retrying} onClick={onRetry}>
          重试
        </Button>
      }
    >
      加载失败：{loadFailureReason(error)}
    </Alert>
  );
}

/**
 * A list's rows, or LoadFailure while the list's last load failed (useListContext's error); `quiet` shows nothing
 * instead (the footer: no 共 N 条 of a page that did not load).
 */
export function ListLoadGuard({ children, quiet }: { children: ReactNode; quiet?: boolean }) {
  const { error, refetch, isFetching } = useListContext();
  if (error && quiet) return null;
  if (error) return <LoadFailure error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  return <>{children}</>;
}
