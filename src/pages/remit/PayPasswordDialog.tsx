import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../domain/money';
import { paymentPasswordIsSet } from './remitApi';
import { useClickGuard } from './useClickGuard';

const SIX_DIGITS = /^\d{6}$/;

interface Props {
  open: boolean;
  companyId: number;
  total: number;
  itemCount: number;
  /** Where the payment password is set, returning to this payout afterwards. */
  setupPath?: string;
  /** Resolves with an error message to show in the dialog, or nothing when the payment went through. */
  onPay: (password: string) => Promise<string | undefined>;
  onClose: () => void;
}

/** Asks for the company's 6-digit payment password; without one set, points to account security. */
export function PayPasswordDialog({ open, companyId, total, itemCount, setupPath, onPay, onClose }: Props) {
  const [isSet, setIsSet] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);
  const { blocked, guard } = useClickGuard();

  useEffect(() => {
    if (!open) return;
    setPassword('');
    setError(undefined);
    paymentPasswordIsSet(companyId).then(setIsSet, () => setIsSet(true));
  }, [open, companyId]);

  const pay = async () => {
    if (!SIX_DIGITS.test(password)) {
      setError('请输入6位数字支付密码');
      return;
    }
    setPaying(true);
    setError(await onPay(password));
    setPaying(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    guard(() => void pay())();
  };

  return (
    <Dialog
      open={open}
      onClose={paying ? undefined : onClose}
      aria-labelledby="pay-password-title"
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="pay-password-title">输入支付密码</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            本次打款 {itemCount} 笔，合计应付 <strong>{formatMoney(total)} 元</strong>
          </Typography>
          {isSet === false ? (
            <Alert severity="warning">
              尚未设置支付密码，请先
              <Link component={RouterLink} to={setupPath ?? '/merchant?type=fourth'} sx={{ mx: 0.5 }}>
                前往账户安全设置支付密码
              </Link>
              {setupPath ? '，设置后返回本页即可继续提交，已校验的文件不会丢失。' : '。'}
            </Alert>
          ) : (
            <TextField
              autoFocus
              fullWidth
              type="password"
              label="支付密码"
              value={password}
              onChange={(event) => setPassword(event.target.value.replace(/\D/g, '').slice(0, 6))}
              error={!!error}
              helperText={error ?? '6位数字'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={paying}>
            取消
          </Button>
          <Button type="submit" variant="contained" disabled={isSet === false || paying || blocked}>
            确认打款
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
