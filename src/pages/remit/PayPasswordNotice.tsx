import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paymentPasswordIsSet } from './remitApi';

/** Where the payment password is set; `back` is the page to return to afterwards (e.g. /remit?draft=7). */
export function payPasswordSetupPath(back?: string): string {
  return back ? `/merchant?type=fourth&back=${encodeURIComponent(back)}` : '/merchant?type=fourth';
}

/**
 * Shown while the company has no payment password, so the owner sets it before the first payout rather than at
 * the moment of paying; nothing while it is set or its state cannot be read.
 */
export function PayPasswordNotice({ companyId, back }: { companyId: number; back?: string }) {
  const [isSet, setIsSet] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    paymentPasswordIsSet(companyId).then(
      (set) => live && setIsSet(set),
      () => live && setIsSet(null),
    );
    return () => {
      live = false;
    };
  }, [companyId]);
  if (isSet !== false) return null;
  return (
    <Alert severity="warning" aria-label="尚未设置支付密码">
      尚未设置支付密码：提交打款时需输入6位数字支付密码，请先
      <Link component={RouterLink} to={payPasswordSetupPath(back)} sx={{ mx: 0.5 }}>
        前往账户安全设置支付密码
      </Link>
      {back ? '，设置后可返回本页继续提交已校验的打款文件。' : '。'}
    </Alert>
  );
}
