import path from 'node:path';
import type { Plugin } from 'vite';

const REAL_TOOLTIP = 'virtual:mui-tooltip';

/**
 * Puts src/components/DeferredTooltip.tsx in the place of MUI's Tooltip for every importer (react-admin's
 * header sort hints and buttons included), and gives the wrapper MUI's real one under `virtual:mui-tooltip`.
 * Why: DeferredTooltip.tsx. MUI's package index reaches the component through `Tooltip/index.js` →
 * `./Tooltip.js`; that one import is redirected, so a build that no longer has it fails (below) instead of
 * silently keeping MUI's. The dev server pre-bundles MUI and keeps its Tooltip: only a difference in speed.
 */
export function deferredTooltipPlugin(wrapper: string): Plugin {
  let realTooltip: string | undefined;
  let redirected = false;
  return {
    name: 'lg-deferred-tooltip',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === REAL_TOOLTIP) {
        if (!realTooltip) {
          const index = await this.resolve('@mui/material/Tooltip', wrapper, { skipSelf: true });
          if (!index) throw new Error('deferredTooltipPlugin: @mui/material/Tooltip not found');
          realTooltip = path.join(path.dirname(index.id), 'Tooltip.js');
        }
        return realTooltip;
      }
      if (
        source === './Tooltip.js' &&
        importer &&
        /[\\/]@mui[\\/]material[\\/]esm[\\/]Tooltip[\\/]index\.js$/.test(importer)
      ) {
        redirected = true;
        return wrapper;
      }
      return null;
    },
    buildEnd(error) {
      if (!error && !redirected && this.meta.watchMode === false) {
        this.error("deferredTooltipPlugin: MUI's Tooltip/index.js no longer imports ./Tooltip.js; update the plugin");
      }
    },
  };
}
