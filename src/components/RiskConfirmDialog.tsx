import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ApiError } from '../../providers/httpClient';

/** What the server answers (1040400) when a risky enterprise needs `confirmRisk: true` (enterprises.service.ts). */
export interface RiskConfirm {
  enterpriseId: number;
  enterpriseName: string;
  reason: string | null;
}

/** The risk to confirm carried by an error, if that is what it is. */
export function riskConfirmOf(error: unknown): { text: string; risk: RiskConfirm } | null {
  if (!(error instanceof ApiError) || !error.content || typeof error.content !== 'object') return null;
  const risk = (error.content as { riskConfirm?: RiskConfirm }).riskConfirm;
  return risk ? { text: error.message, risk } : null;
}

/**
 * A risky enterprise (status 有风险) asks before a payout or a signing goes ahead: the dialog names the enterprise
 * and why it was marked, in the server's words.
 */
export function RiskConfirmDialog({
  text,
  onConfirm,
  onCancel,
}: {
  /** The server's confirmation text, naming the enterprise and the reason; null: closed. */
  text: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={text !== null} onClose={onCancel} aria-labelledby="risk-confirm-title">
      <DialogTitle id="risk-confirm-title">服务主体风险提示</DialogTitle>
      <DialogContent>
        <Alert severity="warning">{text}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>取消</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          确定继续
        </Button>
      </DialogActions>
    </Dialog>
  );
}
