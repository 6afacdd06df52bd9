#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) twin of every text asset over 1 KB, so the server
// sends compressed files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('../dist', import.meta.url));
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (TEXT.test(name)) yield p;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const b = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, b);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
  raw += body.length;
  br += b.length;
}
console.log(`compressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
