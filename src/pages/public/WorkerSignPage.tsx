import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';

interface SigningInfo {
  agreementNo: string;
  workerName: string;
  idMasked: string;
  companyName: string;
  enterpriseName: string;
  status: number;
  signTime: string | null;
  sha256: string | null;
}

interface Envelope<T> {
  code: number;
  message: string;
  content: T;
}

const OK = 1020000;

/**
 * The worker's signing page (issue 12 part 5), outside the admin shell: opened from the link the merchant sends,
 * no login. Shows the agreement (the PDF the e-sign provider rendered with the worker's details) and 同意并签署.
 */
export function WorkerSignPage() {
  const { token = '' } = useParams();
  const base = `/api/v1/open/worker_sign/${encodeURIComponent(token)}`;
  const [info, setInfo] = useState<SigningInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

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

  const sign = async () => {
    setBusy(true);
    try {
      const answer = (await (await fetch(base, { method: 'POST' })).json()) as Envelope<{
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
            <Alert severity="success" sx={{ mt: 2 }}>
              已签署（{info.signTime}），文件 SHA-256：{info.sha256}
            </Alert>
          ) : (
            <Button variant="contained" sx={{ mt: 2 }} disabled={busy} onClick={sign}>
              同意并签署
            </Button>
          )}
        </Paper>
      )}
    </Box>
  );
}
