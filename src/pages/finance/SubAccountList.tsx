import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type RaRecord, useRefresh } from 'react-admin';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import { RowActions } from '../../../resources/generator/RowActions';
import type { ResourceDeclaration } from '../../../resources/types';
import { act } from './financeApi';

function PasswordDialog({ record, onClose }: { record: RaRecord; onClose: () => void }) {
  const refresh = useRefresh();
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await act(`/api/v1/accounts/${record.accountNumber}/password`, {
        method: 'PATCH',
        json: { password, repassword },
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
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>设置子账户密码</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2">
          {record.companyName} 的子账户 {record.accountNumber}：6 位数字，不能是连续或相同的数字。
        </Typography>
        <TextField
          label="新密码"
          type="password"
          size="small"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric' } }}
        />
        <TextField
          label="确认密码"
          type="password"
          size="small"
          value={repassword}
          onChange={(event) => setRepassword(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={busy || !password || !repassword} onClick={() => void save()}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The declaration's reads (查询余额, 账户状态) and 设置密码, which a closed account no longer offers. */
function SubAccountActions({ declaration, record }: { declaration: ResourceDeclaration; record: RaRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      <RowActions declaration={declaration} />
      {record.status !== 4 && (
        <Button size="small" onClick={() => setOpen(true)}>
          设置密码
        </Button>
      )}
      {open && <PasswordDialog record={record} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** 子账户查询: the bank's sub-accounts with their bank and ledger balances at the last sync. */
export function SubAccountList({ declaration }: { declaration: ResourceDeclaration }) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const sync = async () => {
    setBusy(true);
    try {
      await act('/api/v1/bankaccounts/bank/syncbalance', { method: 'PATCH' });
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
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
            银行余额为最近一次同步时银行记载的子账户余额，账本余额为同一时刻平台账本的企业余额；两者不一致时请到「资金对账」查看明细。
          </Typography>
          <Button variant="contained" disabled={busy} onClick={() => void sync()}>
            同步银行余额
          </Button>
        </CardContent>
      </Card>
      <GeneratedList
        declaration={declaration}
        renderActions={(record) => <SubAccountActions declaration={declaration} record={record} />}
      />
    </Box>
  );
}
