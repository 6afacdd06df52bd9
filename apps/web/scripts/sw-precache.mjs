#!/usr/bin/env node
// After `vite build`: writes the build's scripts and styles into dist/sw.js (PRECACHE) and names its cache after
// them, so a new deploy installs a new cache and the old one is dropped (public/sw.js).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));
// the error-reporting SDK loads only when a DSN is configured, and never matters offline
const SKIP = /^sentry-sdk-/;
const assets = readdirSync(`${dist}/assets`)
  .filter((f) => /\.(js|css)$/.test(f) && !SKIP.test(f))
  .sort()
  .map((f) => `/assets/${f}`);
const version = createHash('sha256')
  .update(readFileSync(`${dist}/index.html`))
  .update(assets.join('\n'))
  .digest('hex')
  .slice(0, 12);
const swPath = `${dist}/sw.js`;
const sw = readFileSync(swPath, 'utf8');
if (!sw.includes('/* __PRECACHE__ */') || !sw.includes('__VERSION__'))
  throw new Error('dist/sw.js has no placeholders');
writeFileSync(
  swPath,
  sw.replace('/* __PRECACHE__ */', assets.map((a) => JSON.stringify(a)).join(',')).replace('__VERSION__', version),
);
console.log(`sw.js: ${assets.length} files precached, cache cairn-shell-${version}`);
