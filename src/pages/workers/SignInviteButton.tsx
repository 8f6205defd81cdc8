import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Button, useNotify, useRefresh } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { useRowSelection } from '../../../resources/generator/DocumentActions';
import { INVITE_INTERVAL_MINUTES, INVITE_MAX_WORKERS, INVITE_MSG } from '../../domain/workers';

interface InviteResult {
  id: number;
  name: string | null;
  outcome: 'sent' | 'failed' | 'skipped';
  reason: string | null;
}
interface InviteAnswer {
  sent: number;
  failed: number;
  skipped: number;
  results: InviteResult[];
}

function ResultList({ title, results }: { title: string; results: InviteResult[] }) {
  if (results.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}（{results.length} 人）
      </Typography>
      <List dense aria-label={title}>
        {results.map((result) => (
          <ListItem key={result.id} disableGutters>
            <ListItemText primary={result.name ?? `编号 ${result.id}`} secondary={result.reason} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

/**
 * 发送签署邀请 on /signUser: the workers picked in the list each get the SMS with their signing link
 * (POST /api/v1/workers/sign_invitations); the dialog then says how many were sent and names the ones that failed
 * or were skipped, with the reason. The list's 邀请状态 column follows each worker's answer.
 */
export function SignInviteButton() {
  const { selectedIds } = useRowSelection();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<InviteAnswer | null>(null);
  const start = () => {
    if (selectedIds.length === 0) {
      notify(INVITE_MSG.nobody, { type: 'warning' });
      return;
    }
    if (selectedIds.length > INVITE_MAX_WORKERS) {
      notify(INVITE_MSG.tooMany, { type: 'warning' });
      return;
    }
    setAnswer(null);
    setForce(false);
    setOpen(true);
  };
  const send = async () => {
    setBusy(true);
    try {
      setAnswer(
        await requestContent<InviteAnswer>('/api/v1/workers/sign_invitations', {
          method: 'POST',
          json: { ids: selectedIds, force },
          timeoutMs: 180_000,
        }),
      );
      refresh();
    } catch {
      // requestContent has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setOpen(false);
    setAnswer(null);
  };
  const label = selectedIds.length > 0 ? `发送签署邀请（已选 ${selectedIds.length} 人）` : '发送签署邀请';
  return (
    <>
      <Button label={label} onClick={start} />
      <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
        <DialogTitle>发送签署邀请</DialogTitle>
        <DialogContent>
          {answer === null ? (
            <>
              <DialogContentText>
                将向已选的 {selectedIds.length}{' '}
                人发送短信，短信里有各自的签署链接（7天内有效），人员打开链接、输入验证码即可签署自由职业者协议。
                已签署、已解约的人员会跳过；{INVITE_INTERVAL_MINUTES}
                分钟内已发送过邀请的人员也会跳过，除非勾选下面的选项。
              </DialogContentText>
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Checkbox checked={force} onChange={(event) => setForce(event.target.checked)} />}
                label="重新发送最近已邀请的人员"
              />
            </>
          ) : (
            <>
              <Alert severity={answer.failed > 0 ? 'warning' : 'success'} role="status">
                {INVITE_MSG.summary(answer.sent, answer.failed, answer.skipped)}
              </Alert>
              <ResultList title="发送失败" results={answer.results.filter((item) => item.outcome === 'failed')} />
              <ResultList title="已跳过" results={answer.results.filter((item) => item.outcome === 'skipped')} />
            </>
          )}
        </DialogContent>
        <DialogActions>
          {answer === null ? (
            <>
              <MuiButton onClick={close} disabled={busy}>
                取消
              </MuiButton>
              <MuiButton variant="contained" onClick={() => void send()} disabled={busy}>
                {busy ? '发送中…' : '发送'}
              </MuiButton>
            </>
          ) : (
            <MuiButton variant="contained" onClick={close}>
              完成
            </MuiButton>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
