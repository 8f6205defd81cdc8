/** The theme's plain values: the MUI theme (theme.ts) and the first paint (src/boot), which has no MUI, share them. */
export const THEME_TOKENS = {
  primary: '#2a5298',
  secondary: '#1e3c72',
  background: '#f4f6fa',
  fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  /** Spec: the menu is 206 px wide. */
  sidebarWidth: 206,
  sidebarClosedWidth: 56,
  appBarHeight: 48,
} as const;
