import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../providers/appConfig';
import { PUBLIC_PATHS } from './domain/routes';
import { preloadAdminApp, Root } from './Root';
import { loadPublicSettings } from './shell/publicSettings';

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 <div id="root">');

// Outside the public pages the admin app is needed at once: its chunks load while config.json does, and the
// first render waits for both (rendering before would only show a loading fallback, and then delay the app).
const adminPage = window.location.pathname !== '/' && !PUBLIC_PATHS.includes(window.location.pathname);
const configLoaded = loadRuntimeConfig();
await Promise.all([configLoaded, adminPage ? preloadAdminApp(configLoaded).catch(() => undefined) : undefined]);
// 通用设置 (platform name, phone, filing number by host): read at start, applied when it arrives.
void loadPublicSettings();
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
