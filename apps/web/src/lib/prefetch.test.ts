import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataPrefetch, installLinkPrefetch, type PrefetchHandle, prefetchRouteData } from './prefetch';

/** A prefetch that records the params it was asked for. */
function recorder(key: string) {
  const calls: Record<string, string | undefined>[] = [];
  const fn: DataPrefetch = async (params) => {
    calls.push({ ...params });
    return { queryKey: [key] };
  };
  return { fn, calls };
}

function playerRoutes() {
  const trail = recorder('trail');
  const pebble = recorder('pebble');
  const handle: PrefetchHandle = { prefetch: trail.fn, prefetchOnEntry: pebble.fn };
  const routes: RouteObject[] = [{ path: '/', children: [{ path: 'player/:id', handle }] }];
  return { routes, trail, pebble };
}

describe('route data prefetch', () => {
  let off: (() => void) | undefined;
  afterEach(() => {
    off?.();
    document.body.innerHTML = '';
  });

  it('a first load of the route asks for its data and for its entry data', () => {
    const { routes, trail, pebble } = playerRoutes();
    prefetchRouteData(routes, '/player/7', new QueryClient());
    expect(trail.calls).toEqual([{ id: '7' }]);
    expect(pebble.calls).toEqual([{ id: '7' }]);
  });

  it('a hover over a link to it asks for its data only: entry data has effects (opening the current pebble)', async () => {
    const { routes, trail, pebble } = playerRoutes();
    off = installLinkPrefetch(routes, new QueryClient());
    document.body.innerHTML = '<a href="/player/7">Play</a>';
    document.querySelector('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(trail.calls).toEqual([{ id: '7' }]));
    expect(pebble.calls).toEqual([]);
  });
});
