import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { buildUrl } from '../../providers/httpClient';
import { listRequest } from '../../providers/listRequest';
import { requestHeaders } from '../../providers/requestHeaders';
import { chinaToday } from '../../src/domain/chinaTime';
import type { ResourceDeclaration } from '../types';

type Format = 'xlsx' | 'csv';

/** The file name the server chose (Content-Disposition filename*), else the page's label and today's date. */
function fileNameOf(response: Response, declaration: ResourceDeclaration, format: Format): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const day = chinaToday();
  return `${declaration.label}-${day}.${format}`;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string };
    if (body.message) return body.message;
  } catch {
    // Not an envelope: the status says it.
  }
  return response.status === 403 ? '无权限导出' : `导出失败（${response.status}）`;
}

/**
 * Exports every row of the list with its current filters and sort, streamed by the server
 * (GET /api/v1/exports/:name, server/engine/listExport.ts): Excel (.xlsx, numbers and dates typed) or CSV.
 */
export async function exportList(
  declaration: ResourceDeclaration,
  format: Format,
  filter: Record<string, unknown>,
  sort: { field: string; order: string } | undefined,
): Promise<void> {
  const { query, q } = listRequest(declaration.api, { filter, sort, pagination: { page: 1, perPage: 1 } });
  const { page: _page, size: _size, ...rest } = query;
  const url = buildUrl(`/api/v1/exports/${declaration.name}`, { format, ...rest }, q);
  const response = await fetch(url, { headers: requestHeaders() });
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('application/json')) {
    throw new Error(await errorMessage(response));
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response, declaration, format);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** 导出 Excel and 导出 CSV for every generated list: all filtered rows, not just the page shown. */
export function ExportAllButton({ declaration }: { declaration: ResourceDeclaration }) {
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState<Format | null>(null);
  const run = async (format: Format) => {
    setBusy(format);
    try {
      await exportList(declaration, format, filterValues, sort);
      notify(`已导出 ${total} 条${declaration.label}`, { type: 'success' });
    } catch (error) {
      notify((error as Error).message || '导出失败，请稍后再试', { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        label={busy === 'xlsx' ? '导出中…' : '导出 Excel'}
        disabled={busy !== null || !total}
        onClick={() => run('xlsx')}
      >
        <DownloadIcon />
      </Button>
      <Button
        label={busy === 'csv' ? '导出中…' : '导出 CSV'}
        disabled={busy !== null || !total}
        onClick={() => run('csv')}
      >
        <DownloadIcon />
      </Button>
    </>
  );
}
