import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { buildFirstRoutes } from './app/routes';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { initI18n } from './lib/i18n';
import { isPreviewPath, splitLocale } from './lib/locale';
import { prefetchRouteData } from './lib/prefetch';
import { PROFILE_QUERY } from './lib/profile';
import { createQueryClient } from './lib/query';
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

/**
 * Gives the browser its turn before the next step, so the start is a few short tasks rather than one long one
 * (a long task delays input and counts as blocking time): `scheduler.yield` where there is one.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

async function start() {
  const { pathname } = window.location;
  // the entry's evaluation (React DOM above all) is one task already: everything else starts in the next ones
  await nextTask();
  const queryClient = createQueryClient();
  // the first screen's data is asked for before anything else (lib/prefetch.ts)
  const signedIn = session.tokens() !== null && !isPreviewPath(pathname);
  if (signedIn) void queryClient.prefetchQuery(PROFILE_QUERY);
  await nextTask();
  const i18nStarted = initI18n(splitLocale(pathname).locale);
  await nextTask();
  // the router starts fetching the first route's code and strings at once, alongside i18next's common strings,
  // rather than after them (docs/performance.md, Round 7 — Lighthouse)
  const { routes, patchRoutesOnNavigation } = buildFirstRoutes(pathname);
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  if (signedIn) prefetchRouteData(routes, pathname, queryClient);
  await i18nStarted;
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // a transition: React renders the first screen in slices that yield to the browser, not in one long task
  startTransition(() =>
    root.render(
      <StrictMode>
        <App routes={routes} router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void start();
