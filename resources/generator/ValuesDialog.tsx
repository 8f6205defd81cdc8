import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Button } from 'react-admin';
import { cellAlign, cellText } from '../cellText';
import type { ValuesResult } from '../types';
import { valuesShape } from './valuesShape';

/** A read call's answer (ValuesResult), read-only: one record as label / value pairs, a list as a table. */
export function ValuesDialog({
  result,
  title,
  content,
  onClose,
}: {
  result: ValuesResult;
  title: string;
  content: unknown;
  onClose: () => void;
}) {
  const shape = valuesShape(result, content);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={'rows' in shape ? 'md' : 'sm'}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {'rows' in shape ? (
          shape.rows.length === 0 ? (
            <Typography color="text.secondary">{result.empty ?? '暂无数据'}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  {result.fields.map((field) => (
                    <TableCell key={field.source} align={cellAlign(field)}>
                      {field.label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shape.rows.map((row, index) => (
                  <TableRow key={String(row.id ?? index)}>
                    {result.fields.map((field) => (
                      <TableCell key={field.source} align={cellAlign(field)}>
                        {cellText(field, row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        ) : (
          <Table size="small">
            <TableBody>
              {result.fields.map((field) => (
                <TableRow key={field.source}>
                  <TableCell component="th" scope="row" sx={{ width: '40%', color: 'text.secondary' }}>
                    {field.label}
                  </TableCell>
                  <TableCell>{cellText(field, shape.record) || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="关闭" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
