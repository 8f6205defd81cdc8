/** MUI's own Tooltip module, which src/components/DeferredTooltip.tsx wraps (scripts/deferredTooltipPlugin.ts). */
declare module 'virtual:mui-tooltip' {
  export { default } from '@mui/material/Tooltip';
}
