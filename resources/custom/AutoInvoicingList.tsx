import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type RaRecord, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { request } from '../../providers/httpClient';
import { AUTO_INVOICE_MODE, AUTO_INVOICE_RUN_STATUS, MONTH_DAY_MAX } from '../../src/domain/autoInvoicing';
import { formatMoney } from '../../src/domain/money';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

interface Category {
  id: number;
  name: string;
}

interface Run {
  id: number;
  runKey: string;
  status: number;
  batchCount: number;
  total: number;
  message: string | null;
  createTime: string;
  applyNo: string | null;
}

function SettingDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [categories, setCategories] = useState<Category[]>([]);
  const [enabled, setEnabled] = useState(record.enabled === 1);
  const [mode, setMode] = useState<number>(Number(record.mode ?? 1));
  const [monthDay, setMonthDay] = useState<number>(Number(record.monthDay ?? 1));
  const [categoryId, setCategoryId] = useState<number | ''>(record.categoryId ? Number(record.categoryId) : '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    request<{ content: Category[] }>('/api/v1/invoicecategories/platform/3/search', {
      query: { page: 0, size: 200 },
      q: { status: 1 },
      silent: true,
    })
      .then((answer) => setCategories(answer.content?.content ?? []))
      .catch(() => setError('开票类目加载失败'));
  }, []);

  const save = async () => {
    const answer = await request(`/api/v1/autoinvoicing/${record.id}`, {
      method: 'PUT',
      json: { enabled: enabled ? 1 : 0, mode, monthDay: mode === 2 ? monthDay : null, categoryId },
      silent: true,
    });
    if (answer.code !== 1020000) {
      setError(answer.message);
      return;
    }
    notify('保存成功', { type: 'success' });
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="auto-invoice-title" fullWidth maxWidth="xs">
      <DialogTitle id="auto-invoice-title">自动开票设置：{String(record.name)}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error && <Alert severity="error">{error}</Alert>}
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
          label="开启自动开票"
        />
        <TextField select label="开票时机" value={mode} onChange={(event) => setMode(Number(event.target.value))}>
          {AUTO_INVOICE_MODE.map((choice) => (
            <MenuItem key={choice.id} value={choice.id}>
              {choice.name}
            </MenuItem>
          ))}
        </TextField>
        {mode === 2 && (
          <TextField
            select
            label="每月日期"
            value={monthDay}
            onChange={(event) => setMonthDay(Number(event.target.value))}
          >
            {Array.from({ length: MONTH_DAY_MAX }, (_, index) => index + 1).map((day) => (
              <MenuItem key={day} value={day}>
                每月{day}日
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label="默认开票类目"
          value={categoryId}
          onChange={(event) => setCategoryId(Number(event.target.value))}
        >
          {categories.map((category) => (
            <MenuItem key={category.id} value={category.id}>
              {category.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          自动开票以电子发票申请，发票信息取自企业资料。开启后，只处理此后完成的批次；按月开票时，到每月所选日期处理当时所有可开票批次。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SettingButton({ record }: { record: RaRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button size="small" onClick={() => setOpen(true)}>
        设置
      </Button>
      {open && <SettingDialog record={record} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** The job's runs for the company, under its row. */
function Runs() {
  const record = useRecordContext();
  const [runs, setRuns] = useState<Run[] | null>(null);
  useEffect(() => {
    if (!record) return;
    request<Run[]>(`/api/v1/autoinvoicing/${record.id}/runs`, { silent: true })
      .then((answer) => setRuns(answer.code === 1020000 ? answer.content : []))
      .catch(() => setRuns([]));
  }, [record]);
  if (!runs) return <Typography sx={{ p: 2 }}>加载中…</Typography>;
  if (runs.length === 0) return <Typography sx={{ p: 2 }}>还没有自动开票记录。</Typography>;
  return (
    <Table size="small" aria-label="自动开票记录">
      <TableHead>
        <TableRow>
          <TableCell>执行时间</TableCell>
          <TableCell>依据</TableCell>
          <TableCell>结果</TableCell>
          <TableCell>申请编号</TableCell>
          <TableCell align="right">批次数</TableCell>
          <TableCell align="right">价税合计（元）</TableCell>
          <TableCell>说明</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id}>
            <TableCell>{run.createTime}</TableCell>
            <TableCell>
              {run.runKey.startsWith('batch:') ? `批次 ${run.runKey.slice(6)}` : `${run.runKey.slice(6)} 月度`}
            </TableCell>
            <TableCell>{AUTO_INVOICE_RUN_STATUS.find((choice) => choice.id === run.status)?.name}</TableCell>
            <TableCell>{run.applyNo ?? '—'}</TableCell>
            <TableCell align="right">{run.batchCount}</TableCell>
            <TableCell align="right">{formatMoney(run.total)}</TableCell>
            <TableCell>{run.message ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /adSmallAutomaticInvoicingSetting: the companies with 设置 per row, runs under each row, and 立即执行. */
export function AutoInvoicingList({ declaration }: { declaration: ResourceDeclaration }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const runNow = async () => {
    setBusy(true);
    try {
      const answer = await request('/api/v1/autoinvoicing/run', { method: 'POST', json: {}, silent: true });
      notify(answer.message, { type: answer.code === 1020000 ? 'success' : 'error' });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, pt: 2 }}>
        <Button variant="outlined" disabled={busy} onClick={runNow}>
          {busy ? '正在执行…' : '立即执行自动开票'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          自动开票任务每分钟执行一次；同一批次或同一月份只会申请一次。
        </Typography>
      </Box>
      <GeneratedList
        declaration={declaration}
        rowClick="expand"
        expand={<Runs />}
        renderActions={(record) => <SettingButton record={record} />}
      />
    </Box>
  );
}
