#!/usr/bin/env node
// The coach view and the leaderboards at scale (issue 11): one customer of 10,000 learners and 100 trails, every
// trail assigned to every learner, progress on 10 trails each (npm run seed). Target: p99 ≤ 100 ms at 20
// connections for the coach list and a leaderboard.
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL on a fixed port; the seed command
// writes the customer into that database; the coach's access token is written straight into the database.
// Usage: node bench/coach.mjs [seconds per case, default 10] [learners, default 10000]
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { benchDb, cannon, root, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const learners = Number(process.argv[3] ?? 10_000);
const PG_PORT = '3297';
const name = 'bench-coach';

const server = await startServer(name, 3296, { EMBEDDED_PG_PORT: PG_PORT });
let db;
try {
  const seed = spawnSync('npx', ['tsx', 'src/cli/seed.ts', '--learners', String(learners), '--trails', '100'], {
    cwd: `${root}apps/server`,
    env: { ...process.env, DATA_DIR: `${root}data/${name}`, EMBEDDED_PG_PORT: PG_PORT },
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);
  console.log(seed.stdout.trim().split('\n')[0]);
  db = await benchDb(name);
  const {
    rows: [coach],
  } = await db.query("select id, customer_id from users where email = 'coach@initech.example'");
  const {
    rows: [trail],
  } = await db.query('select id from trails where customer_id = $1 order by id limit 1', [coach.customer_id]);
  const token = `bench_${randomBytes(24).toString('hex')}`;
  const {
    rows: [session],
  } = await db.query("insert into sessions (user_id, method) values ($1, 'password') returning id", [coach.id]);
  await db.query(
    "insert into auth_tokens (token_hash, session_id, kind, expires_at) values ($1, $2, 'access', now() + interval '1 hour')",
    [createHash('sha256').update(token).digest('hex'), session.id],
  );
  const headers = { authorization: `Bearer ${token}` };
  const cases = [
    ['coach list, a page of 50 (as the web asks)', '/api/results/users/coach?limit=50'],
    ['coach list, search "chen"', '/api/results/users/coach?search=chen&limit=50'],
    ['coach list, one trail', `/api/results/users/coach?trail_id=${trail.id}&limit=50`],
    ['leaderboard by points, page 1', '/api/dashboard/user/points/most'],
    ['leaderboard by points, page 500', '/api/dashboard/user/points/most?page=500'],
    ['leaderboard of one trail', `/api/dashboard/user/crowns/most?trail_id=${trail.id}`],
    ['/api/me/dashboard', '/api/me/dashboard'],
    // last: 10,000 rows a response keep the server busy after the case ends
    ['coach list, everyone (the default limit)', '/api/results/users/coach'],
  ];
  const rows = [];
  for (const [label, path] of cases) {
    const opts = { url: `${server.base}${path}`, headers, connections: 20 };
    await cannon({ ...opts, duration: 1 });
    const r = await cannon({ ...opts, duration: seconds });
    rows.push({
      case: label,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      'KB/resp': Math.round(r.throughput.total / Math.max(1, r['2xx']) / 1024),
      '≤ 100 ms': r.latency.p99 <= 100 ? 'yes' : 'no',
    });
  }
  console.table(rows);
} finally {
  await db?.end();
  await server.stop();
}
