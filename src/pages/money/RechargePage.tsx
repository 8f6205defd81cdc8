import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../providers/httpClient';
import { LoadFailure } from '../../../resources/generator/LoadFailure';
import { type Load, useLoad } from '../../components/useLoad';
import { formatMoney, parseMoney } from '../../domain/money';
import {
  rechargeAmountMessage,
  validateBankSerial,
  validatePayerAccount,
  validatePayerName,
  validateRechargeRemark,
  validateVoucher,
} from '../../domain/recharge';
import { useSession } from '../../layout/useSession';
import { fetchReceivingAccount, submitRecharge } from './moneyApi';
import { useBalance } from './useBalance';
import { VoucherUpload } from './VoucherUpload';

const EMPTY = { amount: '', payerName: '', payerAccount: '', bankSerial: '', voucherUrl: '', remark: '' };
type Values = typeof EMPTY;
type Errors = Partial<Record<keyof Values, string>>;

function checkedValues(values: Values): { errors: Errors; units: number | null } {
  const units = parseMoney(values.amount);
  const errors: Errors = {
    amount: rechargeAmountMessage(units),
    payerName: validatePayerName(values.payerName),
    payerAccount: validatePayerAccount(values.payerAccount),
    bankSerial: validateBankSerial(values.bankSerial),
    voucherUrl: validateVoucher(values.voucherUrl),
    remark: validateRechargeRemark(values.remark),
  };
  return { errors, units };
}

function ReceivingAccountCard({ platformMark, balance }: { platformMark: number; balance: Load<number> }) {
  const account = useLoad(() => fetchReceivingAccount(platformMark), String(platformMark));
  const failed = account.error ?? balance.error;
  const retry = () => {
    if (account.error) account.retry();
    if (balance.error) balance.retry();
  };
  const rows: [string, string | undefined][] = [
    ['户名', account.data?.accountName],
    ['开户银行', account.data?.bankName],
    ['账号', account.data?.accountNumber],
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          收款账户
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          请通过企业对公账户转账至以下账户，转账后提交充值申请，财务确认到账后计入账户余额。
        </Typography>
        {failed ? (
          <LoadFailure error={failed} retrying={account.loading || balance.loading} onRetry={retry} />
        ) : (
          <AccountRows rows={rows} balance={balance.data} />
        )}
      </CardContent>
    </Card>
  );
}

function AccountRows({ rows, balance }: { rows: [string, string | undefined][]; balance: number | undefined }) {
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {value ?? '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography sx={{ mt: 2 }}>
        当前余额：
        <Box component="span" aria-label="当前余额" sx={{ fontSize: 20, fontWeight: 600 }}>
          {balance === undefined ? '—' : `${formatMoney(balance)} 元`}
        </Box>
      </Typography>
    </>
  );
}

/** /recharge (MER_BANKACCOUNT_RECHARGE): the account to transfer to, the balance, and the top-up notice form. */
export function RechargePage() {
  const session = useSession();
  const companyId = session?.user.properties.cid;
  const balance = useBalance(companyId, session?.platformMark);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<string>();

  if (!session || !companyId) return <Typography sx={{ mt: 2 }}>仅商户账号可以充值</Typography>;

  const set = (key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { errors: found, units } = checkedValues(values);
    setErrors(found);
    if (Object.values(found).some(Boolean) || units === null) return;
    setSubmitting(true);
    try {
      await submitRecharge({ ...values, amount: units });
      setSubmitted(`充值申请已提交（${formatMoney(units)} 元），请等待财务确认到账。`);
      setValues(EMPTY);
    } catch (failure) {
      const fieldErrors = failure instanceof ApiError ? (failure.content as { errors?: Errors } | null)?.errors : null;
      setErrors(fieldErrors ?? { amount: (failure as Error).message });
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: Exclude<keyof Values, 'voucherUrl'>, label: string, extra: { required?: boolean } = {}) => (
    <TextField
      size="small"
      label={label}
      required={extra.required ?? true}
      value={values[key]}
      onChange={(event) => set(key)(event.target.value)}
      error={!!errors[key]}
      helperText={errors[key] ?? ' '}
    />
  );

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="账户充值" />
      <ReceivingAccountCard platformMark={session.platformMark} balance={balance} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            提交充值申请
          </Typography>
          {submitted && (
            <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSubmitted(undefined)}>
              {submitted}
              <Link component={RouterLink} to="/allRechargeRecord" sx={{ ml: 1 }}>
                查看充值记录
              </Link>
            </Alert>
          )}
          <Box
            component="form"
            aria-label="充值申请"
            noValidate
            onSubmit={submit}
            sx={{ display: 'grid', gap: 1, maxWidth: 480 }}
          >
            {field('amount', '充值金额（元）')}
            {field('payerName', '付款户名')}
            {field('payerAccount', '付款账号')}
            {field('bankSerial', '银行流水号')}
            <VoucherUpload value={values.voucherUrl} error={errors.voucherUrl} onChange={set('voucherUrl')} />
            {field('remark', '备注', { required: false })}
            <Box>
              <Button type="submit" variant="contained" disabled={submitting}>
                {submitting ? '提交中…' : '提交充值申请'}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
