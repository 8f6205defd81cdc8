import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { editionLabel } from '../../domain/editions';
import { useSession } from '../../layout/useSession';
import { CompanyInfoTab } from './CompanyInfoTab';
import { SecurityTab } from './SecurityTab';

const TABS = [
  { type: 'first', label: '企业信息' },
  { type: 'second', label: '管理员信息' },
  { type: 'fourth', label: '账户安全' },
] as const;
type TabType = (typeof TABS)[number]['type'];

/** /merchant?type=first|second|fourth (spec §2): company info, admin info, account security. */
export function MerchantSettings() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const type: TabType = TABS.find((tab) => tab.type === params.get('type'))?.type ?? 'first';
  const companyId = session?.user.properties.cid;
  if (!session || !companyId) return <Typography sx={{ mt: 2 }}>仅商户账号可以查看企业信息</Typography>;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="企业信息" />
      <Tabs value={type} onChange={(_, next: TabType) => setParams({ type: next })} sx={{ mb: 2 }}>
        {TABS.map((tab) => (
          <Tab key={tab.type} value={tab.type} label={tab.label} />
        ))}
      </Tabs>
      {type === 'first' && <CompanyInfoTab companyId={companyId} />}
      {type === 'second' && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              管理员信息
            </Typography>
            <Typography>账号：{session.user.username}</Typography>
            <Typography>手机号：{session.user.mobile}</Typography>
            <Typography>所属公司：{session.user.properties.cnam}</Typography>
            <Typography>版本：{editionLabel(session.platformMark)}</Typography>
          </CardContent>
        </Card>
      )}
      {type === 'fourth' && <SecurityTab companyId={companyId} />}
    </Box>
  );
}
