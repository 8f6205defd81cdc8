// Hand-built, not a generated list: an information panel (the platform's account, the bank channel, and per
// edition the bank balance against the ledger: one row each), not records to filter and page.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { formatMoney } from '../../domain/money';
import { act } from './financeApi';

interface Information {
  channel: string;
  platformAccount: {
    accountName: string;
    accountNumber: string;
    bankName: string;
    branchName: string;
    bankCode: string;
  };
  collectionBalance: number;
  editions: {
    platformMark: number;
    subAccountCount: number;
    closingCount: number;
    /** As of the last sync, with the ledger's total at that moment and their difference. */
    bankBalance: number;
    syncedLedgerBalance: number;
    difference: number;
    /** The ledger's total now. */
    ledgerBalance: number;
  }[];
  unattributedCount: number;
  unattributedAmount: number;
  lastSyncTime: string | null;
}

/** 银行信息: the platform's collection account, the bank channel, and per edition the bank against the ledger. */
export function BankInformationPage() {
  const [info, setInfo] = useState<Information | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    requestContent<Information>('/api/v1/bank/information')
      .then(setInfo)
      .catch(() => setInfo(null));
  }, []);
  useEffect(load, [load]);
  const sync = async () => {
    setBusy(true);
    try {
      await act('/api/v1/bankaccounts/bank/syncbalance', { method: 'PATCH' });
      load();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const account = info?.platformAccount;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Title title="银行信息" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            平台收款账户
          </Typography>
          {account && (
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
            >
              <dt>户名</dt>
              <dd style={{ margin: 0 }}>{account.accountName}</dd>
              <dt>账号</dt>
              <dd style={{ margin: 0 }}>{account.accountNumber}</dd>
              <dt>开户行</dt>
              <dd style={{ margin: 0 }}>{account.branchName}</dd>
              <dt>联行号</dt>
              <dd style={{ margin: 0 }}>{account.bankCode}</dd>
              <dt>银行通道</dt>
              <dd style={{ margin: 0 }}>{info?.channel === 'dev' ? '平台本地账簿（未连接银行）' : info?.channel}</dd>
              <dt>收款账户待处理资金</dt>
              <dd style={{ margin: 0 }}>
                {formatMoney(info?.collectionBalance ?? 0)} 元（同步时；无法归属资金 {info?.unattributedCount} 笔，
                {formatMoney(info?.unattributedAmount ?? 0)} 元）
              </dd>
            </Box>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              子账户余额与账本
            </Typography>
            <Typography variant="body2" color="text.secondary">
              最近同步：{info?.lastSyncTime ?? '尚未同步'}
            </Typography>
            <Button variant="outlined" disabled={busy} onClick={() => void sync()}>
              同步银行余额
            </Button>
          </Box>
          <Table size="small" aria-label="子账户余额与账本">
            <TableHead>
              <TableRow>
                <TableCell>版本</TableCell>
                <TableCell align="right">子账户数</TableCell>
                <TableCell align="right">销户中</TableCell>
                <TableCell align="right">银行余额（元，同步时）</TableCell>
                <TableCell align="right">账本余额（元，同步时）</TableCell>
                <TableCell align="right">差额（元）</TableCell>
                <TableCell align="right">当前账本余额（元）</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {info?.editions.map((row) => (
                <TableRow key={row.platformMark}>
                  <TableCell>{row.platformMark === 3 ? '小规模版' : '标准版'}</TableCell>
                  <TableCell align="right">{row.subAccountCount}</TableCell>
                  <TableCell align="right">{row.closingCount}</TableCell>
                  <TableCell align="right">{formatMoney(row.bankBalance)}</TableCell>
                  <TableCell align="right">{formatMoney(row.syncedLedgerBalance)}</TableCell>
                  <TableCell align="right" sx={{ color: row.difference === 0 ? undefined : 'error.main' }}>
                    {formatMoney(row.difference)}
                  </TableCell>
                  <TableCell align="right">{formatMoney(row.ledgerBalance)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Box>
  );
}
