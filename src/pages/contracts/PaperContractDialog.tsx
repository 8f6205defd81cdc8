import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { Form } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { UploadInput } from '../../../resources/generator/UploadInput';
import type { FieldDeclaration } from '../../../resources/types';
import { RiskConfirmDialog, riskConfirmOf } from '../../components/RiskConfirmDialog';
import { showToast } from '../../shell/toast';
import { type ContractRow, uploadPaperContract } from './contractApi';

const SCAN: FieldDeclaration = {
  source: 'paperUrl',
  label: '纸质合同扫描件（pdf，盖章签字后扫描，不超过10M）',
  type: 'file',
  nameSource: 'paperName',
  required: true,
};

function SubmitButton({ busy }: { busy: boolean }) {
  const url = useWatch({ name: 'paperUrl' });
  return (
    <Button type="submit" variant="contained" disabled={busy || !url}>
      {busy ? '提交中…' : '确认上传'}
    </Button>
  );
}

/**
 * A paper copy instead of the e-signature, for an agreement that still waits for the merchant: the signed and
 * stamped scan is uploaded (the shared upload input), then the agreement counts as signed 纸质签署 and its
 * download is that scan. A risky enterprise is confirmed first; a locked one is refused by the server.
 */
export function PaperContractDialog({
  contract,
  companyId,
  onClose,
  onDone,
}: {
  contract: ContractRow | null;
  companyId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [risk, setRisk] = useState<{ text: string; url: string } | null>(null);

  const submit = async (url: string, confirmRisk: boolean) => {
    if (!contract) return;
    setBusy(true);
    setError(undefined);
    try {
      await uploadPaperContract(companyId, contract.id, url, confirmRisk);
      showToast('纸质合同已上传', 'success');
      onDone();
    } catch (failure) {
      const asked = riskConfirmOf(failure);
      if (asked) setRisk({ text: asked.text, url });
      else setError(failure instanceof Error ? failure.message : '上传失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={contract !== null}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="paper-title"
    >
      <DialogTitle id="paper-title">上传纸质合同{contract ? `：${contract.nm}` : ''}</DialogTitle>
      <Form
        key={contract?.id ?? 0}
        onSubmit={(values: Record<string, unknown>) => {
          const url = typeof values.paperUrl === 'string' ? values.paperUrl : '';
          if (url) void submit(url, false);
        }}
      >
        <DialogContent dividers>
          <Alert severity="info" sx={{ mb: 2 }}>
            上传双方签字盖章后的纸质合同扫描件，提交后该合同即为已签署（纸质签署），不能再在线签署或重新上传。
          </Alert>
          <UploadInput field={SCAN} />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <SubmitButton busy={busy} />
        </DialogActions>
      </Form>
      <RiskConfirmDialog
        text={risk?.text ?? null}
        onCancel={() => setRisk(null)}
        onConfirm={() => {
          const url = risk?.url ?? '';
          setRisk(null);
          void submit(url, true);
        }}
      />
    </Dialog>
  );
}
