import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiError, request, requestContent } from '../../providers/httpClient';
import { ATTEMPT_TRIGGER_CHOICES, WEBHOOK_KIND, WEBHOOK_KIND_CHOICES } from '../../src/domain/merchantWebhooks';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

interface Attempt {
  id: number;
  trigger: number;
  operator: string | null;
  url: string;
  httpStatus: number | null;
  outcome: number;
  error: string | null;
  durationMs: number;
  requestExcerpt: string | null;
  responseExcerpt: string | null;
  createTime: string;
}

const pre = {
  m: 0,
  p: 1,
  bgcolor: 'grey.100',
  borderRadius: 1,
  fontSize: 12,
  maxHeight: 240,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** A delivery's attempts, newest first, with the request (signature masked) and the answer's excerpt. */
function AttemptsDetail({ base }: { base: string }) {
  const record = useRecordContext();
  const [attempts, setAttempts] = useState<Attempt[] | null>(null);
  useEffect(() => {
    if (!record) return;
    requestContent<Attempt[]>(`${base}/${record.id}/attempts`, { silent: true })
      .then(setAttempts)
      .catch(() => setAttempts([]));
  }, [base, record]);
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        推送内容
      </Typography>
      <Box component="pre" aria-label="推送内容" sx={pre}>
        {String(record.payload ?? '')}
      </Box>
      {attempts === null ? (
        <Typography variant="body2">加载中…</Typography>
      ) : attempts.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          尚未推送
        </Typography>
      ) : (
        attempts.map((attempt) => (
          <Paper key={attempt.id} variant="outlined" sx={{ p: 1, mt: 1 }} aria-label={`第${attempt.id}次推送`}>
            <Typography variant="body2">
              {attempt.createTime}　
              {ATTEMPT_TRIGGER_CHOICES.find((choice) => choice.id === attempt.trigger)?.name ?? ''}
              {attempt.operator ? `（${attempt.operator}）` : ''}　{attempt.outcome === 1 ? '成功' : '失败'}　HTTP{' '}
              {attempt.httpStatus ?? '无应答'}　{attempt.durationMs} 毫秒　{attempt.error ?? ''}
            </Typography>
            <Typography variant="caption">{attempt.url}</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              <Box component="pre" aria-label="请求摘录" sx={{ ...pre, flex: 1, minWidth: 260 }}>
                {attempt.requestExcerpt ?? '（无）'}
              </Box>
              <Box component="pre" aria-label="应答摘录" sx={{ ...pre, flex: 1, minWidth: 260 }}>
                {attempt.responseExcerpt ?? '（无）'}
              </Box>
            </Box>
          </Paper>
        ))
      )}
    </Box>
  );
}

/** /adWebhookDeliveries: the log across the companies in the staff's scope; a row opens its attempts. */
export function WebhookDeliveryList({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <GeneratedList
      declaration={declaration}
      rowClick="expand"
      expand={<AttemptsDetail base="/api/v1/adwebhooks/deliveries" />}
    />
  );
}

interface Settings {
  payoutUrl: string;
  signingUrl: string;
  invoiceUrl: string;
  hasSecret: boolean;
  secretPrefix: string;
  secretTime: string;
}

const URL_INPUTS = [
  { field: 'payoutUrl', kind: WEBHOOK_KIND.payout, label: '打款结果推送地址', help: '打款成功、失败、挂单、退汇' },
  { field: 'signingUrl', kind: WEBHOOK_KIND.signing, label: '签约结果推送地址', help: '签约完成、签约失败' },
  { field: 'invoiceUrl', kind: WEBHOOK_KIND.invoice, label: '发票开具推送地址', help: '发票已开具' },
] as const;

async function call<T>(path: string, method: 'PUT' | 'POST', json: unknown): Promise<{ content: T; message: string }> {
  const answer = await request<T>(path, { method, json, silent: true });
  if (answer.code !== 1020000) throw new ApiError(answer.message, 200, answer.code, null);
  return { content: answer.content, message: answer.message };
}

/** The merchant's addresses, the secret (generated, shown once) and a test message per kind. */
function SettingsPanel() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    requestContent<Settings>('/api/v1/webhooks/settings', { silent: true })
      .then((loaded) => {
        setSettings(loaded);
        setDraft({ payoutUrl: loaded.payoutUrl, signingUrl: loaded.signingUrl, invoiceUrl: loaded.invoiceUrl });
      })
      .catch((error: unknown) => notify(error instanceof Error ? error.message : '读取失败', { type: 'error' }));
  }, [notify]);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(error instanceof Error ? error.message : '操作失败', { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const answer = await call<Settings>('/api/v1/webhooks/settings', 'PUT', draft);
      setSettings(answer.content);
      notify(answer.message, { type: 'success' });
    });
  const regenerate = () =>
    run(async () => {
      const answer = await call<{ secret: string; secretPrefix: string }>('/api/v1/webhooks/secret', 'POST', {});
      setSecret(answer.content.secret);
      setSettings((current) => current && { ...current, hasSecret: true, secretPrefix: answer.content.secretPrefix });
    });
  const test = (kind: number) =>
    run(async () => {
      const answer = await request<unknown>('/api/v1/webhooks/test', { method: 'POST', json: { kind }, silent: true });
      notify(answer.message, { type: answer.code === 1020000 ? 'success' : 'warning', autoHideDuration: 5000 });
      refresh();
    });
  if (!settings) return null;
  return (
    <Paper variant="outlined" sx={{ m: 2, p: 2 }} aria-label="推送设置">
      <Typography variant="subtitle1" gutterBottom>
        推送设置
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        平台以 POST 推送 JSON，请求头 x-lg-timestamp（秒）、x-lg-event-id、x-lg-signature（用签名密钥对
        「timestamp.原始请求体」做 HMAC-SHA256 的十六进制）。贵司系统返回 2xx 即为成功，否则按 1 分钟、5 分钟、30
        分钟、2 小时、6 小时重试，仍失败则标记为推送失败。地址不能指向本机或内网。
      </Typography>
      {URL_INPUTS.map((input) => (
        <Box key={input.field} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <TextField
            label={input.label}
            helperText={input.help}
            value={draft[input.field] ?? ''}
            onChange={(event) => setDraft((current) => ({ ...current, [input.field]: event.target.value }))}
            sx={{ flex: 1 }}
            size="small"
          />
          <Button
            label={`发送测试（${WEBHOOK_KIND_CHOICES.find((choice) => choice.id === input.kind)?.name}）`}
            disabled={busy || !settings[input.field]}
            onClick={() => void test(input.kind)}
          />
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
        <Button label="保存推送地址" variant="contained" disabled={busy} onClick={() => void save()} />
        <Typography variant="body2">
          签名密钥：{settings.hasSecret ? `${settings.secretPrefix}（${settings.secretTime} 生成）` : '未生成'}
        </Typography>
        <Button
          label={settings.hasSecret ? '重新生成密钥' : '生成密钥'}
          disabled={busy}
          onClick={() => void regenerate()}
        />
      </Box>
      <Dialog open={secret !== null} onClose={() => setSecret(null)} aria-labelledby="webhook-secret-title">
        <DialogTitle id="webhook-secret-title">签名密钥</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            密钥只显示这一次，关闭后无法再查看；重新生成后旧密钥立即失效。
          </Alert>
          <TextField label="签名密钥" value={secret ?? ''} fullWidth slotProps={{ input: { readOnly: true } }} />
        </DialogContent>
        <DialogActions>
          <Button label="我已保存，关闭" onClick={() => setSecret(null)} />
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** /openWebhooks 消息推送: the settings above the company's own delivery log. */
export function WebhookSettingsPage({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <Box>
      <SettingsPanel />
      <GeneratedList
        declaration={declaration}
        rowClick="expand"
        expand={<AttemptsDetail base="/api/v1/webhooks/deliveries" />}
      />
    </Box>
  );
}
