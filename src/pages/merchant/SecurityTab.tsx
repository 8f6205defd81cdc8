import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { SMS_TYPE } from '../../domain/session';
import {
  validatePassword,
  validateRegisterPassword,
  validateRepeatPassword,
  validateSmsCode,
} from '../../domain/validation';
import { useSession } from '../../layout/useSession';
import { showToast } from '../../shell/toast';
import { changeLoginPassword, paymentPasswordState, savePaymentPassword } from './merchantApi';

const PAYMENT_PASSWORD = /^\d{6}$/;

const SendSmsDialog = lazy(() =>
  import('../../components/SendSmsDialog').then((module) => ({ default: module.SendSmsDialog })),
);

/** 138****8000: the mobile the code goes to, as the page shows it. */
function maskedMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** How the owner proves it is at the keyboard: the login password, or a code sent to the account's mobile. */
type Proof = 'loginPassword' | 'smsCode';

function PasswordField(props: { label: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      type="password"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={!!props.error}
      helperText={props.error ?? ' '}
    />
  );
}

/** Change the login password: old password required, new one by the registration rules. */
function LoginPasswordForm() {
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', repeat: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      oldPassword: validatePassword(values.oldPassword) && '请输入原密码',
      newPassword: validateRegisterPassword(values.newPassword),
      repeat: validateRepeatPassword(values.newPassword)(values.repeat),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await changeLoginPassword(values.oldPassword, values.newPassword);
      setValues({ oldPassword: '', newPassword: '', repeat: '' });
      showToast('密码修改成功', 'success');
    } catch (failure) {
      setErrors({ oldPassword: (failure as Error).message });
    }
  };
  return (
    <Box
      component="form"
      aria-label="修改登录密码"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, maxWidth: 400 }}
    >
      <PasswordField
        label="原密码"
        value={values.oldPassword}
        error={errors.oldPassword}
        onChange={set('oldPassword')}
      />
      <PasswordField
        label="新密码"
        value={values.newPassword}
        error={errors.newPassword}
        onChange={set('newPassword')}
      />
      <PasswordField label="确认新密码" value={values.repeat} error={errors.repeat} onChange={set('repeat')} />
      <Box>
        <Button type="submit" variant="contained">
          修改登录密码
        </Button>
      </Box>
    </Box>
  );
}

/**
 * A return path handed over by the page that sent the owner here (/remit with its validated draft): only an
 * in-app path, so the link cannot lead off the site.
 */
function returnPath(back: string | null): string | null {
  return back?.startsWith('/') && !back.startsWith('//') ? back : null;
}

/**
 * Set or change the company's 6-digit payment password; the login password or an SMS code of type 4 sent to
 * the account's own mobile proves it is the owner (the SMS path also serves an owner who forgot the login
 * password, and lifts a payment password lock).
 */
function PaymentPasswordForm({ companyId }: { companyId: number }) {
  const session = useSession();
  const mobile = session?.user.mobile ?? '';
  const [isSet, setIsSet] = useState<boolean | null>(null);
  const [proof, setProof] = useState<Proof>('loginPassword');
  const [values, setValues] = useState({ loginPassword: '', smsCode: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saved, setSaved] = useState(false);
  const [smsDialogOpen, setSmsDialogOpen] = useState(false);
  const [smsSentAt, setSmsSentAt] = useState(0);
  const [search] = useSearchParams();
  const back = returnPath(search.get('back'));
  useEffect(() => {
    paymentPasswordState(companyId).then(
      (state) => setIsSet(state.set),
      () => setIsSet(null),
    );
  }, [companyId]);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      loginPassword: proof === 'loginPassword' && !values.loginPassword.trim() ? '请输入登录密码' : undefined,
      smsCode: proof === 'smsCode' ? validateSmsCode(values.smsCode.trim()) || undefined : undefined,
      password: PAYMENT_PASSWORD.test(values.password) ? undefined : '支付密码为6位数字',
      repeat: values.repeat === values.password ? undefined : '两次输入密码不一致!',
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await savePaymentPassword(
        companyId,
        values.password,
        proof === 'smsCode' ? { smsCode: values.smsCode.trim() } : { loginPassword: values.loginPassword },
      );
      showToast(isSet ? '支付密码修改成功' : '支付密码设置成功', 'success');
      setIsSet(true);
      setSaved(true);
      setValues({ loginPassword: '', smsCode: '', password: '', repeat: '' });
    } catch (failure) {
      setErrors({ [proof]: (failure as Error).message });
    }
  };
  if (isSet === null) return <Typography>加载中…</Typography>;
  return (
    <Box
      component="form"
      aria-label="支付密码"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, maxWidth: 400 }}
    >
      <Typography variant="body2" color="text.secondary">
        {isSet ? '支付密码已设置。' : '尚未设置支付密码，打款前需先设置。'}
        设置或修改支付密码需验证登录密码，或验证发送到本账号手机的短信验证码。
      </Typography>
      <FormLabel id="pay-password-proof">验证方式</FormLabel>
      <RadioGroup
        row
        aria-labelledby="pay-password-proof"
        value={proof}
        onChange={(event) => {
          setProof(event.target.value as Proof);
          setErrors({});
        }}
      >
        <FormControlLabel value="loginPassword" control={<Radio />} label="登录密码" />
        <FormControlLabel value="smsCode" control={<Radio />} label="短信验证码" disabled={!mobile} />
      </RadioGroup>
      {proof === 'loginPassword' ? (
        <PasswordField
          label="登录密码"
          value={values.loginPassword}
          error={errors.loginPassword}
          onChange={set('loginPassword')}
        />
      ) : (
        <>
          <Typography variant="body2">验证码将发送至 {maskedMobile(mobile)}</Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="短信验证码"
              value={values.smsCode}
              onChange={(event) => set('smsCode')(event.target.value.replace(/\D/g, '').slice(0, 6))}
              error={!!errors.smsCode}
              helperText={errors.smsCode ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' } }}
              sx={{ flex: 1 }}
            />
            <SmsCodeButton sentAt={smsSentAt} onClick={() => setSmsDialogOpen(true)} />
          </Box>
        </>
      )}
      <PasswordField
        label={isSet ? '新支付密码' : '支付密码'}
        value={values.password}
        error={errors.password}
        onChange={set('password')}
      />
      <PasswordField label="确认支付密码" value={values.repeat} error={errors.repeat} onChange={set('repeat')} />
      <Box>
        <Button type="submit" variant="contained">
          {isSet ? '修改支付密码' : '设置支付密码'}
        </Button>
      </Box>
      {saved && back && (
        <Alert severity="success">
          支付密码已生效，
          <Link component={RouterLink} to={back}>
            返回批量打款继续提交
          </Link>
        </Alert>
      )}
      <Suspense fallback={null}>
        {smsDialogOpen && (
          <SendSmsDialog
            open
            mobile={mobile}
            type={SMS_TYPE.paymentPassword}
            onClose={() => setSmsDialogOpen(false)}
            onSent={() => setSmsSentAt(Date.now())}
          />
        )}
      </Suspense>
    </Box>
  );
}

/** ?type=fourth: account security. */
export function SecurityTab({ companyId }: { companyId: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            登录密码
          </Typography>
          <LoginPasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            支付密码
          </Typography>
          <PaymentPasswordForm companyId={companyId} />
        </CardContent>
      </Card>
    </Box>
  );
}
