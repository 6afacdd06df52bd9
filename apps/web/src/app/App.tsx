import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { startOfflineSync } from '../features/offline';
import { fetchRewardsList, rewardsUi } from '../features/rewards';
import {
  applyCustomerColours,
  applyCustomerManifest,
  readCustomerPalette,
  saveCustomerPalette,
  setBackgrounds,
} from '../lib/branding';
import { forgetLastKnown, keepLastKnown } from '../lib/last-known';
import { isPreviewPath } from '../lib/locale';
import { loginPathWithRedirect, navigateTo, setNavigator } from '../lib/navigation';
import { startObservability } from '../lib/observability';
import { installLinkPrefetch } from '../lib/prefetch';
import { checkStoredSession, session } from '../lib/session';
import { ui } from '../lib/ui-store';

interface Props {
  routes: RouteObject[];
  /** Created before the first render (main.tsx), so the first route's code is already on its way. */
  router: ReturnType<typeof createBrowserRouter>;
  /** Created before the first render too, so the first screen's data is already on its way (lib/prefetch.ts). */
  queryClient: QueryClient;
}

/** Creates the query cache once and wires session end-of-life clean-up to it and the router. */
export function App({ routes, router, queryClient }: Props) {
  useEffect(() => {
    setNavigator((to, opts) => router.navigate(to, opts));
    const off = session.onEnd((reason) => {
      queryClient.clear();
      forgetLastKnown();
      ui.closePanel();
      ui.showPausedNotice(false);
      applyCustomerColours(null);
      saveCustomerPalette(null);
      applyCustomerManifest(null);
      setBackgrounds({ landscape: null, portrait: null });
      if (reason === 'expired') void navigateTo(loginPathWithRedirect(), { replace: true });
    });
    // the preview (framed by a brand tool) runs with no session of its own: nothing to check or expire there
    if (!isPreviewPath(window.location.pathname)) {
      checkStoredSession();
      // the last known palette while the profile loads (or cannot, offline)
      if (session.tokens()) applyCustomerColours(readCustomerPalette());
    }
    // the outbox of answers made offline goes now, on `online` and on Background Sync; then the screens read the
    // server's decisions (docs/offline.md)
    const offOffline = startOfflineSync((trailIds, since) => {
      void queryClient.invalidateQueries();
      // the rewards the accepted answers unlocked pop up now (their live events came while the socket was away)
      fetchRewardsList()
        .then((all) =>
          rewardsUi.show(all.filter((r) => trailIds.includes(r.trail_id) && Date.parse(r.created_at) >= since - 5000)),
        )
        .catch(() => {});
    });
    // last-known data for a reload without network, read again when it is back (docs/web.md, "Offline reload")
    const offLastKnown = isPreviewPath(window.location.pathname) ? () => {} : keepLastKnown(queryClient);
    const offPrefetch = installLinkPrefetch(routes, queryClient);
    const offObservability = startObservability(router);
    return () => {
      off();
      offOffline();
      offLastKnown();
      offPrefetch();
      offObservability();
    };
  }, [router, routes, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
