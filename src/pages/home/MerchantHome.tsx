import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { saveNoticeNum } from '../../../providers/sessionStore';
import { agentSignFlag } from '../../domain/agentSign';
import { editionLabel } from '../../domain/editions';
import { frequentPages } from '../../domain/frequentPages';
import { formatMoney } from '../../domain/money';
import { formatRate } from '../../domain/rates';
import type { ServiceCharge } from '../../domain/session';
import { quickLinks } from '../../domain/visibleMenu';
import { readPageVisits } from '../../layout/pageVisits';
import { useSession } from '../../layout/useSession';
import { useBalance } from '../money/useBalance';
import { PayPasswordNotice } from '../remit/PayPasswordNotice';
import { ContractExpiryWarning, LatestNotices } from './MerchantNews';
import { Shortcuts } from './Shortcuts';
import { StatCard } from './StatCard';
import { TrendCard } from './TrendCard';

interface SignStatus {
  signStatus: number;
}

function rateText(charges: ServiceCharge[] | undefined): string | undefined {
  const rate = charges?.[0]?.rate;
  return rate === undefined ? undefined : formatRate(rate);
}

/** /manage: the merchant's company, edition, sign status, unread notices, service charge, 代签, shortcuts. */
export function MerchantHome() {
  const session = useSession();
  const [signStatus, setSignStatus] = useState<number>();
  const [unread, setUnread] = useState<number>();
  const [charges, setCharges] = useState<ServiceCharge[]>();
  const balance = useBalance(session?.user.properties.cid, session?.platformMark);

  useEffect(() => {
    const companyId = session?.user.properties.cid;
    if (companyId) {
      requestContent<SignStatus>(`/api/v1/companies/sign_status/${companyId}`, { silent: true }).then(
        (status) => setSignStatus(status.signStatus),
        () => undefined,
      );
    }
    requestContent<number>('/api/v1/notifications/countunreadupnotifications', { silent: true }).then(
      (count) => {
        setUnread(count);
        saveNoticeNum(count);
      },
      () => undefined,
    );
    requestContent<ServiceCharge[]>('/api/v1/servicecharge', { silent: true }).then(setCharges, () => undefined);
  }, [session?.user.properties.cid]);

  if (!session) return null;
  const { user, platformMark } = session;
  const shortcuts = frequentPages(quickLinks(user, platformMark, Number.POSITIVE_INFINITY), readPageVisits(user.id));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="首页" />
      {user.properties.cid && (
        <Box sx={{ mb: 2 }}>
          <PayPasswordNotice companyId={user.properties.cid} />
        </Box>
      )}
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2">
            {user.properties.cnam}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {editionLabel(platformMark)} · 账号 {user.username} · 手机 {user.mobile}
          </Typography>
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <StatCard
          label="合同状态"
          value={signStatus === undefined ? undefined : signStatus === 1 ? '已签署' : '未签署'}
          to="/contractManagement"
        />
        <StatCard label="未读公告" value={unread} to="/systemNotice" />
        <StatCard
          label="账户余额"
          value={balance.data === undefined ? undefined : `${formatMoney(balance.data)} 元`}
          to="/recharge"
        />
        <StatCard label="服务费率" value={rateText(charges)} />
        {/* Spec §4 agent sign flag: whether a levy agent (代征主体) has signed to act for the company. */}
        <StatCard
          label="代签"
          value={charges === undefined ? undefined : agentSignFlag(charges) ? '是' : '否'}
          to="/contractManagement"
        />
      </Box>
      <TrendCard />
      {user.properties.cid !== null && <ContractExpiryWarning companyId={user.properties.cid} />}
      <LatestNotices />
      <Shortcuts items={shortcuts} />
    </Box>
  );
}
