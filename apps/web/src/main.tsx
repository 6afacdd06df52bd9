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

// §7: /sw.js, in production builds only; registered once the page is idle, so its precache never competes with
// the first screen's own requests (docs/branding.md)
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((err) => console.warn('service worker not registered', err));
  window.addEventListener('load', () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 2000);
  });
}

initI18n(splitLocale(window.location.pathname).locale).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
