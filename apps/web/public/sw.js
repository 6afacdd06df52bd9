/*
 * Cairn service worker (docs/branding.md, "Installable and offline").
 * - Precaches the app shell at install: index.html, the icons and every built script and style, locale chunks
 *   included (the list is written into PRECACHE by scripts/sw-precache.mjs at build time; CACHE names the build).
 * - Pages: network first, the cached shell when offline, so a reload without network shows the app (which then
 *   shows its offline notice) instead of the browser's error page.
 * - Hashed assets: cache first (a content-hashed name never changes).
 * - Never touches the API, stored files, images, Socket.IO or the manifest: authenticated data is never answered
 *   from a cache, with one exception, offline play (docs/offline.md): what the page put into OFFLINE_CACHE when the
 *   learner downloaded a trail (the files its pebbles show; the profile, trail list and trail detail a reload needs)
 *   answers when the network does not. Files are write-once, so a kept file is answered first; a kept API read is
 *   answered only without a network, and kept up to date from the network otherwise. Signing out deletes the cache.
 * - Background Sync: the `cairn-outbox` tag wakes the open pages, which send their outbox (the page holds the
 *   session; one code path, features/offline/sync.ts).
 */
const CACHE = 'cairn-shell-__VERSION__';
const SHELL = ['/', '/logo.svg', '/favicon.svg', '/favicon-unread.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const PRECACHE = [
  /* __PRECACHE__ */
];
const BYPASS = ['/api', '/files', '/img', '/socket.io', '/media', '/manifest.webmanifest'];
/** Kept by the page for downloaded trails (features/offline/download.ts); its version names its layout. */
const OFFLINE_CACHE = 'cairn-offline-v1';
const OFFLINE_READS = ['/api/user/profile', '/api/games'];
const OFFLINE_TRAIL_READ = /^\/api\/games\/\d{1,10}$/;
const OFFLINE_FILES = ['/files/', '/img/'];
const SYNC_TAG = 'cairn-outbox';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== OFFLINE_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) cache.put('/', res.clone());
    return res;
  } catch (err) {
    const shell = await cache.match('/');
    if (shell) return shell;
    throw err;
  }
}

/** A file kept for a downloaded trail: the kept copy (the file never changes), else the network. */
async function keptFileFirst(request) {
  const cache = await caches.open(OFFLINE_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  return hit ?? fetch(request);
}

/** An API read a downloaded trail needs: the network, refreshing the kept copy; the kept copy without a network. */
async function keptReadWhenOffline(request) {
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    const res = await fetch(request);
    if (res.ok && (await cache.match(request, { ignoreVary: true }))) await cache.put(request, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(request, { ignoreVary: true });
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: SYNC_TAG });
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (OFFLINE_FILES.some((p) => url.pathname.startsWith(p))) {
    event.respondWith(keptFileFirst(request));
    return;
  }
  if (!url.search && (OFFLINE_READS.includes(url.pathname) || OFFLINE_TRAIL_READ.test(url.pathname))) {
    event.respondWith(keptReadWhenOffline(request));
    return;
  }
  if (BYPASS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
