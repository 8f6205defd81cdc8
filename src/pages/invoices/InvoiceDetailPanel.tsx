import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { formatMoney } from '../../domain/money';
import { INVOICE_KIND_PAPER } from '../../domain/moneyEnums';
import { fetchInvoice, type InvoiceDetail } from './invoiceApi';

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function Details({ items }: { items: readonly [string, unknown][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {text(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A list row's drill-in: the application's invoice details, figures, mailing address and batches. */
export function InvoiceDetailPanel() {
  const record = useRecordContext();
  const [invoice, setInvoice] = useState<InvoiceDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    fetchInvoice(id as number).then(
      (answer) => live && setInvoice(answer),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!invoice) return <Typography sx={{ p: 2 }}>加载中…</Typography>;
  const paper = invoice.kind === INVOICE_KIND_PAPER;
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2 }} aria-label={`发票申请 ${invoice.applyNo} 明细`}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr 1fr' } }}>
        <Details
          items={[
            ['发票抬头', invoice.title],
            ['纳税人识别号', invoice.taxNumber],
            ['开户银行', invoice.bankName],
            ['银行账号', invoice.bankAccount],
            ['开票地址', invoice.address],
            ['开票电话', invoice.phone],
          ]}
        />
        <Details
          items={[
            ['价税合计（元）', formatMoney(invoice.total)],
            ['差额扣除额（元）', formatMoney(invoice.deduction)],
            ['税率', `${invoice.ratePercent}%`],
            ['税额（元）', formatMoney(invoice.tax)],
            ['不含税金额（元）', formatMoney(invoice.net)],
            ['备注', invoice.remark],
          ]}
        />
        <Details
          items={[
            ...(paper
              ? ([
                  ['收件人', invoice.recipient],
                  ['联系电话', invoice.recipientPhone],
                  ['邮寄地址', invoice.mailAddress],
                  ['快递单号', invoice.trackingNo],
                ] as [string, unknown][])
              : []),
            ['申请人', invoice.applicantName],
            ['处理人', invoice.handlerName],
            ['开票时间', invoice.issueTime],
            ...(paper ? ([['邮寄时间', invoice.mailTime]] as [string, unknown][]) : []),
            ...(invoice.rejectReason ? ([['驳回原因', invoice.rejectReason]] as [string, unknown][]) : []),
          ]}
        />
      </Box>
      <Table size="small" aria-label="开票批次">
        <TableHead>
          <TableRow>
            <TableCell>批次号</TableCell>
            <TableCell>打款时间</TableCell>
            <TableCell align="right">成功笔数</TableCell>
            <TableCell align="right">成功打款金额（元）</TableCell>
            <TableCell align="right">服务费（元）</TableCell>
            <TableCell align="right">开票金额（元）</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.batches.map((batch) => (
            <TableRow key={batch.id}>
              <TableCell>{batch.batchNo}</TableCell>
              <TableCell>{batch.createTime}</TableCell>
              <TableCell align="right">
                {batch.successCount}/{batch.itemCount}
              </TableCell>
              <TableCell align="right">{formatMoney(batch.successAmount)}</TableCell>
              <TableCell align="right">{formatMoney(batch.successCharge)}</TableCell>
              <TableCell align="right">{formatMoney(batch.invoiceable)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
