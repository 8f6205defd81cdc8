import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { BATCH_FIELD_LABELS } from '../../domain/payoutBatch';
import type { RowError } from './remitApi';

/** How many different rows have a warning. */
export function warnedRowCount(warnings: readonly RowError[]): number {
  return new Set(warnings.map((warning) => warning.rowNo)).size;
}

/**
 * The rows the merchant should check before paying (a bank card failing its check digit): not errors, since a
 * few real cards do not follow the check, so the file is accepted once the merchant confirms (`children`).
 */
export function RemitWarnings({ warnings, children }: { warnings: readonly RowError[]; children?: ReactNode }) {
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} role="region" aria-label="需要核对的数据">
      <AlertTitle>有 {warnedRowCount(warnings)} 行需要核对</AlertTitle>
      这些银行卡号的校验位不符，多半是填错了，打款时会被银行退回；个别银行卡本身不符合校验规则，
      与收款人核对无误后可以继续提交。
      <TableContainer sx={{ maxHeight: 240, mt: 1 }}>
        <Table size="small" aria-label="需要核对的行">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 100 }}>行号</TableCell>
              <TableCell sx={{ width: 120 }}>字段</TableCell>
              <TableCell>提示</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {warnings.map((warning) => (
              <TableRow key={`${warning.rowNo}-${warning.field}`}>
                <TableCell>第 {warning.rowNo} 行</TableCell>
                <TableCell>{BATCH_FIELD_LABELS[warning.field] ?? warning.field}</TableCell>
                <TableCell sx={{ color: 'warning.dark' }}>{warning.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {children}
    </Alert>
  );
}
