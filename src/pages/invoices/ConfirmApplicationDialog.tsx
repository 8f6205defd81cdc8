import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import Typography from '@mui/material/Typography';
import { choiceName } from '../../domain/enums';
import { formatMoney } from '../../domain/money';
import { INVOICE_KIND_CHOICES, INVOICE_KIND_PAPER } from '../../domain/moneyEnums';
import type { ApplicationValues } from './ApplicationForm';
import type { Category, EligibleBatch, Figures } from './invoiceApi';

interface Props {
  open: boolean;
  submitting: boolean;
  companyName: string;
  smallScale: boolean;
  info: Record<string, string>;
  figures: Figures;
  batches: readonly EligibleBatch[];
  values: ApplicationValues;
  categories: readonly Category[];
  onBack: () => void;
  onConfirm: () => void;
}

function Facts({ items }: { items: readonly [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The last look before an application is sent (POST /api/v1/invoices): who is invoiced by whom, the amount, the
 * invoice's type and category, the batches it covers and where a paper invoice goes. 确认提交 sends it;
 * 返回修改 goes back to the form with everything kept.
 */
export function ConfirmApplicationDialog(props: Props) {
  const { figures, values, info, smallScale } = props;
  const paper = values.kind === INVOICE_KIND_PAPER;
  const category = props.categories.find((item) => String(item.id) === values.categoryId);
  const items: [string, string][] = [
    ['企业', props.companyName || '—'],
    ['发票抬头', info.title || '—'],
    ['纳税人识别号', info.taxNumber || '—'],
    ['服务主体（开票方）', figures.enterpriseName || '—'],
    ['发票种类', smallScale ? '增值税普通发票（5%差额征税）' : '增值税专用发票（6%）'],
    ['发票类型', choiceName(INVOICE_KIND_CHOICES, values.kind) || '—'],
    ['开票类目', category?.name ?? '—'],
    ['价税合计', `${formatMoney(figures.total)} 元`],
    ['税额', `${formatMoney(figures.tax)} 元（税率 ${figures.ratePercent}%）`],
    ...(paper
      ? ([
          ['收件人', values.recipient.trim()],
          ['联系电话', values.recipientPhone.trim()],
          ['邮寄地址', values.mailAddress.trim()],
        ] as [string, string][])
      : []),
    ...(values.remark.trim() ? ([['备注', values.remark.trim()]] as [string, string][]) : []),
  ];
  return (
    <Dialog
      open={props.open}
      onClose={props.submitting ? undefined : props.onBack}
      fullWidth
      maxWidth="sm"
      aria-labelledby="confirm-application-title"
    >
      <DialogTitle id="confirm-application-title">确认开票申请</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>请核对以下内容，提交后将按此开具发票。</DialogContentText>
        <Facts items={items} />
        <Typography component="h3" variant="subtitle1" sx={{ mt: 2, mb: 1 }}>
          本次开票的打款批次（{props.batches.length} 个）
        </Typography>
        <Box sx={{ maxHeight: 240, overflow: 'auto' }}>
          <Table size="small" aria-label="本次开票的打款批次" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>批次号</TableCell>
                <TableCell>打款时间</TableCell>
                <TableCell align="right">可开票金额（元）</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {props.batches.map((batch) => (
                <TableRow key={batch.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{batch.batchNo}</TableCell>
                  <TableCell>{batch.finishTime ?? batch.createTime}</TableCell>
                  <TableCell align="right">{formatMoney(batch.invoiceable)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onBack} disabled={props.submitting}>
          返回修改
        </Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.submitting}>
          {props.submitting ? '提交中…' : '确认提交'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
