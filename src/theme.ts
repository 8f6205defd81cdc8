import { zhCN } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';

/** One theme for the public pages and the admin; react-admin reads `sidebar` (spec: menu 206 px). */
export const appTheme = createTheme(
  {
    palette: { primary: { main: '#2a5298' }, secondary: { main: '#1e3c72' }, background: { default: '#f4f6fa' } },
    typography: {
      fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
    },
    sidebar: { width: 206, closedWidth: 56 },
  } as Parameters<typeof createTheme>[0],
  zhCN,
);
