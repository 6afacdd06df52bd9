#!/usr/bin/env node
// Image service throughput on loopback, in one run: resized-image cache hits, cache misses (a new size per
// request, so sharp works every time) and a plain static file from the same server, for comparison.
// Usage: node bench/images.mjs [seconds per case, default 10]
//        BENCH_STORAGE=s3 node bench/images.mjs   (files in an S3-API server of its own instead of local disk)
//        BENCH_URL=http://127.0.0.1:3000 node bench/images.mjs   (against a running server; signs in as coach)
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { cannon, postJson, startServer, startStore, waitFor } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3293);
const MISS_LIMIT = 3000;

/** Same encoding as imageUrl() of packages/shared/src/media.ts. */
const imagePathOf = (key, resize) =>
  `/img/${Buffer.from(JSON.stringify({ bucket: 'files', key, edits: { resize } })).toString('base64url')}`;

const external = process.env.BENCH_URL;
const store = external ? null : await startStore('bench-images', PORT + 1);
const server = external ? null : await startServer('bench-images', PORT, store.env);
const base = external ?? server.base;

try {
  await waitFor(`${base}/api/languages/supported`);
  const login = await postJson(`${base}/api/login`, {
    username: 'coach@example.com',
    password: 'coach123',
    accepted: true,
  });

  // a photo-sized JPEG with some detail, so resizing costs what it costs in real use
  const { data, info } = await sharp({
    create: { width: 1600, height: 1067, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo = await sharp(data, { raw: info }).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'bench.jpg');
  const up = await fetch(`${base}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.data.access_token}` },
    body: form,
  }).then((r) => r.json());
  // a user's upload is a private file: its URL carries a signature (?exp&sig), which every resized copy needs too
  const signed = new URL(up.url, base);
  const key = signed.pathname.replace(/^\/files\//, '');
  const sig = signed.search;

  const imagePath = (k, resize) => `${imagePathOf(k, resize)}${sig}`;
  const hit = imagePath(key, { width: 600, height: 400, fit: 'inside' });
  const variant = await fetch(`${base}${hit}`);
  if (variant.status !== 200) throw new Error('warm-up of the cached size failed');
  // the same bytes uploaded as a file of their own: the static file to compare the cache hit with (same size)
  const same = new FormData();
  same.append('file', new Blob([await variant.arrayBuffer()], { type: 'image/jpeg' }), 'bench-600.jpg');
  const sameUp = await fetch(`${base}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.data.access_token}` },
    body: same,
  }).then((r) => r.json());

  let n = 0;
  const nextMiss = () => {
    // wraps after MISS_LIMIT sizes, so the cache grows by at most that many files
    const i = n++ % MISS_LIMIT;
    return imagePath(key, { width: 100 + (i % 1000), height: 100 + Math.floor(i / 1000), fit: 'cover' });
  };

  const cases = [
    ['static file /files/… (1600×1067 JPEG)', { url: `${base}${up.url}` }],
    ['static file /files/… of the cached size (600×400 JPEG)', { url: `${base}${sameUp.url}` }],
    ['resized, cache hit (600×400 inside)', { url: `${base}${hit}` }],
    [
      'resized, cache miss (new size each)',
      {
        url: base,
        connections: 8,
        requests: [{ setupRequest: (req) => ({ ...req, path: nextMiss() }) }],
      },
    ],
  ];
  const rows = [];
  for (const [name, opts] of cases) {
    const r = await cannon({ connections: 20, duration: seconds, ...opts });
    rows.push({
      case: name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'KB/resp': Math.round(r.throughput.average / Math.max(1, r.requests.average) / 1024),
      requests: r.requests.total,
      non2xx: r.non2xx,
    });
  }
  console.log(`files on ${store?.label ?? 'the running server'}`);
  console.table(rows);
  const ratio = rows[2]['req/s'] / rows[1]['req/s'];
  console.log(
    `cache hit ÷ static file of the same size: ${ratio.toFixed(2)}× (target ≥ 0.80: ${ratio >= 0.8 ? 'pass' : 'FAIL'});`,
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await server?.stop();
  await store?.stop();
}
