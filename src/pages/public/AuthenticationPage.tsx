import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';
import { getSession } from '../../../providers/sessionStore';
import { PublicFrame } from './PublicFrame';

interface SignStatus {
  signStatus: number;
  fddCorpFreeStatus: number;
  certificationType: number;
}

/** What the merchant has to do next, from its sign status (spec §2 login flow, §4 signStatus). */
export function nextStep(status: SignStatus): { text: string; action?: { label: string; href: string } } {
  if (status.signStatus === 1)
    return { text: '贵司已完成认证并签署服务协议，可以正常使用平台。', action: { label: '进入首页', href: '/home' } };
  if (status.fddCorpFreeStatus === 0 && status.certificationType === 2)
    return { text: '贵司尚未完成企业实名认证，请联系客服获取认证链接，完成认证后签署服务协议。' };
  return {
    text: '贵司已通过认证，尚未签署服务协议，请前往合同管理签署。',
    action: { label: '前往合同管理', href: '/contractManagement' },
  };
}

/** /authentication: a merchant's certification status and next step; explains the process otherwise. */
export function AuthenticationPage() {
  const session = getSession();
  const companyId = session?.user.properties.cid ?? null;
  const [status, setStatus] = useState<SignStatus | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (companyId === null) return;
    requestContent<SignStatus>(`/api/v1/companies/sign_status/${companyId}`, { silent: true })
      .then(setStatus)
      .catch(() => setFailed(true));
  }, [companyId]);

  if (companyId === null) {
    return (
      <PublicFrame title="企业认证">
        <Typography>
          企业在平台发放报酬前需完成两步：一、企业实名认证（由客服发送认证链接）；二、签署平台服务协议（登录后在“合同管理”中签署）。
        </Typography>
        <Typography color="text.secondary">登录商户账号后，本页会显示贵司的认证状态与下一步操作。</Typography>
      </PublicFrame>
    );
  }
  const step = status ? nextStep(status) : null;
  return (
    <PublicFrame title="企业认证">
      {failed && <Typography color="error">认证状态查询失败，请稍后刷新重试。</Typography>}
      {!status && !failed && <Typography>正在查询认证状态…</Typography>}
      {step && (
        <>
          <Typography>
            认证状态：{status?.signStatus === 1 ? '已签约' : '未签约'}（认证方式 {status?.certificationType}）
          </Typography>
          <Typography>{step.text}</Typography>
          {step.action && (
            <Button variant="contained" href={step.action.href} sx={{ alignSelf: 'flex-start' }}>
              {step.action.label}
            </Button>
          )}
        </>
      )}
    </PublicFrame>
  );
}
