// The runs are the generated list (resources/bank.ts); hand-built here is only the detail panel a day's row
// expands into (that day's matched and unmatched lines, paged inside the row), which the generator cannot nest.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { DayField } from '../../../resources/generator/DateFields';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { BANK_DIRECTION, RECON_RESULT, RECON_SOURCES, reconSourceLabel } from '../../domain/finance';
import { formatMoney } from '../../domain/money';
import { encodeQ } from '../../domain/query';
import { act, chinaYesterday } from './financeApi';

interface Item {
  id: number;
  source: string;
  result: number;
  direction: number;
  reference: string;
  companyName: string | null;
  bankAmount: number;
  ledgerAmount: number;
  note: string | null;
}

const nameOf = (choices: readonly { id: number; name: string }[], id: number) =>
  choices.find((choice) => choice.id === id)?.name ?? '';

/**
 * The lines of one day (the latest run of that day), from the bank's statement and the payout channel's bill:
 * matched, only on their side, only in ours, amount or state differing.
 */
function DayItems() {
  const record = useRecordContext();
  const day = String(record?.day ?? '');
  const [result, setResult] = useState<number | ''>('');
  const [source, setSource] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [data, setData] = useState<{ content: Item[]; totalElements: number }>({ content: [], totalElements: 0 });
  const filterQ = encodeQ({ result, source });
  useEffect(() => {
    if (!day) return;
    requestContent<{ content: Item[]; totalElements: number }>('/api/v1/reconciliation/items', {
      query: { day, page, size, ...(filterQ ? { q: filterQ } : {}) },
      background: true,
    })
      .then(setData)
      .catch(() => setData({ content: [], totalElements: 0 }));
  }, [day, filterQ, page, size]);
  return (
    <Box sx={{ p: 2, bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">{day} 对账明细（以该日最近一次对账为准）</Typography>
        <TextField
          select
          size="small"
          label="对账结果"
          value={result}
          onChange={(event) => {
            setResult(event.target.value === '' ? '' : Number(event.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">全部</MenuItem>
          {RECON_RESULT.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="来源"
          value={source}
          onChange={(event) => {
            setSource(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">全部</MenuItem>
          {RECON_SOURCES.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Table size="small" aria-label={`${day} 对账明细`}>
        <TableHead>
          <TableRow>
            <TableCell>结果</TableCell>
            <TableCell>来源</TableCell>
            <TableCell>方向</TableCell>
            <TableCell>流水号 / 批次号 / 明细</TableCell>
            <TableCell>企业</TableCell>
            <TableCell align="right">银行或通道金额（元）</TableCell>
            <TableCell align="right">账本金额（元）</TableCell>
            <TableCell>说明</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.content.map((item) => (
            <TableRow key={item.id}>
              <TableCell sx={{ color: item.result === 1 ? 'success.main' : 'error.main' }}>
                {nameOf(RECON_RESULT, item.result)}
              </TableCell>
              <TableCell>{reconSourceLabel(item.source)}</TableCell>
              <TableCell>{nameOf(BANK_DIRECTION, item.direction)}</TableCell>
              <TableCell>{item.reference}</TableCell>
              <TableCell>{item.companyName ?? '—'}</TableCell>
              <TableCell align="right">{formatMoney(item.bankAmount)}</TableCell>
              <TableCell align="right">{formatMoney(item.ledgerAmount)}</TableCell>
              <TableCell>{item.note}</TableCell>
            </TableRow>
          ))}
          {data.content.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} align="center">
                当日没有流水
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.totalElements}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 50, 100]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="每页"
      />
    </Box>
  );
}

/**
 * 资金对账: run a day now, and every run (the daily job's at 01:30 for the day before, manual ones); a row opens
 * the day's lines.
 */
export function ReconciliationList({ declaration }: { declaration: ResourceDeclaration }) {
  const refresh = useRefresh();
  const [day, setDay] = useState(chinaYesterday());
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await act('/api/v1/reconciliation/run', { method: 'POST', json: { day } });
      refresh();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            银行流水与账本对账
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            系统每天 01:30
            自动核对前一日：子账户来账对应充值，批次打款与服务费对应银行付款；平台收款账户中无法对应充值的来账会列入「无法归属资金」。
            也可以选择日期立即对账，同一日期重复对账以最近一次为准。点击一行查看当日明细。
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <DayField label="对账日期" value={day} onChange={setDay} />
            <Button variant="contained" disabled={busy || !day} onClick={() => void run()}>
              立即对账
            </Button>
          </Box>
        </CardContent>
      </Card>
      <GeneratedList declaration={declaration} rowClick="expand" expand={<DayItems />} />
    </Box>
  );
}
