#!/usr/bin/env node
// API throughput: a bare Fastify route and the app's hot read endpoints, measured in the same
// run on loopback at 50 connections. Budget (shared/ARCHITECTURE.md): a hot read reaches ≥ 0.5× the bare route.
// Usage: node bench/api.mjs [seconds per case, default 10]
import { cannon, postJson, startBare, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const bare = await startBare(3292);
const server = await startServer('bench', 3291);

try {
  const { base } = server;
  const login = await postJson(`${base}/api/login`, {
    username: 'coach@example.com',
    password: 'coach123',
    accepted: true,
  });
  const auth = { authorization: `Bearer ${login.data.access_token}` };

  const cases = [
    ['bare Fastify route', { url: bare.url }],
    ['GET /api/languages/supported', { url: `${base}/api/languages/supported` }],
    ['GET /api/countries/all', { url: `${base}/api/countries/all` }],
    ['GET /api/user/profile (bearer)', { url: `${base}/api/user/profile`, headers: auth }],
    ['GET /api/games (bearer)', { url: `${base}/api/games`, headers: auth }],
  ];
  const rows = [];
  for (const [name, opts] of cases) {
    // a short warm-up so the JIT and the pool's connections are not part of the figure
    await cannon({ ...opts, duration: 1 });
    const r = await cannon({ ...opts, duration: seconds });
    rows.push({
      case: name,
      'req/s': Math.round(r.requests.average),
      'p99 ms': r.latency.p99,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  const bareRps = rows[0]['req/s'];
  for (const row of rows) row['× bare'] = (row['req/s'] / bareRps).toFixed(2);
  console.table(rows);
} finally {
  await server.stop();
  await bare.stop();
}
