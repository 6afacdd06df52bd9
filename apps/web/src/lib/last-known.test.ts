import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { forgetLastKnown, keepLastKnown, waitingForNetwork } from './last-known';
import { createQueryClient } from './query';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('offline reload (issue 28)', () => {
  it('keeps the screens’ reads, and a reload without network shows them (stale) instead of nothing', async () => {
    const online = createQueryClient();
    const stop = keepLastKnown(online);
    await online.fetchQuery({ queryKey: ['trails'], queryFn: async () => [{ id: 1, name: 'Demo exam' }] });
    await online.fetchQuery({ queryKey: ['chats', 'secret'], queryFn: async () => ['not kept'] });
    const readAt = online.getQueryState(['trails'])?.dataUpdatedAt;
    await vi.waitFor(() => expect(localStorage.getItem('cairn.lastKnown')).toContain('Demo exam'));
    expect(localStorage.getItem('cairn.lastKnown')).not.toContain('not kept');
    stop();

    // the reload: a new client, no network
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = createQueryClient();
    const stopAgain = keepLastKnown(offline);
    expect(offline.getQueryData(['trails'])).toEqual([{ id: 1, name: 'Demo exam' }]);
    expect(offline.getQueryData(['chats', 'secret'])).toBeUndefined();
    // marked with the time it was read: stale, so read again once the network is back
    expect(offline.getQueryState(['trails'])?.dataUpdatedAt).toBe(readAt);
    stopAgain();

    // the session ends: the copy goes with it
    forgetLastKnown();
    expect(localStorage.getItem('cairn.lastKnown')).toBeNull();
  });

  it('a read that fails offline waits for the network (not an error, not "empty"), and runs again when it is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const qc = createQueryClient();
    qc.mount();
    let calls = 0;
    const observer = new QueryObserver(qc, {
      queryKey: ['rewards'],
      queryFn: async () => {
        calls += 1;
        if (!navigator.onLine) throw new TypeError('Failed to fetch');
        return ['First steps'];
      },
    });
    const off = observer.subscribe(() => {});
    // one try even offline (the service worker may hold a copy), then it waits
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 5_000 });
    expect(calls).toBe(1);
    expect(observer.getCurrentResult().isError).toBe(false);
    expect(waitingForNetwork(observer.getCurrentResult())).toBe(true);

    setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['First steps']));
    off();
    qc.unmount();
  });

  it('back online, the kept reads shown from a copy are read from the server again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const qc = createQueryClient();
    qc.mount();
    const stop = keepLastKnown(qc);
    let server = 'old';
    const observer = new QueryObserver(qc, {
      queryKey: ['profile'],
      queryFn: async () => server,
      staleTime: 60_000,
    });
    const off = observer.subscribe(() => {});
    // answered offline (as the service worker does from its copy): fresh for a minute by its staleTime
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('old'));
    server = 'new';
    setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('new'));
    off();
    stop();
    qc.unmount();
  });

  it('a read that failed offline counts as waiting for the network; a refusal by the server does not', () => {
    const failed = { data: undefined, fetchStatus: 'idle', isError: true };
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(waitingForNetwork({ ...failed, error: new TypeError('Failed to fetch') })).toBe(true);
    expect(waitingForNetwork({ ...failed, error: new HttpError(403, '/api/pebbles/1', undefined) })).toBe(false);
    expect(waitingForNetwork({ data: ['kept'], fetchStatus: 'paused' })).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(waitingForNetwork({ ...failed, error: new TypeError('Failed to fetch') })).toBe(false);
  });
});
