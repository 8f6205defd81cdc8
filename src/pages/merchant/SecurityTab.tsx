import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { validatePassword, validateRegisterPassword, validateRepeatPassword } from '../../domain/validation';
import { showToast } from '../../shell/toast';
import { changeLoginPassword, paymentPasswordState, savePaymentPassword } from './merchantApi';

const PAYMENT_PASSWORD = /^\d{6}$/;

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

/** Set or change the company's 6-digit payment password; the login password proves it is the owner. */
function PaymentPasswordForm({ companyId }: { companyId: number }) {
  const [isSet, setIsSet] = useState<boolean | null>(null);
  const [values, setValues] = useState({ loginPassword: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saved, setSaved] = useState(false);
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
      loginPassword: values.loginPassword.trim() ? undefined : '请输入登录密码',
      password: PAYMENT_PASSWORD.test(values.password) ? undefined : '支付密码为6位数字',
      repeat: values.repeat === values.password ? undefined : '两次输入密码不一致!',
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await savePaymentPassword(companyId, values.password, values.loginPassword);
      showToast(isSet ? '支付密码修改成功' : '支付密码设置成功', 'success');
      setIsSet(true);
      setSaved(true);
      setValues({ loginPassword: '', password: '', repeat: '' });
    } catch (failure) {
      setErrors({ loginPassword: (failure as Error).message });
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
        设置或修改支付密码需验证当前账号的登录密码。
      </Typography>
      <PasswordField
        label="登录密码"
        value={values.loginPassword}
        error={errors.loginPassword}
        onChange={set('loginPassword')}
      />
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
