import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { RiskConfirmDialog, riskConfirmOf } from '../../components/RiskConfirmDialog';
import { AGREEMENT_KIND, SIGN_MODE } from '../../domain/enterprises';
import { SIGN_STATUS } from '../../domain/enums';
import { showToast } from '../../shell/toast';
import { type Consent, consentOf, downloadContract, signConsent } from './contractApi';
import { WithdrawAgreementButton } from './WithdrawAgreementButton';

const nameOf = (choices: readonly { id: number; name: string }[], id: number | null) =>
  choices.find((choice) => choice.id === id)?.name ?? '—';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 96, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/**
 * One agreement of the merchant: its details (parties, term, status, the signed file's SHA-256), its PDF to
 * download, and — while it waits for the merchant — signing through the e-sign provider after reading and
 * agreeing. A risky enterprise is confirmed first (its reason named); a locked one, or one not bound to the company
 * (绑定签约主体), cannot be signed with; while it is not signed it can be withdrawn (撤回) and drawn up again.
 */
export function ContractDialog({
  id,
  onClose,
  onSigned,
}: {
  id: number | null;
  onClose: () => void;
  onSigned: () => void;
}) {
  const [consent, setConsent] = useState<Consent | null>(null);
  const [error, setError] = useState<string>();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [riskText, setRiskText] = useState<string | null>(null);

  useEffect(() => {
    setConsent(null);
    setError(undefined);
    setAgreed(false);
    if (id === null) return;
    consentOf(id).then(setConsent, (failure: Error) => setError(failure.message));
  }, [id]);

  const sign = async (confirmRisk: boolean) => {
    if (!consent) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await signConsent(consent.id, confirmRisk);
      setConsent({ ...consent, ...answer });
      if (answer.esignUrl) {
        // A blocked pop-up leaves the link shown in the dialog.
        window.open(answer.esignUrl, '_blank', 'noopener');
        return;
      }
      showToast('签署成功', 'success');
      onSigned();
    } catch (failure) {
      const risk = riskConfirmOf(failure);
      if (risk) setRiskText(risk.text);
      else setError(failure instanceof Error ? failure.message : '签署失败，请重试');
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    if (!consent) return;
    downloadContract(consent.id).catch((failure: Error) => showToast(failure.message, 'error'));
  };

  const waiting = consent !== null && consent.signStatus === 0;
  const signable = waiting && consent.hasDocument && !consent.lockedText && !consent.notBoundText;
  return (
    <Dialog
      open={id !== null}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="contract-title"
    >
      <DialogTitle id="contract-title">{consent ? consent.nm : '合同详情'}</DialogTitle>
      <DialogContent dividers>
        {!consent && !error && <Typography>加载中…</Typography>}
        {consent && (
          <>
            <Row label="合同编号" value={consent.contractNo} />
            <Row label="协议类型" value={nameOf(AGREEMENT_KIND, consent.agreementType)} />
            <Row label="甲方" value={consent.companyName} />
            <Row label="乙方（服务主体）" value={consent.enterpriseName} />
            <Row label="有效期" value={`${consent.startDate} 至 ${consent.endDate}`} />
            <Row label="签署状态" value={nameOf(SIGN_STATUS, consent.signStatus)} />
            {consent.signStatus === 1 && <Row label="签署方式" value={nameOf(SIGN_MODE, consent.signMode)} />}
            {consent.signStatus === 1 && <Row label="签署时间" value={consent.signTime} />}
            {consent.sha256 && <Row label="文件SHA-256" value={consent.sha256} />}
            {waiting && consent.notBoundText && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {consent.notBoundText}。可以撤回这份协议，再选择已绑定的服务主体重新生成。
              </Alert>
            )}
            {waiting && consent.lockedText && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {consent.lockedText}
              </Alert>
            )}
            {waiting && consent.riskText && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {consent.riskText}
              </Alert>
            )}
            {waiting && !consent.hasDocument && (
              <Alert severity="info" sx={{ mt: 2 }}>
                该合同没有可在线签署的文件，请联系客服办理。
              </Alert>
            )}
            {waiting && consent.esignUrl && (
              <Alert severity="info" sx={{ mt: 2 }}>
                请在e签宝页面完成签署：
                <Link href={consent.esignUrl} target="_blank" rel="noopener">
                  打开e签宝签署页
                </Link>
                ，签署完成后重新打开本合同即可看到已签署。
              </Alert>
            )}
            {signable && (
              <FormControlLabel
                sx={{ mt: 2 }}
                control={<Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />}
                label={`我已下载并阅读《${consent.nm}》，同意以电子签章方式签署`}
              />
            )}
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          关闭
        </Button>
        <Button onClick={download} disabled={!consent || (!consent.hasDocument && consent.signMode !== 2)}>
          下载PDF
        </Button>
        {consent?.withdrawable && (
          <WithdrawAgreementButton
            agreement={consent}
            variant="outlined"
            onDone={() => {
              onSigned();
              onClose();
            }}
          />
        )}
        {signable && (
          <Button
            variant="contained"
            disabled={!agreed || busy}
            onClick={() => (consent.riskText ? setRiskText(consent.riskText) : void sign(false))}
          >
            确认签署
          </Button>
        )}
      </DialogActions>
      <RiskConfirmDialog
        text={riskText}
        onCancel={() => setRiskText(null)}
        onConfirm={() => {
          setRiskText(null);
          void sign(true);
        }}
      />
    </Dialog>
  );
}
