import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { chinaMonth } from '../../domain/chinaTime';
import { formatMoney } from '../../domain/money';
import { downloadFile } from './statisticsApi';

interface Entity {
  enterpriseId: number;
  enterpriseName: string;
  workerCount: number;
  income: number;
  tax: number;
  withheld: number;
  notWithheld: number;
  ledgerWithheld: number;
  vat: number;
  surchargeTotal: number;
  filing: { reference: string; amount: number; time: string } | null;
}

function quarterOf(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/**
 * Per signing entity: the month's withholding beside its 代扣税款 account, the filing state, and the files the
 * tax office takes (the 扣缴申报 of 劳务报酬 and the quarter's 涉税信息报送, both with full ID numbers, so only for
 * UI_TAX_EXPORT_FULL_ID); an ended month is marked 已申报 with its reference after a confirmation.
 */
export function TaxEntities({
  entities,
  month,
  platformmark,
  mayExportFullId,
  onFiled,
}: {
  entities: Entity[];
  month: string;
  platformmark: string;
  mayExportFullId: boolean;
  onFiled: () => void;
}) {
  const notify = useNotify();
  const [filing, setFiling] = useState<Entity | null>(null);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const current = chinaMonth();
  const ended = month < current;

  const submit = async () => {
    if (!filing) return;
    setBusy(true);
    try {
      await requestContent('/api/v1/statistics/tax/filings', {
        method: 'POST',
        json: {
          platformmark: Number(platformmark),
          month,
          enterpriseId: filing.enterpriseId,
          reference: reference.trim(),
        },
      });
      notify(`${filing.enterpriseName} ${month} 已标记为已申报`, { type: 'success' });
      setFiling(null);
      setReference('');
      onFiled();
    } catch {
      // The message is shown by the request.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          按签约主体：代扣税款与申报
        </Typography>
        <Table size="small" aria-label="签约主体代扣税款">
          <TableHead>
            <TableRow>
              <TableCell>签约主体</TableCell>
              <TableCell align="right">人数</TableCell>
              <TableCell align="right">本月收入（元）</TableCell>
              <TableCell align="right">应预扣税额（元）</TableCell>
              <TableCell align="right">已代扣（元）</TableCell>
              <TableCell align="right">代扣税款账户本月（元）</TableCell>
              <TableCell align="right">未代扣（元）</TableCell>
              <TableCell align="right">增值税（元）</TableCell>
              <TableCell align="right">附加税费（元）</TableCell>
              <TableCell>申报状态</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entities.length === 0 && (
              <TableRow>
                <TableCell colSpan={11}>该月没有代扣记录</TableCell>
              </TableRow>
            )}
            {entities.map((entity) => (
              <TableRow key={entity.enterpriseId}>
                <TableCell>{entity.enterpriseName}</TableCell>
                <TableCell align="right">{entity.workerCount}</TableCell>
                <TableCell align="right">{formatMoney(entity.income)}</TableCell>
                <TableCell align="right">{formatMoney(entity.tax)}</TableCell>
                <TableCell align="right">{formatMoney(entity.withheld)}</TableCell>
                <TableCell align="right">{formatMoney(entity.ledgerWithheld)}</TableCell>
                <TableCell align="right">{formatMoney(entity.notWithheld)}</TableCell>
                <TableCell align="right">{formatMoney(entity.vat)}</TableCell>
                <TableCell align="right">{formatMoney(entity.surchargeTotal)}</TableCell>
                <TableCell>
                  {entity.filing
                    ? `已申报（${entity.filing.reference}，${entity.filing.time}，${formatMoney(entity.filing.amount)} 元）`
                    : '未申报'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {mayExportFullId && (
                    <>
                      <Button
                        size="small"
                        onClick={() =>
                          downloadFile(
                            '/api/v1/statistics/tax/declaration',
                            { platformmark, month, enterpriseId: entity.enterpriseId },
                            undefined,
                            `扣缴申报_${month}.xlsx`,
                          )
                        }
                      >
                        导出扣缴申报表
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          downloadFile(
                            '/api/v1/statistics/tax/quarterly',
                            { platformmark, quarter: quarterOf(month), enterpriseId: entity.enterpriseId },
                            undefined,
                            `涉税信息报送_${quarterOf(month)}.xlsx`,
                          )
                        }
                      >
                        导出{quarterOf(month)}涉税信息
                      </Button>
                    </>
                  )}
                  {!entity.filing && ended && (
                    <Button size="small" color="warning" onClick={() => setFiling(entity)}>
                      标记已申报
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          「已代扣」与签约主体代扣税款账户本月的记账（代扣减失败退回）相等；已结束的月份申报后可标记为已申报，本月代扣税款随之转出。
          扣缴申报表按公告2025年第16号公式各项列出，导入自然人电子税务局（扣缴端）前请以扣缴端模板核对列。
        </Typography>
      </CardContent>
      <Dialog open={filing !== null} onClose={() => setFiling(null)}>
        <DialogTitle>标记已申报</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {filing
              ? `${filing.enterpriseName} ${month}：代扣税款 ${formatMoney(filing.ledgerWithheld)} 元将转出并关闭，此操作不能撤销。`
              : ''}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="申报凭证号"
            value={reference}
            inputProps={{ maxLength: 64 }}
            onChange={(event) => setReference(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFiling(null)}>取消</Button>
          <Button variant="contained" disabled={busy || reference.trim() === ''} onClick={submit}>
            确认已申报
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
