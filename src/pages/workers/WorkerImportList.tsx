import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useRefresh } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, requestContent } from '../../../providers/httpClient';
import { downloadApiFile } from '../../../resources/generator/downloadFile';
import { GeneratedList } from '../../../resources/generator/GeneratedList';
import type { ResourceDeclaration } from '../../../resources/types';
import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../domain/payoutBatch';
import {
  AUDIT_STATUS_HELP,
  INVITE_INTERVAL_MINUTES,
  WORKER_COLUMNS,
  WORKER_FIELD_LABELS,
  WORKER_MSG,
  type WorkerImportKind,
} from '../../domain/workers';
import { showToast } from '../../shell/toast';
import { RemitErrors } from '../remit/RemitErrors';
import type { RowErrors } from '../remit/remitApi';
import { PayoutTemplateButton } from './PayoutTemplateButton';
import { SignInviteButton } from './SignInviteButton';
import { WhitelistSection } from './WhitelistSection';

const KIND_OF: Readonly<Record<string, WorkerImportKind>> = {
  signUser: 'sign',
  sign: 'sign',
  laborImport: 'labor',
  refererImport: 'referer',
};

function isRowErrors(content: unknown): content is RowErrors {
  return !!content && typeof content === 'object' && Array.isArray((content as RowErrors).errors);
}

function downloadTemplate(kind: WorkerImportKind, format: 'xlsx' | 'csv'): Promise<void> {
  return downloadApiFile('/api/v1/workers/template', `人员导入模板.${format}`, { format, kind });
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'failed'; message: string }
  | { kind: 'errors'; message: string; result: RowErrors }
  | { kind: 'done'; message: string };

function AddWorkerDialog({ kind, open, onClose }: { kind: WorkerImportKind; open: boolean; onClose: () => void }) {
  const refresh = useRefresh();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const columns = WORKER_COLUMNS.filter((column) => column.field !== 'referrer' || kind === 'referer');
  const save = async () => {
    setBusy(true);
    try {
      const saved = await requestContent<{ name: string }>('/api/v1/workers', {
        method: 'POST',
        json: { ...values, kind },
        silent: true,
      });
      showToast(`已添加 ${saved.name}`, 'success');
      setValues({});
      setErrors({});
      refresh();
      onClose();
    } catch (error) {
      const content = error instanceof ApiError ? (error.content as { errors?: Record<string, string> }) : undefined;
      setErrors(content?.errors ?? {});
      showToast(error instanceof Error ? error.message : '保存失败', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>手工添加人员</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {columns.map((column) => (
          <TextField
            key={column.field}
            label={column.header}
            required={column.required || (kind === 'referer' && column.field === 'referrer')}
            select={!!column.choices}
            size="small"
            value={values[column.field] ?? ''}
            error={!!errors[column.field]}
            helperText={errors[column.field]}
            onChange={(event) => setValues({ ...values, [column.field]: event.target.value })}
          >
            {column.choices?.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          保存
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the 签约人员 list's status columns mean, in an operator's words. */
function ListHelp() {
  return (
    <Alert severity="info" role="region" aria-label="列表说明">
      <Typography variant="body2">
        <strong>签署邀请：</strong>
        {`勾选待签署的人员，点「发送签署邀请」，每人会收到带签署链接的短信。「邀请状态」依次为已发送、已打开（人员打开了签署页）、已签署；短信未送达为「发送失败」，原因见「邀请失败原因」。${INVITE_INTERVAL_MINUTES}分钟内已邀请过的人员不会重复发送，除非选择重新发送。`}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        <strong>审核状态：</strong>
        {AUDIT_STATUS_HELP}
      </Typography>
    </Alert>
  );
}

/**
 * /signUser, /sign, /laborImport, /refererImport: import from the template with the payout upload's table of
 * bad rows (nothing is added until every row is right), add one by hand, and the company's workers below.
 */
export function WorkerImportList({ declaration }: { declaration: ResourceDeclaration }) {
  const kind = KIND_OF[declaration.name] ?? 'sign';
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [adding, setAdding] = useState(false);

  const upload = async (file: File) => {
    if (file.size > BATCH_MAX_BYTES) {
      setStage({ kind: 'failed', message: '文件不能超过10MB' });
      return;
    }
    setStage({ kind: 'checking', fileName: file.name });
    const body = new FormData();
    body.append('file', file, file.name);
    try {
      const result = await requestContent<{ count: number }>(`/api/v1/workers/import/${kind}`, {
        method: 'POST',
        body,
        silent: true,
        timeoutMs: 120_000,
      });
      setStage({ kind: 'done', message: WORKER_MSG.imported(Number(result?.count ?? 0)) });
      // The imported rows are 待签署: a filter left from before (e.g. 已签署) would hide them, so the list starts
      // over unfiltered, newest first (the list keeps its query in the URL).
      const query = new URLSearchParams({ filter: '{}', page: '1', sort: 'id', order: 'DESC' });
      navigate({ pathname, search: `?${query}` }, { replace: true });
      refresh();
    } catch (error) {
      const content = error instanceof ApiError ? error.content : undefined;
      const message = error instanceof Error ? error.message : '导入失败，请重试';
      setStage(isRowErrors(content) ? { kind: 'errors', message, result: content } : { kind: 'failed', message });
    }
  };
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload(file);
  };
  const template = (format: 'xlsx' | 'csv') =>
    downloadTemplate(kind, format).catch((error: Error) => showToast(error.message, 'error'));

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            导入人员
          </Typography>
          <Typography variant="body2" color="text.secondary">
            在模板的「人员」页填写姓名、身份证号、手机号、银行卡号、开户银行{kind === 'referer' ? '、推荐人' : ''}
            （「填写示例」页只作参考，不会导入）；支持 .xlsx 和 .csv，单次最多 {BATCH_MAX_ROWS}{' '}
            行。每行都会做实名核验，全部通过才会导入；导入后人员为「待签署」， 签署自由职业者协议后才能打款。
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button variant="outlined" onClick={() => template('xlsx')}>
              下载模板（Excel）
            </Button>
            <Button variant="outlined" onClick={() => template('csv')}>
              下载模板（CSV）
            </Button>
            <Button variant="contained" disabled={stage.kind === 'checking'} onClick={() => input.current?.click()}>
              选择文件并导入
            </Button>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              手工添加
            </Button>
            <input ref={input} type="file" hidden accept=".xlsx,.csv" aria-label="上传人员文件" onChange={chosen} />
          </Box>
        </CardContent>
      </Card>
      {stage.kind === 'checking' && (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 1 }}>正在校验「{stage.fileName}」…</Typography>
            <LinearProgress aria-label="处理中" />
          </CardContent>
        </Card>
      )}
      {stage.kind === 'failed' && <Alert severity="error">{stage.message}</Alert>}
      {stage.kind === 'done' && <Alert severity="success">{stage.message}</Alert>}
      {stage.kind === 'errors' && (
        <Box>
          <RemitErrors message={stage.message} result={stage.result} labels={WORKER_FIELD_LABELS} />
        </Box>
      )}
      <AddWorkerDialog kind={kind} open={adding} onClose={() => setAdding(false)} />
      {declaration.name === 'signUser' && <ListHelp />}
      {declaration.name === 'signUser' ? (
        <GeneratedList
          declaration={declaration}
          selectable
          toolbar={
            <>
              <SignInviteButton />
              <PayoutTemplateButton declaration={declaration} />
            </>
          }
        />
      ) : (
        <GeneratedList declaration={declaration} />
      )}
      {declaration.name === 'signUser' && <WhitelistSection />}
    </Box>
  );
}
