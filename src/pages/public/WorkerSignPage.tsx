import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { SmsCodeButton } from '../../components/SmsCodeButton';

interface SigningInfo {
  agreementNo: string;
  workerName: string;
  idMasked: string;
  companyName: string;
  enterpriseName: string;
  status: number;
  signTime: string | null;
  sha256: string | null;
  /** The worker's mobile on record, masked: where the code goes. */
  mobileMasked: string | null;
  /** esign: the worker signs on e签宝's page (its own willingness check) instead of with a platform code. */
  signVia?: string;
}

interface Envelope<T> {
  code: number;
  message: string;
  content: T;
}

const OK = 1020000;
const SMS_CODE = /^\d{6}$/;

/**
 * The worker's signing page, outside the admin shell: opened from the link the merchant sends,
 * no login. Shows the agreement (the PDF the e-sign provider rendered with the worker's details) and 同意并签署,
 * which needs the code sent to the worker's own mobile (获取验证码): holding the link alone signs nothing.
 */
export function WorkerSignPage() {
  const { token = '' } = useParams();
  const base = `/api/v1/open/worker_sign/${encodeURIComponent(token)}`;
  const [info, setInfo] = useState<SigningInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(base)
      .then((response) => response.json() as Promise<Envelope<SigningInfo>>)
      .then((answer) => {
        if (!live) return;
        if (answer.code === OK) setInfo(answer.content);
        else setError(answer.message);
      })
      .catch(() => live && setError('网络异常，请稍后重试'));
    return () => {
      live = false;
    };
  }, [base]);

  const sendCode = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = (await (await fetch(`${base}/code`, { method: 'POST' })).json()) as Envelope<{
        mobileMasked: string;
      }>;
      if (answer.code !== OK) setError(answer.message);
      else {
        setSentTo(answer.content.mobileMasked);
        setSentAt(Date.now());
      }
    } catch {
      setError('网络异常，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  /** 前往e签宝签署: the server makes (or reuses) the e签宝 sign flow and answers its signing page. */
  const signOnEsign = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = (await (await fetch(`${base}/esign`, { method: 'POST' })).json()) as Envelope<{ url: string }>;
      if (answer.code !== OK) setError(answer.message);
      else window.location.assign(answer.content.url);
    } catch {
      setError('网络异常，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  const sign = async () => {
    setBusy(true);
    setError(null);
    try {
      const request = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      };
      const answer = (await (await fetch(base, request)).json()) as Envelope<{
        signTime: string;
        sha256: string;
      }>;
      if (answer.code !== OK) setError(answer.message);
      else if (info) {
        setInfo({ ...info, status: 1, signTime: answer.content.signTime, sha256: answer.content.sha256 });
        setVersion((value) => value + 1);
      }
    } catch {
      setError('网络异常，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ maxWidth: 880, mx: 'auto', p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        自由职业者协议签署
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {info && (
        <Paper sx={{ p: 2 }}>
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography>协议编号：{info.agreementNo}</Typography>
            <Typography>
              签署人：{info.workerName}（{info.idMasked}）
            </Typography>
            <Typography>服务主体：{info.enterpriseName}</Typography>
            <Typography>用工企业：{info.companyName}</Typography>
          </Stack>
          <Box
            component="iframe"
            title="协议内容"
            src={`${base}/pdf?v=${version}`}
            sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider' }}
          />
          {info.status === 1 ? (
            // The 64-character hash has no spaces: it breaks anywhere so a phone shows it whole.
            <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
              已签署（{info.signTime}），文件 SHA-256：{info.sha256}
            </Alert>
          ) : info.signVia === 'esign' ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                本协议通过e签宝签署：请在e签宝页面完成本人意愿认证并签署，完成后回到本页查看已签署的协议。
              </Typography>
              <Button variant="contained" disabled={busy} onClick={() => void signOnEsign()}>
                前往e签宝签署
              </Button>
            </Box>
          ) : (
            <Box
              component="form"
              aria-label="签署验证"
              sx={{ mt: 2 }}
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy && SMS_CODE.test(code)) void sign();
              }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {sentTo
                  ? `验证码已发送至 ${sentTo}，5分钟内有效`
                  : `为确认是您本人签署，请获取发送至您登记手机号${info.mobileMasked ? ` ${info.mobileMasked} ` : ''}的验证码`}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mb: 2, maxWidth: 420 }}>
                <TextField
                  label="短信验证码"
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                  fullWidth
                />
                <SmsCodeButton onClick={sendCode} sentAt={sentAt} disabled={sending} />
              </Stack>
              <Button variant="contained" type="submit" disabled={busy || !SMS_CODE.test(code)}>
                同意并签署
              </Button>
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}
