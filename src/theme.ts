import { zhCN } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { THEME_TOKENS } from './themeTokens';

/** One theme for the public pages and the admin; react-admin reads `sidebar` (spec: menu 206 px). */
export const appTheme = createTheme(
  {
    palette: {
      primary: { main: THEME_TOKENS.primary },
      secondary: { main: THEME_TOKENS.secondary },
      background: { default: THEME_TOKENS.background },
    },
    typography: { fontFamily: THEME_TOKENS.fontFamily },
    sidebar: { width: THEME_TOKENS.sidebarWidth, closedWidth: 56 },
  } as Parameters<typeof createTheme>[0],
  zhCN,
);
