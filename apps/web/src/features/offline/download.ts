import type { OfflineTrail } from '@cairn/shared/api/offline';
import { http } from '../../lib/http';
import { session } from '../../lib/session';
import { deleteTrail, downloadedTrails, saveTrail } from './store';
import { currentOfflineUser } from './sync';

// Downloading a trail for offline play (docs/offline.md): its pebbles (GET /api/offline/trails/{id}) into
// IndexedDB, and into the Cache Storage the service worker answers from without a network (public/sw.js): the
// files the pebbles show, and the API reads a reload needs (the profile, the trail list and the trail's detail).

/** The cache the service worker reads when the network is gone; the version names its layout. */
export const OFFLINE_CACHE = 'cairn-offline-v1';

/** The API reads the app makes before the player's first pebble, kept so a reload without network gets that far. */
const apiReads = (trailId: number) => ['/api/user/profile', '/api/games', `/api/games/${trailId}`];

async function cacheResponses(urls: string[]): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const cache = await caches.open(OFFLINE_CACHE);
  const token = session.tokens()?.accessToken;
  let bytes = 0;
  for (const url of urls) {
    const res = await fetch(url, {
      headers: token && url.startsWith('/api/') ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) continue;
    bytes += (await res.clone().arrayBuffer()).byteLength;
    await cache.put(url, res);
  }
  return bytes;
}

/** Downloads trail {id} for the signed-in user; resolves with the bytes it takes. */
export async function downloadTrail(trailId: number): Promise<number> {
  const userId = currentOfflineUser();
  if (userId === null) throw new Error('not signed in');
  const content = (await http.get<{ data: OfflineTrail }>(`/api/offline/trails/${trailId}`)).data;
  const fileBytes = await cacheResponses([...content.files, ...apiReads(trailId)]);
  const bytes = new Blob([JSON.stringify(content)]).size + fileBytes;
  await saveTrail({ userId, trailId, content, bytes, savedAt: Date.now() });
  return bytes;
}

/** Reads a downloaded trail again (after the server accepted or refused answers): the device holds the server's state. */
export async function refreshDownload(trailId: number): Promise<void> {
  const userId = currentOfflineUser();
  if (userId === null) return;
  const kept = (await downloadedTrails(userId)).find((t) => t.trailId === trailId);
  if (!kept) return;
  const content = (await http.get<{ data: OfflineTrail }>(`/api/offline/trails/${trailId}`, { quiet: true })).data;
  await cacheResponses(apiReads(trailId));
  await saveTrail({ ...kept, content, savedAt: Date.now() });
}

/** Removes the download and the files only it kept. */
export async function removeDownload(trailId: number): Promise<void> {
  const userId = currentOfflineUser();
  if (userId === null) return;
  const all = await downloadedTrails(userId);
  const gone = all.find((t) => t.trailId === trailId);
  await deleteTrail(userId, trailId);
  if (!gone || typeof caches === 'undefined') return;
  const still = new Set(all.filter((t) => t.trailId !== trailId).flatMap((t) => t.content.files));
  const cache = await caches.open(OFFLINE_CACHE);
  for (const url of [...gone.content.files, `/api/games/${trailId}`]) if (!still.has(url)) await cache.delete(url);
}

/** A session that was ended by signing out takes its cached reads with it (an expired one keeps them for sign-in). */
export async function forgetCachedReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_CACHE);
}
