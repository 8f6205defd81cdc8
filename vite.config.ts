import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };
import { FIRST_PAINT_PAGES } from './resources/firstPaintPages';
import { RESOURCES } from './resources/index';
import { hasFirstPaint } from './resources/types';
import { bootPlugin } from './scripts/bootPlugin';
import { deferredTooltipPlugin } from './scripts/deferredTooltipPlugin';
import { filterFormPlugin } from './scripts/filterFormPlugin';
import { formSubscriptionPlugin } from './scripts/formSubscriptionPlugin';
import { pdfjsAssets } from './scripts/pdfjsAssets';
import { shellChunks } from './scripts/shellChunks';
import { listRecipes } from './src/boot/listRecipes';
import { PUBLIC_PATHS } from './src/domain/routes';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
/** `BUILD_WITHOUT=a,b`: a build without those plugins, to measure what each saves (scripts/BUILD_PATCHES.md). */
const without = new Set((process.env.BUILD_WITHOUT ?? '').split(',').filter(Boolean));
const unless = <T>(name: string, value: T): T[] => (without.has(name) ? [] : [value]);

export default defineConfig({
  plugins: [
    react(),
    // What each of these plugins changes and saves, measured: scripts/BUILD_PATCHES.md.
    // Mounting a page renders it once before the browser paints: scripts/deferredTooltipPlugin.ts,
    // formSubscriptionPlugin.ts; a list's filter bar renders once as it mounts: scripts/filterFormPlugin.ts.
    ...unless('deferredTooltip', deferredTooltipPlugin(`${import.meta.dirname}/src/components/DeferredTooltip.tsx`)),
    ...unless('formSubscription', formSubscriptionPlugin()),
    ...unless('filterForm', filterFormPlugin()),
    pdfjsAssets(),
    ...unless(
      'boot',
      bootPlugin({
        adminModule: 'src/admin/AdminApp.tsx',
        publicPaths: PUBLIC_PATHS,
        listRecipes: listRecipes([...RESOURCES.filter(hasFirstPaint), ...FIRST_PAINT_PAGES]),
      }),
    ),
  ],
  // The /test diagnostics page shows which build is running.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: without.has('shellChunks')
          ? undefined
          : shellChunks(import.meta.dirname, {
              login: ['src/main.tsx', 'src/pages/login/LoginPage.tsx'],
              admin: ['src/admin/AdminApp.tsx'],
            }),
      },
    },
  },
  server: {
    // `npm run dev`: the API runs with `npm run serve` on 8080.
    proxy: Object.fromEntries(
      ['/api', '/api-v1', '/login', '/code/login', '/refresh_token'].map((path) => [
        path,
        {
          target: apiTarget,
          bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? req.url : undefined),
        },
      ]),
    ),
  },
});
