import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../domain/money';
import type { EligibleBatch } from './invoiceApi';

interface Props {
  rows: readonly EligibleBatch[] | null;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  selected: ReadonlyMap<number, EligibleBatch>;
  onChange: (next: Map<number, EligibleBatch>) => void;
}

/** The batches the company may invoice, with check boxes; the choice survives paging. */
export function BatchPicker({ rows, total, page, pageSize, onPage, selected, onChange }: Props) {
  if (rows === null) return <Typography sx={{ p: 2 }}>加载中…</Typography>;
  if (total === 0) {
    return (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
        暂无可开票的打款批次
      </Typography>
    );
  }
  const chosenOnPage = rows.filter((row) => selected.has(row.id)).length;
  const toggle = (row: EligibleBatch, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(row.id, row);
    else next.delete(row.id);
    onChange(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    onChange(next);
  };
  return (
    <>
      <Table size="small" aria-label="可开票批次">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                indeterminate={chosenOnPage > 0 && chosenOnPage < rows.length}
                checked={rows.length > 0 && chosenOnPage === rows.length}
                onChange={(event) => toggleAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': '全选本页批次' } }}
              />
            </TableCell>
            <TableCell>批次号</TableCell>
            <TableCell>打款时间</TableCell>
            <TableCell align="right">成功笔数</TableCell>
            <TableCell align="right">成功打款金额（元）</TableCell>
            <TableCell align="right">服务费（元）</TableCell>
            <TableCell align="right">可开票金额（元）</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover selected={selected.has(row.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(row.id)}
                  onChange={(event) => toggle(row, event.target.checked)}
                  slotProps={{ input: { 'aria-label': `选择批次 ${row.batchNo}` } }}
                />
              </TableCell>
              <TableCell>{row.batchNo}</TableCell>
              <TableCell>{row.createTime}</TableCell>
              <TableCell align="right">
                {row.successCount}/{row.itemCount}
              </TableCell>
              <TableCell align="right">{formatMoney(row.successAmount)}</TableCell>
              <TableCell align="right">{formatMoney(row.successCharge)}</TableCell>
              <TableCell align="right">{formatMoney(row.invoiceable)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > pageSize && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[pageSize]}
          onPageChange={(_, next) => onPage(next)}
        />
      )}
    </>
  );
}
