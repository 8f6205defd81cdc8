import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../providers/appConfig';
import { PUBLIC_PATHS } from './domain/routes';
import { Root } from './Root';
import { loadPublicSettings } from './shell/publicSettings';

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 <div id="root">');

// Outside the public pages the admin app is needed at once: fetch its chunk while config.json loads.
if (window.location.pathname !== '/' && !PUBLIC_PATHS.includes(window.location.pathname)) {
  void import('./admin/AdminApp');
}

await loadRuntimeConfig();
// 通用设置 (platform name, phone, filing number by host): read at start, applied when it arrives.
void loadPublicSettings();
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
