import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { INCOMPLETE_INFO, INVOICE_INFO_RULES, invoiceInfoProblem } from '../../domain/invoiceApplication';

/** Where the merchant edits the company's invoice information (the company info tab of /merchant). */
export const EDIT_INVOICE_INFO_PATH = '/merchant?type=first';

/** The company's invoice information an application copies, read-only, with a link to complete or change it. */
export function InvoiceInfo({ info }: { info: Record<string, string> | null }) {
  if (!info) return <Typography>加载中…</Typography>;
  const problem = invoiceInfoProblem(info);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {problem && (
        <Alert severity="warning">
          {INCOMPLETE_INFO}：{problem}
        </Alert>
      )}
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
              {info[rule.field] || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Link component={RouterLink} to={EDIT_INVOICE_INFO_PATH}>
        {problem ? '去完善开票信息' : '修改开票信息'}
      </Link>
    </Box>
  );
}
