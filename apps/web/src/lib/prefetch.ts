import { TIMINGS } from '@cairn/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

/** A route's first data, put in the query cache ahead of a visit; set as the route's `handle.prefetch`. */
export type DataPrefetch = (params: Params, queryClient: QueryClient) => Promise<{ queryKey: readonly unknown[] }>;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** §9: no prefetching on a 2g connection or with data saver on. */
export function prefetchAllowed(): boolean {
  const c = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!c) return true;
  return !c.saveData && !/(^|-)2g$/.test(c.effectiveType ?? '');
}

/**
 * Hovering or focusing a link to a page of this app prefetches that route's code (its `lazy`) and first data
 * (its `handle.prefetch`), once per path. After 2000 ms a prefetch nobody waits for is given up: its request is
 * cancelled unless a screen now uses it. Returns the function that removes the listeners.
 */
export function installLinkPrefetch(routes: RouteObject[], queryClient: QueryClient): () => void {
  const seen = new Set<string>();

  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
    if (seen.has(url.pathname) || !prefetchAllowed()) return;
    seen.add(url.pathname);
    const matches = matchRoutes(routes, url.pathname) ?? [];
    const work: Promise<unknown>[] = [];
    const keys: (readonly unknown[])[] = [];
    for (const m of matches) {
      if (typeof m.route.lazy === 'function') work.push(m.route.lazy());
      const data = (m.route.handle as { prefetch?: DataPrefetch } | undefined)?.prefetch;
      if (data) work.push(data(m.params, queryClient).then((q) => keys.push(q.queryKey)));
    }
    if (work.length === 0) return;
    const giveUp = setTimeout(() => {
      for (const queryKey of keys) {
        const q = queryClient.getQueryCache().find({ queryKey, exact: true });
        if (q && q.state.fetchStatus === 'fetching' && q.getObserversCount() === 0) {
          void queryClient.cancelQueries({ queryKey, exact: true });
        }
      }
    }, TIMINGS.prefetchTimeoutMs);
    Promise.allSettled(work).finally(() => clearTimeout(giveUp));
  };

  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
  return () => {
    document.removeEventListener('pointerover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}

/**
 * The first screen's route data, asked for while its code and strings are still on their way (render-as-you-fetch):
 * the matched routes' `handle.prefetch`. The screens' queries then find the requests already running, and render
 * once with their data instead of a spinner followed by a second render (docs/performance.md, Round 8). main.tsx
 * calls it, with the profile's prefetch, only with a stored session.
 */
export function prefetchRouteData(routes: RouteObject[], pathname: string, queryClient: QueryClient): void {
  for (const m of matchRoutes(routes, pathname) ?? []) {
    const data = (m.route.handle as { prefetch?: DataPrefetch } | undefined)?.prefetch;
    if (data) void data(m.params, queryClient).catch(() => {});
  }
}
