import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SERVICE_CHARGE_RULE } from '../../domain/charges';
import { formatMoney } from '../../domain/money';
import { PAYOUT_METHOD_LABELS } from '../../domain/payees';
import { formatRate } from '../../domain/rates';
import type { BatchPreview } from './remitApi';

/** How 个税 and 实发 are worked out (docs/tax.md), under the figures. */
export const WITHHOLDING_RULE =
  '个税：签约主体按累计预扣法代扣劳务报酬个人所得税（国家税务总局公告2025年第16号），按每人本年在该签约主体已实际取得的收入与已扣税额计算；实发 = 金额 − 个税。扣款金额不变（打款金额 + 服务费），个税转入签约主体的代扣税款账户；提交时按当时的累计数重新计算。';

function Figure({ label, children, tone }: { label: string; children: ReactNode; tone?: 'error' | 'strong' }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        aria-label={label}
        sx={{
          m: 0,
          mt: 0.5,
          fontSize: 20,
          fontWeight: tone ? 600 : 500,
          color: tone === 'error' ? 'error.main' : undefined,
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The figures of a clean upload: what will be paid, what it costs, and whether the balance covers it. */
export function PreviewFigures({ preview }: { preview: BatchPreview }) {
  const short = preview.shortfall > 0;
  return (
    <>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0 }}>
        <Figure label="打款笔数">{preview.itemCount} 笔</Figure>
        <Figure label="打款金额">{formatMoney(preview.totalAmount)} 元</Figure>
        <Figure label={`服务费（${formatRate(preview.rate)}）`}>{formatMoney(preview.serviceCharge)} 元</Figure>
        <Figure label="合计应付" tone="strong">
          {formatMoney(preview.total)} 元
        </Figure>
        <Figure label="代扣个税">{formatMoney(preview.taxAmount)} 元</Figure>
        <Figure label="实发金额">{formatMoney(preview.netAmount)} 元</Figure>
        <Figure label="当前余额">{formatMoney(preview.balance)} 元</Figure>
        {short ? (
          <Figure label="余额不足，还差" tone="error">
            {formatMoney(preview.shortfall)} 元
            <Link component={RouterLink} to="/recharge" sx={{ ml: 1, fontSize: 14 }}>
              去充值
            </Link>
          </Figure>
        ) : (
          <Figure label="打款后余额">{formatMoney(preview.balanceAfter)} 元</Figure>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {SERVICE_CHARGE_RULE}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {WITHHOLDING_RULE}
      </Typography>
    </>
  );
}

/**
 * The first rows of the file (the server sends at most 200, ID and card numbers masked as in the records), so the
 * merchant recognises what was read; rows with a warning are tinted.
 */
export function PreviewRows({ preview }: { preview: BatchPreview }) {
  const warned = new Set(preview.warnings.map((warning) => warning.rowNo));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {preview.rows.length < preview.itemCount
          ? `以下为前 ${preview.rows.length} 行，共 ${preview.itemCount} 行`
          : `共 ${preview.itemCount} 行`}
      </Typography>
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label="打款明细预览">
          <TableHead>
            <TableRow>
              <TableCell>行号</TableCell>
              <TableCell>姓名</TableCell>
              <TableCell>身份证号</TableCell>
              <TableCell>收款方式</TableCell>
              <TableCell>收款账号</TableCell>
              <TableCell>手机号</TableCell>
              <TableCell align="right">金额（元）</TableCell>
              <TableCell align="right">服务费（元）</TableCell>
              <TableCell align="right">个税（元）</TableCell>
              <TableCell align="right">实发（元）</TableCell>
              <TableCell>备注</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow
                key={row.rowNo}
                sx={warned.has(row.rowNo) ? { bgcolor: 'warning.light', '& td': { fontWeight: 500 } } : undefined}
              >
                <TableCell>{row.rowNo}</TableCell>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.idCard}</TableCell>
                <TableCell>{PAYOUT_METHOD_LABELS[row.method ?? 'bankcard']}</TableCell>
                <TableCell>{row.method === 'alipay' ? (row.alipayAccount ?? '') : row.bankCard}</TableCell>
                <TableCell>{row.mobile ?? ''}</TableCell>
                <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                <TableCell align="right">{formatMoney(row.serviceCharge)}</TableCell>
                <TableCell align="right">{formatMoney(row.taxAmount)}</TableCell>
                <TableCell align="right">{formatMoney(row.netAmount)}</TableCell>
                <TableCell>{row.remark ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={6}>合计（全部 {preview.itemCount} 笔）</TableCell>
              <TableCell align="right">{formatMoney(preview.totalAmount)}</TableCell>
              <TableCell align="right">{formatMoney(preview.serviceCharge)}</TableCell>
              <TableCell align="right">{formatMoney(preview.taxAmount)}</TableCell>
              <TableCell align="right">{formatMoney(preview.netAmount)}</TableCell>
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </>
  );
}
