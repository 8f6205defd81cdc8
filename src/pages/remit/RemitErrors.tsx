import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { BATCH_FIELD_LABELS } from '../../domain/payoutBatch';
import type { RowErrors } from './remitApi';

const PAGE_SIZES = [20, 50, 100];

/** Every problem of a refused file, a page at a time (a 10 000-row file may have tens of thousands). */
export function RemitErrors({
  message,
  result,
  labels = BATCH_FIELD_LABELS,
}: {
  message: string;
  result: RowErrors;
  /** Field → 字段 column label (another sheet, e.g. the worker import, passes its own). */
  labels?: Readonly<Record<string, string>>;
}) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]);
  const shown = result.errors.slice(page * size, page * size + size);
  return (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>{message}</AlertTitle>共 {result.rowCount} 行数据，其中 {result.badRowCount} 行有误（
        {result.errors.length} 处）。整个文件未被接受， 请按下表修改后重新上传。
      </Alert>
      <Table size="small" aria-label="错误数据">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 100 }}>行号</TableCell>
            <TableCell sx={{ width: 140 }}>字段</TableCell>
            <TableCell>原因</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((error) => (
            <TableRow key={`${error.rowNo}-${error.field}-${error.message}`}>
              <TableCell>第 {error.rowNo} 行</TableCell>
              <TableCell>{labels[error.field] ?? error.field}</TableCell>
              <TableCell sx={{ color: 'error.main' }}>{error.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {result.errors.length > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={result.errors.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
