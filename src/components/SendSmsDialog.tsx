import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { request } from '../../providers/httpClient';
import { CODE_OK } from '../domain/codes';
import { validateCaptcha } from '../domain/validation';
import { showToast } from '../shell/toast';
import { CaptchaField, type CaptchaValue } from './CaptchaField';

interface Props {
  open: boolean;
  mobile: string;
  /** SMS type: 1 login, 2 reset, 4 payment password, 6 registration. */
  type: number;
  /** With a username the server also checks that the mobile belongs to it (`vericode`). */
  username?: string;
  onClose: () => void;
  onSent: () => void;
}

/** The image captcha asked before every SMS send (DESIGN §4), then the send itself. */
export function SendSmsDialog({ open, mobile, type, username, onClose, onSent }: Props) {
  const [captcha, setCaptcha] = useState<CaptchaValue>({ captchaId: '', code: '' });
  const [refreshKey, setRefreshKey] = useState(0);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const message = validateCaptcha(captcha.code);
    if (message) {
      setError(message);
      return;
    }
    setSending(true);
    try {
      const envelope = await request(username ? '/api/v1/sms/vericode' : '/api/v1/sms/vericodeno', {
        method: 'POST',
        silent: true,
        json: { mobile, type, module: 2, username, token: captcha.captchaId, code: captcha.code },
      });
      if (envelope.code === CODE_OK) {
        showToast('验证码已发送，请注意查收', 'success');
        onSent();
        onClose();
      } else {
        setError(envelope.message);
        setRefreshKey((key) => key + 1);
      }
    } catch (failure) {
      setError((failure as Error).message);
      setRefreshKey((key) => key + 1);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>请输入图形验证码</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          验证码将发送至 {mobile}
        </Typography>
        <CaptchaField
          value={captcha}
          onChange={(value) => {
            // A new image (after a refusal) keeps the refusal's message; typing an answer clears it.
            if (value.captchaId === captcha.captchaId) setError(undefined);
            setCaptcha(value);
          }}
          refreshKey={refreshKey}
          error={error}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={() => void send()} disabled={sending || captcha.code.length !== 6}>
          发送验证码
        </Button>
      </DialogActions>
    </Dialog>
  );
}
