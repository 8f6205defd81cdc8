import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  LoginRefused,
  landingPath,
  loginWithPassword,
  loginWithSms,
  loginWithSso,
  returnPathFrom,
} from '../../../providers/auth/loginApi';
import { ApiError } from '../../../providers/httpClient';
import { CaptchaField, type CaptchaValue } from '../../components/CaptchaField';
import { PlainTextField } from '../../components/PlainTextField';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { CODE_BUSINESS_ERROR } from '../../domain/codes';
import { productTitle } from '../../domain/editions';
import type { LoginContent } from '../../domain/session';
import { SMS_TYPE } from '../../domain/session';
import { MSG, validateLoginPhone, validatePassword, validateSmsCode, validateUsername } from '../../domain/validation';
import { usePublicSettings } from '../../shell/publicSettings';
import { showToast } from '../../shell/toast';
import type { AccountChoice } from './ChooseCompanyDialog';
import { useMaintenance } from './useMaintenance';

// Dialogs are needed only in the SMS flow: kept out of the login page's first download.
const SendSmsDialog = lazy(() =>
  import('../../components/SendSmsDialog').then((module) => ({ default: module.SendSmsDialog })),
);
const ResetPasswordDialog = lazy(() =>
  import('./ResetPasswordDialog').then((module) => ({ default: module.ResetPasswordDialog })),
);
const ChooseCompanyDialog = lazy(() =>
  import('./ChooseCompanyDialog').then((module) => ({ default: module.ChooseCompanyDialog })),
);

type Edition = 1 | 3;
type Mode = 'password' | 'sms';
type Errors = Partial<Record<'username' | 'password' | 'phone' | 'code' | 'captcha', string>>;

/** /login (spec §2): standard and small-scale tabs, password and SMS modes, Rurl honoured. */
export function LoginPage() {
  // Re-renders with the configured platform name, phone and filing number once 通用设置 arrive.
  const settings = usePublicSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [edition, setEdition] = useState<Edition>(params.get('platformMark') === '3' ? 3 : 1);
  const [mode, setMode] = useState<Mode>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaValue>({ captchaId: '', code: '' });
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [smsDialogOpen, setSmsDialogOpen] = useState(false);
  const [accounts, setAccounts] = useState<AccountChoice[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const smsMode = edition === 1 && mode === 'sms';
  const [resetOpen, setResetOpen] = useState(false);
  // /login?index bypasses the maintenance banner; the server is told with index=1.
  const index = params.has('index');
  const maintenance = useMaintenance(index);
  const ssoAssertion = params.get('mod') === '1' ? params.get('userInf') : null;

  useEffect(() => {
    document.title = `登录 - ${productTitle(edition)}`;
  }, [edition]);

  const afterLogin = async (content: LoginContent) => {
    showToast('登录成功', 'success');
    const target = returnPathFrom(location.search) ?? (await landingPath(content));
    navigate(target, { replace: true });
  };

  // Single sign-on: log in once without the form; any failure returns to a plain /login with the message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per assertion
  useEffect(() => {
    if (!ssoAssertion) return;
    loginWithSso({ userInf: ssoAssertion, platformMark: params.get('platformMark') === '3' ? 3 : 1, index })
      .then(afterLogin)
      .catch((error: unknown) => {
        showToast(error instanceof Error ? error.message : '单点登录失败，请重新登录', 'error');
        navigate(index ? '/login?index' : '/login', { replace: true });
      });
  }, [ssoAssertion]);

  const handleRefusal = (error: unknown) => {
    if (error instanceof LoginRefused) {
      if (error.code === 1040002) {
        setAccounts((error.content as { accounts?: AccountChoice[] })?.accounts ?? []);
        return;
      }
      const needsCaptcha = (error.content as { captchaRequired?: boolean } | null)?.captchaRequired;
      if (needsCaptcha) setCaptchaRequired(true);
      if (needsCaptcha || error.code !== CODE_BUSINESS_ERROR) setCaptchaRefresh((key) => key + 1);
      showToast(error.message, 'error');
      return;
    }
    if (!(error instanceof ApiError)) showToast('登录失败，请稍后再试', 'error');
  };

  const submit = async (event?: FormEvent, chosenUsername?: string) => {
    event?.preventDefault();
    const found: Errors = smsMode
      ? { phone: validateLoginPhone(phone), code: validateSmsCode(code) }
      : {
          username: validateUsername(username),
          password: validatePassword(password),
          captcha: captchaRequired && captcha.code.length !== 6 ? '请输入6位图形验证码' : undefined,
        };
    setErrors(found);
    // Spec §8: a login without its account says so, as the message every other missing input shows.
    if (!smsMode && found.username) showToast(MSG.fillAccount, 'warning');
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    try {
      const content = smsMode
        ? await loginWithSms({ phone, code, username: chosenUsername, index })
        : await loginWithPassword({
            username,
            password,
            type: edition,
            captchaId: captchaRequired ? captcha.captchaId : undefined,
            captchaCode: captchaRequired ? captcha.code : undefined,
            index,
          });
      setAccounts([]);
      await afterLogin(content);
    } catch (error) {
      handleRefusal(error);
    } finally {
      setSubmitting(false);
    }
  };

  const requestSms = () => {
    const message = validateLoginPhone(phone);
    setErrors((current) => ({ ...current, phone: message }));
    if (message) {
      showToast('请填写手机号', 'warning');
      return;
    }
    setSmsDialogOpen(true);
  };
  const [smsSentAt, setSmsSentAt] = useState(0);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #1e3c72 0%, #2a5298 100%)',
      }}
    >
      <Card sx={{ width: 420, maxWidth: '92vw' }} component="main">
        <CardContent sx={{ p: 4 }}>
          <Typography variant="h5" component="h1" align="center" gutterBottom>
            {productTitle(edition)}
          </Typography>
          {maintenance && (
            <Box role="alert" sx={{ mb: 2, p: 1.5, borderRadius: 1, bgcolor: '#fff4e5', color: '#663c00' }}>
              <Typography variant="subtitle2">系统维护中，请稍后访问</Typography>
              <Typography variant="body2">
                维护时间：{maintenance.startTime} 至 {maintenance.endTime}
              </Typography>
            </Box>
          )}
          <Tabs
            value={edition}
            onChange={(_, value: Edition) => {
              setEdition(value);
              setErrors({});
              if (value === 3) setMode('password');
            }}
            variant="fullWidth"
            sx={{ mb: 2 }}
            aria-label="选择版本"
          >
            <Tab label="标准版" value={1} />
            <Tab label="小规模版" value={3} />
          </Tabs>
          <Box
            component="form"
            onSubmit={(event) => void submit(event)}
            noValidate
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            {smsMode ? (
              <>
                <PlainTextField
                  label="手机号"
                  value={phone}
                  onChange={setPhone}
                  error={errors.phone}
                  autoComplete="tel"
                  inputMode="numeric"
                />
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <PlainTextField
                    label="短信验证码"
                    value={code}
                    onChange={setCode}
                    error={errors.code}
                    sx={{ flex: 1 }}
                    maxLength={6}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                  <SmsCodeButton sentAt={smsSentAt} onClick={requestSms} />
                </Box>
              </>
            ) : (
              <>
                <PlainTextField
                  label="账号"
                  value={username}
                  onChange={setUsername}
                  error={errors.username}
                  autoComplete="username"
                  autoFocus
                />
                <PlainTextField
                  label="密码"
                  type="password"
                  value={password}
                  onChange={setPassword}
                  error={errors.password}
                  autoComplete="current-password"
                />
                {captchaRequired && (
                  <CaptchaField
                    value={captcha}
                    onChange={setCaptcha}
                    refreshKey={captchaRefresh}
                    error={errors.captcha}
                  />
                )}
              </>
            )}
            <Button type="submit" variant="contained" size="large" disabled={submitting || !!maintenance}>
              {submitting ? '登录中…' : '登录'}
            </Button>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              {edition === 1 ? (
                <Link
                  component="button"
                  type="button"
                  onClick={() => {
                    setMode(mode === 'password' ? 'sms' : 'password');
                    setErrors({});
                  }}
                >
                  {mode === 'password' ? '短信验证码登录' : '账号密码登录'}
                </Link>
              ) : (
                <span />
              )}
              <Box sx={{ display: 'flex', gap: 2 }}>
                <Link component="button" type="button" onClick={() => setResetOpen(true)}>
                  忘记密码
                </Link>
                <Link href="/register">注册账号</Link>
              </Box>
            </Box>
          </Box>
          {settings && (
            <Typography variant="caption" component="p" align="center" color="text.secondary" sx={{ mt: 2 }}>
              客服电话：{settings.servicePhone}
              {settings.filingNumber && (
                <>
                  <br />
                  {settings.filingNumber}
                </>
              )}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Suspense fallback={null}>
        {smsDialogOpen && (
          <SendSmsDialog
            open
            mobile={phone.trim()}
            type={SMS_TYPE.login}
            onClose={() => setSmsDialogOpen(false)}
            onSent={() => setSmsSentAt(Date.now())}
          />
        )}
        {resetOpen && <ResetPasswordDialog platformMark={edition} onClose={() => setResetOpen(false)} />}
        {accounts.length > 0 && (
          <ChooseCompanyDialog
            accounts={accounts}
            onClose={() => setAccounts([])}
            onChoose={(chosen) => void submit(undefined, chosen)}
          />
        )}
      </Suspense>
    </Box>
  );
}
