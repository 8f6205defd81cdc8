import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { INVOICE_INFO_RULES, invoiceInfoGaps, invoiceInfoGapText } from '../../domain/invoiceApplication';

/** Where the merchant edits the company's invoice information (the company info tab of /merchant). */
export const EDIT_INVOICE_INFO_PATH = '/merchant?type=first';

/**
 * What the company's invoice information still lacks, as guidance: which fields, and the page where they are
 * filled in (企业信息 › 开票信息). Nothing when it is complete.
 */
export function InvoiceInfoGuidance({ info }: { info: Record<string, string> }) {
  const gaps = invoiceInfoGaps(info);
  if (gaps.length === 0) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={EDIT_INVOICE_INFO_PATH} color="inherit" size="small" variant="outlined">
          去完善开票信息
        </Button>
      }
    >
      <AlertTitle>开票信息还不完整，暂时不能申请开票</AlertTitle>
      发票按公司的开票信息开具，请先到「企业信息」页的开票信息中补全：{invoiceInfoGapText(gaps)}
      。保存后回到本页即可提交申请。
    </Alert>
  );
}

/** The company's invoice information an application copies, read-only, with a link to complete or change it. */
export function InvoiceInfo({ info }: { info: Record<string, string> | null }) {
  if (!info) return <Typography>加载中…</Typography>;
  const complete = invoiceInfoGaps(info).length === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <InvoiceInfoGuidance info={info} />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {INVOICE_INFO_RULES.map((rule) => (
          <Box key={rule.field} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {rule.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {info[rule.field] || '未填写'}
            </Typography>
          </Box>
        ))}
      </Box>
      {complete && (
        <Link component={RouterLink} to={EDIT_INVOICE_INFO_PATH}>
          修改开票信息
        </Link>
      )}
    </Box>
  );
}
