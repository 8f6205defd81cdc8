import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../providers/appConfig';
import { Root } from './Root';

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 <div id="root">');

await loadRuntimeConfig();
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
