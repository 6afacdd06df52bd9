#!/usr/bin/env node
// API throughput: a bare Fastify route and the app's hot read endpoints, measured in the same
// run on loopback. Budget (shared/ARCHITECTURE.md): a hot read reaches ≥ 0.5× the bare route.
// Usage: node bench/api.mjs [seconds per case, default 10]
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.argv[2] ?? 10);
const PORT = 3291;
const BARE_PORT = 3292;
const dataDir = `${root}data/bench`;

function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, duration: seconds, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

async function waitFor(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

const bare = Fastify();
bare.get('/hello', async () => ({ hello: 'world' }));
await bare.listen({ port: BARE_PORT, host: '127.0.0.1' });

rmSync(dataDir, { recursive: true, force: true });
const server = spawn('npm', ['run', 'start', '-w', '@cairn/server'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGINT');
  } catch {}
};
process.on('exit', stop);

try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor(`${base}/api/languages/supported`);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'coach@example.com', password: 'coach123', accepted: true }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${login.data.access_token}` };

  const cases = [
    ['bare Fastify route', { url: `http://127.0.0.1:${BARE_PORT}/hello` }],
    ['GET /api/languages/supported', { url: `${base}/api/languages/supported` }],
    ['GET /api/user/profile (bearer)', { url: `${base}/api/user/profile`, headers: auth }],
    ['GET /api/games (bearer)', { url: `${base}/api/games`, headers: auth }],
  ];
  const rows = [];
  for (const [name, opts] of cases) {
    const r = await cannon(opts);
    rows.push({ case: name, 'req/s': Math.round(r.requests.average), 'p99 ms': r.latency.p99, non2xx: r.non2xx });
  }
  const bareRps = rows[0]['req/s'];
  for (const row of rows) row['× bare'] = (row['req/s'] / bareRps).toFixed(2);
  console.table(rows);
} finally {
  stop();
  await bare.close();
}
