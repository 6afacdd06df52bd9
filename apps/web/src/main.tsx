import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { initI18n } from './lib/i18n';
import { splitLocale } from './lib/locale';
import { session } from './lib/session';
import './index.css';

// §2: entering through any public link starts from a clean slate
if (window.location.pathname.includes('public')) session.end('public-entry');

installChunkReloadGuard();

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err) => console.warn('service worker not registered', err));
  });
}

initI18n(splitLocale(window.location.pathname).locale).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
