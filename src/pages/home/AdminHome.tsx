import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { editionLabel } from '../../domain/editions';
import { roleLabel } from '../../domain/roles';
import { quickLinks } from '../../domain/visibleMenu';
import { useSession } from '../../layout/useSession';
import { AdminFigures } from './AdminFigures';
import { LatestNotices } from './MerchantNews';
import { Shortcuts } from './Shortcuts';

/** /adMain: who is logged in, in which edition, the figures that matter to the role, the edition's notices, shortcuts. */
export function AdminHome() {
  const session = useSession();
  if (!session) return null;
  const { user, platformMark } = session;
  const shortcuts = quickLinks(user, platformMark);
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
