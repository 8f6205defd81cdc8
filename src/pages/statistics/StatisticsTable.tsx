import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { formatMoney } from '../../domain/money';

export interface StatisticsColumn {
  key: string;
  label: string;
  /** money: 1/10000 yuan shown in yuan; count: a number with separators; text and date: as it is. */
  kind: string;
}

type Row = Record<string, unknown>;

export function statisticsCell(kind: string, value: unknown): string {
  if (value === null || value === undefined) return kind === 'money' ? formatMoney(0) : '';
  if (kind === 'money') return formatMoney(Number(value));
  if (kind === 'count') return Number(value).toLocaleString('zh-CN');
  return String(value);
}

/**
 * The table of a statistics page (ReportPage, TaxPage): server-paged rows, numbers right-aligned, the page's
 * empty text, the one pagination footer. `header` draws a column's header (a sort label); plain text otherwise.
 */
export function StatisticsTable<C extends StatisticsColumn>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  total,
  page,
  size,
  onPage,
  onSize,
  header,
  dimmed,
}: {
  label: string;
  columns: readonly C[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string;
  emptyText: string;
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  header?: (column: C) => ReactNode;
  dimmed?: boolean;
}) {
  const align = (column: C) => (column.kind === 'money' || column.kind === 'count' ? 'right' : 'left');
  return (
    <Card>
      <TableContainer sx={{ opacity: dimmed ? 0.6 : 1 }} aria-busy={dimmed ? true : undefined}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={align(column)} sx={{ whiteSpace: 'nowrap' }}>
                  {header ? header(column) : column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((row, index) => (
              <TableRow key={rowKey(row, index)} hover>
                {columns.map((column) => (
                  <TableCell key={column.key} align={align(column)} sx={{ whiteSpace: 'nowrap' }}>
                    {statisticsCell(column.kind, row[column.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 50, 100, 200]}
        onPageChange={(_event, next) => onPage(next)}
        onRowsPerPageChange={(event) => {
          onSize(Number(event.target.value));
          onPage(0);
        }}
      />
    </Card>
  );
}
