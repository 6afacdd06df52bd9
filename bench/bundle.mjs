#!/usr/bin/env node
// First-route JavaScript budget (≤ 150 KB gzipped): builds the web app and adds up the gzipped size of
// the scripts the first page loads — the entry, its modulepreloads, and the login route's chunk.
// Usage: node bench/bundle.mjs [--no-build]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const BUDGET_KB = 150;

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@cairn/web'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('web build failed');
}

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
// what the server actually sends a browser that accepts brotli: the build-time .br twin (apps/web/scripts/compress.mjs)
const br = (file) => {
  try {
    return readFileSync(join(dist, `${file}.br`)).length;
  } catch {
    return gz(file);
  }
};
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
// the login screen's lazy chunk and what it imports: named after its component by Vite
const assets = readdirSync(join(dist, 'assets'));
const login = assets.filter((f) => /^(LoginScreen|AuthLayout)-.*\.js$/.test(f)).map((f) => `assets/${f}`);
const files = [...new Set([...initial, ...login])];
const rows = files.map((f) => ({
  file: f,
  'gzip KB': +(gz(f) / 1024).toFixed(1),
  'sent (br) KB': +(br(f) / 1024).toFixed(1),
}));
const total = rows.reduce((s, r) => s + r['gzip KB'], 0);
const sent = rows.reduce((s, r) => s + r['sent (br) KB'], 0);
console.table(rows);
console.log(`first route (entry + preloads + login chunks): ${total.toFixed(1)} KB gzipped, budget ${BUDGET_KB} KB`);
console.log(`first route as sent over the wire (brotli twins): ${sent.toFixed(1)} KB`);
const allJs = assets.filter((f) => f.endsWith('.js')).reduce((s, f) => s + gz(`assets/${f}`), 0);
console.log(
  `all JavaScript chunks: ${(allJs / 1024).toFixed(1)} KB gzipped in ${assets.filter((f) => f.endsWith('.js')).length} files`,
);
