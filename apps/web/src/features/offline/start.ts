import { session } from '../../lib/session';
import { forgetCachedReads, refreshDownload } from './download';
import { onSettled, syncOutbox } from './sync';

/** The Background Sync tag the service worker wakes the page with (public/sw.js). */
export const SYNC_TAG = 'cairn-outbox';

/** Asks the browser to wake the service worker when the network is back (Background Sync), where it can. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.ready;
    const sync = (reg as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // not offered here (Firefox, Safari): the `online` event and the app's start send the outbox
  }
}

/**
 * Starts sending the outbox: now (the app's start), on every `online` event, and when the service worker relays a
 * Background Sync; one code path (syncOutbox). After a run, the trails whose answers were settled are read again
 * (the device holds the server's state) and `settled` lets the app refresh what it shows and announce what the
 * server decided since the run began (`since`, ms): live events sent while the device was offline were missed.
 */
export function startOfflineSync(settled: (trailIds: number[], since: number) => void): () => void {
  const touched = new Set<number>();
  const offSettled = onSettled((entry) => touched.add(entry.trailId));
  const go = () => {
    const since = Date.now();
    syncOutbox()
      .then(async (count) => {
        if (count === 0 && touched.size === 0) return;
        const ids = [...touched];
        touched.clear();
        for (const id of ids) await refreshDownload(id).catch(() => {});
        settled(ids, since);
      })
      .catch((err) => console.warn('outbox not sent', err));
  };
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === SYNC_TAG) go();
  };
  window.addEventListener('online', go);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  const offEnd = session.onEnd((reason) => {
    // signing out takes the cached reads; an expired session keeps them and the outbox for after sign-in
    if (reason !== 'expired') void forgetCachedReads();
  });
  go();
  return () => {
    offSettled();
    offEnd();
    window.removeEventListener('online', go);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
