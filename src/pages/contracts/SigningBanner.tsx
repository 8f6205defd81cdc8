import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { RiskConfirmDialog, riskConfirmOf } from '../../components/RiskConfirmDialog';
import { ENTERPRISE_STATUS_CODE } from '../../domain/enterprises';
import { showToast } from '../../shell/toast';
import {
  awaitingSignature,
  type ContractRow,
  companySignStatus,
  type EnterpriseOption,
  signableEnterprises,
  startSigning,
} from './contractApi';

const SERVICE_AGREEMENT = 1;

/**
 * Guides the merchant to sign: the agreements waiting for its signature, each a click away; a company that has
 * no service agreement yet and none waiting picks the enterprise it works with and has one drawn up to sign.
 * `version` changes after a signing so the banner reads again.
 */
export function SigningBanner({
  companyId,
  version,
  onSign,
}: {
  companyId: number;
  version: number;
  onSign: (id: number) => void;
}) {
  const [waiting, setWaiting] = useState<ContractRow[] | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [enterprises, setEnterprises] = useState<EnterpriseOption[]>([]);
  const [enterpriseId, setEnterpriseId] = useState<number | ''>('');
  const [riskText, setRiskText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void version;
    awaitingSignature().then(setWaiting, () => setWaiting([]));
    companySignStatus(companyId).then(
      (status) => setUnsigned(status.signStatus !== 1),
      () => setUnsigned(false),
    );
  }, [companyId, version]);

  const needsNew = waiting !== null && waiting.length === 0 && unsigned;
  useEffect(() => {
    if (needsNew) signableEnterprises().then(setEnterprises, () => setEnterprises([]));
  }, [needsNew]);

  const drawUp = async (confirmRisk: boolean) => {
    if (enterpriseId === '') return;
    setBusy(true);
    try {
      const agreement = await startSigning(companyId, enterpriseId, SERVICE_AGREEMENT, confirmRisk);
      onSign(agreement.id);
    } catch (failure) {
      const risk = riskConfirmOf(failure);
      if (risk) setRiskText(risk.text);
      else showToast(failure instanceof Error ? failure.message : '生成协议失败，请重试', 'error');
    } finally {
      setBusy(false);
    }
  };

  if (waiting && waiting.length > 0) {
    return (
      <Alert severity="warning" sx={{ mt: 2 }} aria-label="待签署提醒">
        您有 {waiting.length} 份协议等待贵公司签署，签署后方可正常发放与结算：
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
          {waiting.slice(0, 5).map((row) => (
            <li key={row.id}>
              《{row.nm}》{row.enterpriseName ? `（服务主体：${row.enterpriseName}）` : ''}
              <Button size="small" sx={{ ml: 1 }} onClick={() => onSign(row.id)}>
                去签署
              </Button>
            </li>
          ))}
        </Box>
      </Alert>
    );
  }
  if (!needsNew) return null;
  return (
    <Alert severity="info" sx={{ mt: 2 }} aria-label="签约引导">
      贵公司尚未签署服务协议。请选择合作的服务主体，系统将生成服务协议，阅读后在线签署即可。
      <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="服务主体"
          value={enterpriseId}
          onChange={(event) => setEnterpriseId(Number(event.target.value))}
          sx={{ minWidth: 280 }}
        >
          {enterprises.map((enterprise) => (
            <MenuItem key={enterprise.id} value={enterprise.id}>
              {enterprise.name}
              {enterprise.status === ENTERPRISE_STATUS_CODE.risky ? '（有风险）' : ''}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" disabled={enterpriseId === '' || busy} onClick={() => void drawUp(false)}>
          生成并签署服务协议
        </Button>
      </Box>
      <RiskConfirmDialog
        text={riskText}
        onCancel={() => setRiskText(null)}
        onConfirm={() => {
          setRiskText(null);
          void drawUp(true);
        }}
      />
    </Alert>
  );
}
