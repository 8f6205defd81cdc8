import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { editionLabel } from '../../domain/editions';
import { canAccessRoute } from '../../domain/permissions';
import { roleLabel } from '../../domain/roles';
import { findRoute } from '../../domain/routes';
import { quickLinks } from '../../domain/visibleMenu';
import { useSession } from '../../layout/useSession';
import { AdminFigures } from './AdminFigures';
import { LatestNotices } from './MerchantNews';
import { Shortcuts } from './Shortcuts';
import { TrendCard } from './TrendCard';

/** /adMain: who is logged in, in which edition, the figures that matter to the role, the edition's notices, shortcuts. */
export function AdminHome() {
  const session = useSession();
  if (!session) return null;
  const { user, platformMark } = session;
  const shortcuts = quickLinks(user, platformMark);
  // The trend is the edition's 平台业绩 of the user's scope: shown to the roles that may open that report.
  const performance = findRoute(platformMark === 3 ? '/adSmallPlatform' : '/adPlatform');
  const showTrend = performance !== undefined && canAccessRoute(user, performance);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="首页" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2">
            欢迎，{user.properties.cnam}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {/* A role without a label (role 11 of spec §6) starts the line with the edition, not a dangling dot. */}
            {[roleLabel(user.properties.rid), editionLabel(platformMark), `账号 ${user.username}`]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </CardContent>
      </Card>
      <AdminFigures />
      {showTrend && <TrendCard platformMark={platformMark} />}
      {/* What merchants of this edition are shown now (GET shownotifications/platform/{mark}). */}
      <LatestNotices
        title={`${editionLabel(platformMark)}最新公告`}
        source={{
          path: `/api/v1/notifications/shownotifications/platform/${platformMark}`,
          allPath: platformMark === 3 ? '/adSmallNotice' : '/adNotice',
        }}
      />
      <Shortcuts items={shortcuts} />
    </Box>
  );
}
