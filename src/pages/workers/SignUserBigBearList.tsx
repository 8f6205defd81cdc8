import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRefresh } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { downloadApiFile } from '../../../resources/generator/downloadFile';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { DOWNLOAD_STATUS, SIGN_STATUS_CHOICES } from '../../domain/workers';
import { showToast } from '../../shell/toast';
import { CompanyPicker } from '../finance/CompanyPicker';
import type { CompanyOption } from '../finance/financeApi';

interface Job {
  id: number;
  companyName: string;
  enterpriseName: string;
  status: number;
  statusName: string;
  workerCount: number;
  agreementCount: number;
  message: string | null;
  url: string | null;
}

const POLL_MS = 1500;

/**
 * /adSignUserBigBear 大熊信息下载: pick a company (by name) and, optionally, one 大熊 enterprise and a sign status;
 * the server builds the zip (人员信息.xlsx and the signed agreements) in the background, the page follows the job
 * until it is 已完成 and offers the file; earlier jobs are listed below with their own 下载.
 */
export function SignUserBigBearList({ declaration }: { declaration: ResourceDeclaration }) {
  const refresh = useRefresh();
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [enterprises, setEnterprises] = useState<{ id: number; name: string }[]>([]);
  const [enterpriseId, setEnterpriseId] = useState(0);
  const [status, setStatus] = useState('all');
  const [job, setJob] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    requestContent<{ id: number; name: string }[]>('/api/v1/workers/bigbear/enterprises', { background: true })
      .then(setEnterprises)
      .catch(() => setEnterprises([]));
  }, []);

  const running = job !== null && (job.status === DOWNLOAD_STATUS.queued || job.status === DOWNLOAD_STATUS.running);
  useEffect(() => {
    if (!running || !job) return;
    const timer = setTimeout(() => {
      requestContent<Job>(`/api/v1/enterprises/downloadstatus/${job.id}`, { background: true, silent: true })
        .then((next) => {
          setJob(next);
          if (next.status !== DOWNLOAD_STATUS.queued && next.status !== DOWNLOAD_STATUS.running) refresh();
        })
        .catch((error: Error) => showToast(error.message, 'error'));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, job, refresh]);

  const start = async () => {
    if (!company) return;
    setBusy(true);
    try {
      const started = await requestContent<Job>(`/api/v1/enterprises/download/${enterpriseId}/${status}`, {
        method: 'POST',
        json: { companyId: company.id },
        silent: true,
      });
      setJob(started);
      refresh();
    } catch (error) {
      showToast(error instanceof Error ? error.message : '发起下载失败', 'error');
    } finally {
      setBusy(false);
    }
  };
  const download = (url: string) =>
    downloadApiFile(url, '大熊人员信息.zip').catch((error: Error) => showToast(error.message, 'error'));

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            发起下载
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            下载所选企业与大熊服务主体签约人员的信息（Excel）和已签署的协议（PDF），合并为一个压缩包；人员较多时在后台生成，完成后可在下方任务列表中随时下载。
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <CompanyPicker label="企业" platformMark={1} value={company} onChange={setCompany} required />
            <TextField
              select
              size="small"
              label="服务主体"
              value={enterpriseId}
              onChange={(event) => setEnterpriseId(Number(event.target.value))}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value={0}>全部大熊服务主体</MenuItem>
              {enterprises.map((enterprise) => (
                <MenuItem key={enterprise.id} value={enterprise.id}>
                  {enterprise.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="签约状态"
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="all">全部</MenuItem>
              {SIGN_STATUS_CHOICES.map((choice) => (
                <MenuItem key={choice.id} value={String(choice.id)}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={!company || busy || running} onClick={() => void start()}>
              开始下载
            </Button>
          </Box>
        </CardContent>
      </Card>
      {job && (
        <Card aria-label="下载任务状态">
          <CardContent>
            <Typography sx={{ mb: 1 }}>
              任务 {job.id}：{job.companyName} · {job.enterpriseName} · <strong>{job.statusName}</strong>
            </Typography>
            {running && <LinearProgress aria-label="处理中" />}
            {job.status === DOWNLOAD_STATUS.done && (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2">
                  人员 {job.workerCount} 人，协议 {job.agreementCount} 份{job.message ? `（${job.message}）` : ''}
                </Typography>
                {job.url && (
                  <Button variant="contained" onClick={() => void download(job.url as string)}>
                    下载压缩包
                  </Button>
                )}
              </Box>
            )}
            {job.status === DOWNLOAD_STATUS.failed && <Alert severity="error">{job.message ?? '生成失败'}</Alert>}
          </CardContent>
        </Card>
      )}
      <GeneratedList declaration={declaration} />
    </Box>
  );
}
