import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { toCsv } from '../../../resources/generator/exportCsv';
import { batchItems } from '../../../resources/payoutBatches';
import type { FieldDeclaration } from '../../../resources/types';
import { choiceName } from '../../domain/enums';
import { formatMoney } from '../../domain/money';
import { ITEM_STATUS } from '../../domain/moneyEnums';
import { downloadReceipt, fetchAllItems, fetchItems, type PayoutBatch, type PayoutItem } from './recordsApi';

const PAGE_SIZES = [10, 50, 100, 200];
const STATUS_FILTER = batchItems.filters.find((filter) => filter.key === 'status');

function cell(field: FieldDeclaration, item: PayoutItem): string {
  const value = item[field.source];
  if (value === null || value === undefined || value === '') return field.type === 'money' ? '0.00' : '';
  if (field.type === 'money') return formatMoney(value as number);
  if (field.type === 'enum' && field.choices) return choiceName(field.choices, value);
  return String(value);
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The items of one batch: paged on the server, filtered by status and name (kept in the URL), exported in
 * full as CSV. National ids and cards arrive masked. `version` changes when the batch should be read again.
 */
export function BatchItems({ batch, version }: { batch: PayoutBatch; version: number }) {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const name = params.get('name') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : PAGE_SIZES[0];
  const [nameInput, setNameInput] = useState(name);
  const [result, setResult] = useState<{ rows: PayoutItem[]; total: number } | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [fetchingReceipt, setFetchingReceipt] = useState<number | null>(null);

  const receipt = async (item: PayoutItem) => {
    setFetchingReceipt(item.id);
    try {
      await downloadReceipt(item.id);
    } catch (failure) {
      notify((failure as Error).message || '回单下载失败，请稍后再试', { type: 'error' });
    } finally {
      setFetchingReceipt(null);
    }
  };

  const setParam = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  // The name filter waits for typing to pause, like the lists' filters.
  useEffect(() => {
    if (nameInput === name) return;
    const timer = setTimeout(() => setParam({ name: nameInput.trim(), page: null }), 500);
    return () => clearTimeout(timer);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a new read while the batch is being paid
  useEffect(() => {
    let cancelled = false;
    fetchItems(batch.id, { page, size, status, name }).then(
      (answer) => !cancelled && setResult({ rows: answer.content, total: answer.totalElements }),
      (failure: Error) => !cancelled && notify(failure.message || '打款明细加载失败', { type: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [batch.id, page, size, status, name, version, notify]);

  const exportAll = async () => {
    setExporting('导出中…');
    try {
      const rows = await fetchAllItems(batch.id, { status, name }, (done, total) =>
        setExporting(`导出中 ${done}/${total}`),
      );
      download(`打款明细-${batch.batchNo}.csv`, toCsv(batchItems.fields, rows));
      notify(`已导出 ${rows.length} 条打款明细`, { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message || '导出失败，请稍后再试', { type: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Card>
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mr: 'auto' }}>
          打款明细
        </Typography>
        <TextField
          select
          size="small"
          label="状态"
          value={status}
          onChange={(event) => setParam({ status: event.target.value, page: null })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">全部</MenuItem>
          {(STATUS_FILTER?.choices ?? ITEM_STATUS).map((choice) => (
            <MenuItem key={choice.id} value={String(choice.id)}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label="姓名" value={nameInput} onChange={(event) => setNameInput(event.target.value)} />
        <Button label={exporting ?? '导出明细'} disabled={exporting !== null || !result?.total} onClick={exportAll}>
          <DownloadIcon />
        </Button>
      </Toolbar>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="打款明细">
          <TableHead>
            <TableRow>
              {batchItems.fields.map((field) => (
                <TableCell key={field.source} align={field.type === 'money' ? 'right' : 'left'}>
                  {field.label}
                </TableCell>
              ))}
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.rows.map((item) => (
              <TableRow key={item.id} hover>
                {batchItems.fields.map((field) => (
                  <TableCell key={field.source} align={field.type === 'money' ? 'right' : 'left'}>
                    {cell(field, item)}
                  </TableCell>
                ))}
                <TableCell>
                  {/* 成功 and 退汇 were paid: the channel has (or is preparing) their receipt. */}
                  {item.hasReceipt === true && (
                    <Button
                      label={fetchingReceipt === item.id ? '下载中…' : '下载回单'}
                      disabled={fetchingReceipt !== null}
                      onClick={() => receipt(item)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            {result && result.rows.length === 0 && (
              <TableRow>
                <TableCell
                  colSpan={batchItems.fields.length + 1}
                  align="center"
                  sx={{ color: 'text.secondary', py: 4 }}
                >
                  没有符合条件的打款明细
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={result?.total ?? 0}
        page={result ? Math.min(page, Math.max(0, Math.ceil(result.total / size) - 1)) : 0}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setParam({ page: next || null })}
        onRowsPerPageChange={(event) => setParam({ size: event.target.value, page: null })}
      />
    </Card>
  );
}
