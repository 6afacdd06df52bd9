/*
 * Cairn service worker (docs/branding.md, "Installable and offline").
 * - Precaches the app shell at install: index.html, the icons and every built script and style, locale chunks
 *   included (the list is written into PRECACHE by scripts/sw-precache.mjs at build time; CACHE names the build).
 * - Pages: network first, the cached shell when offline, so a reload without network shows the app (which then
 *   shows its offline notice) instead of the browser's error page.
 * - Hashed assets: cache first (a content-hashed name never changes).
 * - Never touches the API, stored files, images, Socket.IO or the manifest: authenticated data is never answered
 *   from a cache.
 */
const CACHE = 'cairn-shell-__VERSION__';
const SHELL = ['/', '/logo.svg', '/favicon.svg', '/favicon-unread.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const PRECACHE = [
  /* __PRECACHE__ */
];
const BYPASS = ['/api', '/files', '/img', '/socket.io', '/media', '/manifest.webmanifest'];

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
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
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

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (BYPASS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
