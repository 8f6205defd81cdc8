import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../domain/money';
import type { Figures } from './invoiceApi';

/** The invoice the chosen batches make, as the server computed it with the edition's formula. */
export function InvoiceFigures({ figures, smallScale }: { figures: Figures | null; smallScale: boolean }) {
  if (!figures) {
    return <Typography color="text.secondary">请选择要开票的批次，这里显示发票金额和计算方式。</Typography>;
  }
  const items: [string, string][] = [
    ['价税合计（元）', formatMoney(figures.total)],
    ...(smallScale ? ([['差额扣除额（元）', formatMoney(figures.deduction)]] as [string, string][]) : []),
    ['税率', `${figures.ratePercent}%`],
    ['税额（元）', formatMoney(figures.tax)],
    ['不含税金额（元）', formatMoney(figures.net)],
  ];
  return (
    <Box aria-label="发票金额">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {items.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`figure-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        计算方式：{figures.formula}（税额四舍五入到分）
      </Typography>
    </Box>
  );
}
