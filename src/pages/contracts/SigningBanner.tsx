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
import { WithdrawAgreementButton } from './WithdrawAgreementButton';

const SERVICE_AGREEMENT = 1;

/**
 * Guides the merchant to sign: the agreements waiting for its signature, each a click away; those drawn up with an
 * enterprise not bound to the company (绑定签约主体) cannot be signed and are offered for 撤回 instead. A company
 * with no service agreement yet and none it can sign picks one of its bound enterprises and has one drawn up; a
 * company the platform has bound none to yet is told to ask for it. `version` changes after a signing or a
 * withdrawal so the banner reads again; `onChanged` says the banner withdrew one.
 */
export function SigningBanner({
  companyId,
  version,
  onSign,
  onChanged,
}: {
  companyId: number;
  version: number;
  onSign: (id: number) => void;
  onChanged: () => void;
}) {
  const [waiting, setWaiting] = useState<ContractRow[] | null>(null);
  const [unsigned, setUnsigned] = useState(false);
  const [enterprises, setEnterprises] = useState<EnterpriseOption[] | null>(null);
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
    signableEnterprises().then(setEnterprises, () => setEnterprises([]));
  }, [companyId, version]);

  const bound = new Set((enterprises ?? []).map((enterprise) => enterprise.id));
  const signable = (waiting ?? []).filter((row) => row.enterpriseId !== null && bound.has(row.enterpriseId));
  const unbound = (waiting ?? []).filter((row) => row.enterpriseId !== null && !bound.has(row.enterpriseId));
  const needsNew = waiting !== null && enterprises !== null && signable.length === 0 && unsigned;

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

  return (
    <>
      {signable.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} aria-label="待签署提醒">
          您有 {signable.length} 份协议等待贵公司签署，签署后方可正常发放与结算：
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
            {signable.slice(0, 5).map((row) => (
              <li key={row.id}>
                《{row.nm}》{row.enterpriseName ? `（服务主体：${row.enterpriseName}）` : ''}
                <Button size="small" sx={{ ml: 1 }} onClick={() => onSign(row.id)}>
                  去签署
                </Button>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {unbound.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} aria-label="服务主体未绑定">
          以下协议的服务主体不是平台为贵公司绑定的签约主体，不能签署；请撤回后选择已绑定的服务主体重新生成：
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
            {unbound.slice(0, 5).map((row) => (
              <li key={row.id}>
                《{row.nm}》（服务主体：{row.enterpriseName}）
                <WithdrawAgreementButton agreement={row} onDone={onChanged} />
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {needsNew && enterprises.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }} aria-label="签约引导">
          平台尚未为贵公司绑定服务主体，暂不能签署服务协议。请联系客服为贵公司绑定签约主体，绑定后回到本页即可选择并签署。
        </Alert>
      )}
      {needsNew && enterprises.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }} aria-label="签约引导">
          贵公司尚未签署服务协议。请选择平台为贵公司绑定的服务主体，系统将生成服务协议，阅读后在线签署即可。
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
      )}
    </>
  );
}
