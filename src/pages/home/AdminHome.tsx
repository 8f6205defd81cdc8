import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { editionLabel } from '../../domain/editions';
import { ADMIN_MENU } from '../../domain/menus';
import { canAccessRoute } from '../../domain/permissions';
import { roleLabel } from '../../domain/roles';
import { findRoute } from '../../domain/routes';
import { useSession } from '../../layout/useSession';
import { AdminFigures } from './AdminFigures';
import { Shortcuts } from './Shortcuts';

/** /adMain: who is logged in, in which edition, the figures that matter to the role, and shortcuts. */
export function AdminHome() {
  const session = useSession();
  if (!session) return null;
  const { user, platformMark } = session;
  const edition = platformMark === 3 ? 3 : 1;
  const shortcuts = ADMIN_MENU.filter((group) => group.edition === undefined || group.edition === edition)
    .flatMap((group) => group.items)
    .filter((item) => item.path !== '/adMain' && canAccessRoute(user, findRoute(item.path)!))
    .slice(0, 12);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="首页" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2">
            欢迎，{user.properties.cnam}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {roleLabel(user.properties.rid)} · {editionLabel(platformMark)} · 账号 {user.username}
          </Typography>
        </CardContent>
      </Card>
      <AdminFigures />
      <Shortcuts items={shortcuts} />
    </Box>
  );
}
