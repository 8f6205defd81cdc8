import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { AppBar, TitlePortal, useLogout } from 'react-admin';
import { MESSAGES } from '../domain/codes';
import { productTitle } from '../domain/editions';
import { roleLabel } from '../domain/roles';
import { showToast } from '../shell/toast';
import { useSession } from './useSession';

/** Header (spec §2): product title, the user's name with a role label, logout. */
export function AppHeader() {
  const session = useSession();
  const logout = useLogout();
  const label = roleLabel(session?.user.properties.rid);
  return (
    <AppBar userMenu={false} color="primary">
      <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {productTitle(session?.platformMark)}
      </Typography>
      <TitlePortal variant="subtitle1" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
        <Typography component="span" data-testid="current-user">
          {session?.user.properties.cnam}
        </Typography>
        {label && <Chip size="small" label={label} sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }} />}
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={async () => {
            await logout(undefined, '/login', false);
            showToast(MESSAGES.loggedOut, 'success');
          }}
        >
          退出
        </Button>
      </Box>
    </AppBar>
  );
}
