import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { formatMoney } from '../../domain/money';
import { CompanyPicker } from './CompanyPicker';
import { act, type CompanyOption } from './financeApi';

function AttributeDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const refresh = useRefresh();
  const [platformMark, setPlatformMark] = useState(1);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!company) return;
    setBusy(true);
    try {
      await act(`/api/v1/unattributedfunds/${record.id}/attribute`, {
        method: 'POST',
        json: { companyId: company.id, platformmark: platformMark, remark },
      });
      refresh();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>归属到企业</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2">
          {record.payerName} 于 {record.arriveTime} 转入 {formatMoney(record.amount)} 元（流水号 {record.bankSerial}
          ）。归属后该金额计入所选企业的账户余额，并由银行划入其子账户，不可撤销。
        </Typography>
        <TextField
          select
          label="版本"
          size="small"
          value={platformMark}
          onChange={(event) => {
            setPlatformMark(Number(event.target.value));
            setCompany(null);
          }}
        >
          <MenuItem value={1}>标准版</MenuItem>
          <MenuItem value={3}>小规模版</MenuItem>
        </TextField>
        <CompanyPicker label="归属企业" platformMark={platformMark} value={company} onChange={setCompany} required />
        <TextField
          label="备注（如核实方式）"
          size="small"
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={busy || !company} onClick={() => void save()}>
          确认归属
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReturnDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await act(`/api/v1/unattributedfunds/${record.id}/return`, { method: 'POST', json: { reason } });
      refresh();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>退回付款人</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2">
          将 {formatMoney(record.amount)} 元原路退回 {record.payerName}（{record.payerAccount}），不可撤销。
        </Typography>
        <TextField
          label="退回原因"
          required
          size="small"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" color="warning" disabled={busy || !reason.trim()} onClick={() => void save()}>
          确认退回
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FundActions({ record }: { record: RaRecord }) {
  const [open, setOpen] = useState<'attribute' | 'return' | null>(null);
  if (record.status !== 0) return null;
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <Button size="small" onClick={() => setOpen('attribute')}>
        归属
      </Button>
      <Button size="small" color="warning" onClick={() => setOpen('return')}>
        退回
      </Button>
      {open === 'attribute' && <AttributeDialog record={record} onClose={() => setOpen(null)} />}
      {open === 'return' && <ReturnDialog record={record} onClose={() => setOpen(null)} />}
    </Box>
  );
}

/** 无法归属资金: deposits without a top-up; finance attributes one to a company or returns it. */
export function UnattributedFundList({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <Box sx={{ mt: 2 }}>
      <GeneratedList declaration={declaration} renderActions={(record) => <FundActions record={record} />} />
    </Box>
  );
}
