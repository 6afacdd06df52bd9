import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { buildFirstRoutes } from './app/routes';
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

const i18nStarted = initI18n(splitLocale(window.location.pathname).locale);
// the router starts fetching the first route's code and strings at once, alongside i18next's common strings,
// rather than after them (docs/performance.md, Round 7 — Lighthouse)
const { routes, patchRoutesOnNavigation } = buildFirstRoutes(window.location.pathname);
const router = createBrowserRouter(routes, { patchRoutesOnNavigation });

i18nStarted.then(() => {
  const root = createRoot(document.getElementById('root')!);
  // a transition: React renders the first screen in slices that yield to the browser, not in one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <App routes={routes} router={router} />
      </StrictMode>,
    ),
  );
});
