import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useState } from 'react';
import { AppBar, TitlePortal, useLocaleState, useLogout } from 'react-admin';
import { MESSAGES } from '../domain/codes';
import { canSwitchCompany, productTitle } from '../domain/editions';
import { ROLE, roleLabel } from '../domain/roles';
import { NoticeBell } from '../notices/NoticeBell';
import { usePublicSettings } from '../shell/publicSettings';
import { showToast } from '../shell/toast';
import { CompanySwitchDialog } from '../workspace/CompanySwitchView';
import { HeaderLoadingIndicator } from './HeaderLoadingIndicator';
import { UserHoverCard } from './UserHoverCard';
import { useSession } from './useSession';

/**
 * The app is Chinese only: English translated react-admin's own strings and little else, so the header has no
 * language switch (react-admin's default toolbar would add one), and a locale kept from an earlier visit
 * goes back to Chinese.
 */
function useChineseOnly() {
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (locale !== 'zh') setLocale('zh');
  }, [locale, setLocale]);
}

/**
 * 退出. Its own component: react-admin's useLogout reads the location, so whatever calls it renders again on every
 * navigation, and the header would with it.
 */
function LogoutButton() {
  const logout = useLogout();
  return (
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
  );
}

/**
 * Header (spec §2): product title, the user's name with a role label, logout; for merchants the notice bell
 * and a hover card on the name (company info, security, admin info, switch company). Memoised: nothing in it
 * follows the page, and react-admin's layout renders it again on every navigation.
 */
export const AppHeader = memo(function AppHeader() {
  useChineseOnly();
  const session = useSession();
  usePublicSettings(); // the configured platform name (productTitle) once 通用设置 arrive
  const [switching, setSwitching] = useState(false);
  const label = roleLabel(session?.user.properties.rid);
  const merchant = session?.user.properties.rid === ROLE.merchant;
  return (
    <AppBar userMenu={false} color="primary" alwaysOn toolbar={<HeaderLoadingIndicator />}>
      <Typography variant="h6" component="span" sx={{ mr: 2, whiteSpace: 'nowrap' }}>
        {productTitle(session?.platformMark)}
      </Typography>
      <TitlePortal variant="subtitle1" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
        {merchant && <NoticeBell initialCount={session?.noticeNum ?? 0} />}
        <UserHoverCard
          name={session?.user.properties.cnam}
          merchant={merchant}
          canSwitch={canSwitchCompany(session)}
          onSwitch={() => setSwitching(true)}
        />
        {label && <Chip size="small" label={label} sx={{ bgcolor: 'rgba(255,255,255,0.2)', color: 'inherit' }} />}
        <LogoutButton />
      </Box>
      {switching && (
        <CompanySwitchDialog
          currentCompanyId={session?.user.properties.cid ?? null}
          onClose={() => setSwitching(false)}
        />
      )}
    </AppBar>
  );
});
