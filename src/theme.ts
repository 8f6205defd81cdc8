import { zhCN } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { PAGE_RANGE_INFO } from '../i18n/pageRange';
import { THEME_TOKENS } from './themeTokens';

/**
 * Every table footer reads 第 1-10 条，共 N 条: react-admin's lists take it from ra.navigation.page_range_info,
 * and a plain MUI TablePagination (custom lists, dialogs) gets the same text here instead of MUI's zhCN
 * 第 1 条到第 10 条，共 N 条.
 */
export function pageRangeLabel({ from, to, count }: { from: number; to: number; count: number }): string {
  return PAGE_RANGE_INFO.replace('%{offsetBegin}', String(from))
    .replace('%{offsetEnd}', String(to))
    .replace('%{total}', String(count === -1 ? to : count));
}

/** The names InputBase's autofill detection listens for (its onAnimationStart). */
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';

/** One theme for the public pages and the admin; react-admin reads `sidebar` (spec: menu 206 px). */
export const appTheme = createTheme(
  {
    palette: {
      primary: { main: THEME_TOKENS.primary },
      secondary: { main: THEME_TOKENS.secondary },
      // MUI's orange (#ed6c02) is 3.1:1 on white, below WCAG AA for text (4.5:1): warning buttons and notes read
      // in this darker orange, 5.0:1.
      warning: { main: '#b45309' },
      background: { default: THEME_TOKENS.background },
    },
    typography: { fontFamily: THEME_TOKENS.fontFamily },
    sidebar: { width: THEME_TOKENS.sidebarWidth, closedWidth: THEME_TOKENS.sidebarClosedWidth },
  } as Parameters<typeof createTheme>[0],
  zhCN,
  // After zhCN, which would otherwise set its own footer text.
  {
    components: {
      // MUI's InputBase mounts a global style element for its autofill keyframes with every input and removes it
      // with the input: a style sheet added or removed per filter on each list change. The keyframes live once in
      // the baseline instead, and the inputs keep the animation that tells them the browser autofilled them.
      MuiCssBaseline: {
        styleOverrides: {
          [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } },
          [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } },
        },
      },
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: {
          input: {
            animationName: AUTO_FILL_CANCEL,
            animationDuration: '10ms',
            '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTO_FILL },
          },
        },
      },
      // react-admin draws its 404 message at half opacity: 3.2:1 on the page background, under WCAG AA's 4.5:1.
      RaNotFound: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            '& .RaNotFound-message': { opacity: 1, color: theme.palette.text.secondary },
          }),
        },
      },
      // A table wider than its box scrolls; a keyboard user must be able to reach it to scroll it (WCAG 2.1.1).
      MuiTableContainer: { defaultProps: { tabIndex: 0 } },
      MuiTablePagination: {
        defaultProps: { labelDisplayedRows: pageRangeLabel, labelRowsPerPage: '每页条数：' },
      },
    },
  },
);
