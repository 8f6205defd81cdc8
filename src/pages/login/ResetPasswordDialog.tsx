import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { request } from '../../../providers/httpClient';
import { CaptchaField, type CaptchaValue } from '../../components/CaptchaField';
import { PlainTextField } from '../../components/PlainTextField';
import { SmsCodeButton } from '../../components/SmsCodeButton';
import { CODE_OK } from '../../domain/codes';
import { SMS_TYPE } from '../../domain/session';
import { MSG, validateSmsCode } from '../../domain/validation';
import { showToast } from '../../shell/toast';

type Errors = Partial<Record<'name' | 'phone' | 'captcha' | 'code', string>>;

/**
 * 忘记密码: the account and its phone are checked (checknameandphone), the image captcha unlocks the SMS code
 * (vericode, type 2), and PATCH /api/v1/accounts/resetpwd sets a new password that arrives by SMS.
 */
export function ResetPasswordDialog({ platformMark, onClose }: { platformMark: 1 | 3; onClose: () => void }) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaValue>({ captchaId: '', code: '' });
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentAt, setSentAt] = useState(0);
  const [busy, setBusy] = useState(false);

  const accountErrors = (): Errors => ({
    name: name.trim() ? undefined : MSG.fillUsername,
    phone: phone.trim() ? undefined : MSG.fillPhone,
  });

  const sendCode = async () => {
    const found = accountErrors();
    setErrors(found);
    if (found.name || found.phone) {
      showToast((found.name ?? found.phone) as string, 'warning');
      return;
    }
    setBusy(true);
    try {
      const checked = await request('/api/v1/common/checknameandphone', {
        method: 'POST',
        silent: true,
        form: { name: name.trim(), phone: phone.trim() },
      });
      if (checked.code !== CODE_OK) {
        showToast(checked.message, 'error');
        return;
      }
      const sent = await request('/api/v1/sms/vericode', {
        method: 'POST',
        silent: true,
        json: {
          username: name.trim(),
          mobile: phone.trim(),
          type: SMS_TYPE.resetPassword,
          module: 2,
          token: captcha.captchaId,
          code: captcha.code,
        },
      });
      if (sent.code === CODE_OK) {
        showToast('验证码已发送，请注意查收', 'success');
        setSentAt(Date.now());
      } else {
        setErrors({ captcha: sent.message });
        setCaptchaRefresh((key) => key + 1);
      }
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const found = { ...accountErrors(), code: validateSmsCode(code) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const answer = await request('/api/v1/accounts/resetpwd', {
        method: 'PATCH',
        silent: true,
        query: { name: name.trim(), code: code.trim(), platformmark: platformMark },
      });
      if (answer.code === CODE_OK) {
        showToast('密码重置成功，新密码将通过短信发送到您的手机', 'success');
        onClose();
      } else {
        setErrors({ code: answer.message });
      }
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const captchaReady = captcha.code.trim().length === 6;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>忘记密码</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <PlainTextField label="用户名" value={name} onChange={setName} error={errors.name} autoFocus />
          <PlainTextField label="手机号" value={phone} onChange={setPhone} error={errors.phone} inputMode="tel" />
          <CaptchaField value={captcha} onChange={setCaptcha} refreshKey={captchaRefresh} error={errors.captcha} />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <PlainTextField
              label="短信验证码"
              value={code}
              onChange={setCode}
              error={errors.code}
              maxLength={6}
              inputMode="numeric"
              sx={{ flex: 1 }}
            />
            <SmsCodeButton sentAt={sentAt} onClick={() => void sendCode()} disabled={busy || !captchaReady} />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !captchaReady}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
