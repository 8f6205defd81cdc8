import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../domain/money';
import { BANK_CARD_PATTERN, PAYEE_MSG } from '../../domain/payees';
import { type Repayment, repayAbnormalFund } from './recordsApi';

export interface AbnormalFund {
  id: number;
  name: string;
  bankCard: string;
  amount: number;
  serviceCharge: number;
  reason: string;
}

const PASSWORD_NOT_SET = '请先在账户安全中设置支付密码';

/**
 * 重新打款: the corrected card and the payment password. The server pays the amount again (and the same
 * service charge) from the balance the refund went back to, once.
 */
export function RepayDialog({
  fund,
  onClose,
  onRepaid,
}: {
  fund: AbnormalFund;
  onClose: () => void;
  onRepaid: (repayment: Repayment) => void;
}) {
  const [bankCard, setBankCard] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ bankCard?: string; password?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = bankCard.replace(/\s+/g, '');
    const found = {
      bankCard: !card ? PAYEE_MSG.cardRequired : BANK_CARD_PATTERN.test(card) ? undefined : PAYEE_MSG.cardInvalid,
      password: /^\d{6}$/.test(password) ? undefined : '请输入6位数字支付密码',
    };
    setErrors(found);
    if (found.bankCard || found.password || sending) return;
    setSending(true);
    try {
      onRepaid(await repayAbnormalFund(fund.id, card, password));
    } catch (failure) {
      setErrors({ form: (failure as Error).message || '重新打款失败，请稍后再试' });
      setPassword('');
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby="repay-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="repay-title">重新打款「{fund.name}」</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            原卡 {fund.bankCard} 因「{fund.reason}」退回。将向更正后的银行卡重新打款 {formatMoney(fund.amount)}{' '}
            元，服务费 {formatMoney(fund.serviceCharge)} 元，从账户余额中扣除。
          </Typography>
          <TextField
            label="新银行卡号"
            value={bankCard}
            onChange={(event) => setBankCard(event.target.value)}
            error={!!errors.bankCard}
            helperText={errors.bankCard ?? '12-19位数字'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
            autoFocus
            required
          />
          <TextField
            label="支付密码"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={!!errors.password}
            helperText={errors.password ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } }}
            required
          />
          {errors.form && (
            <Typography role="alert" color="error" variant="body2">
              {errors.form}
              {errors.form === PASSWORD_NOT_SET && (
                <>
                  {' '}
                  <Link component={RouterLink} to="/merchant?type=fourth">
                    去设置
                  </Link>
                </>
              )}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            取消
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? '提交中…' : '确认打款'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
