#!/usr/bin/env node
// Many live sockets on one server process (issue 13 target 4): 10,000 authenticated Socket.IO connections, the
// server's memory per connection, then one NOTIFICATION to every one of them and its delivery time.
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL and the in-memory adapter; the bench
// writes 10,000 Acme users with an access token each straight into the database and opens one websocket per user
// from this process (at most CONNECT_CONCURRENCY handshakes in flight). The server's RSS (VmRSS of its node process)
// is read before the first and after the last connection (each after 3 s of settling), and the growth divided by
// the count. Then one statement stores a notification for each of the 10,000 users and announces it (pg_notify, as
// the app does); latency is from just before that statement to each socket's NOTIFICATION.
// Targets: RSS growth ≤ 25 KB per connection, delivery p99 ≤ 300 ms. Needs `ulimit -n` above the count.
// Usage: node bench/sockets.mjs [connections, default 10000]
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { benchDb, seedUsers, startServer } from './_server.mjs';

const COUNT = Number(process.argv[2] ?? 10_000);
const CONNECT_CONCURRENCY = 200;

const server = await startServer('bench-sockets', 3297);
const sockets = [];
let db;
const pct = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))].toFixed(1) : '-');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * VmRSS (KB) of the server's node process: the largest node process of the server's process group (npm and the tsx
 * launcher are node processes of the group too; the one running the app holds the sockets).
 */
function serverRssKb() {
  let best = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== server.pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s+(node|MainThread)/m.test(status)) continue;
      best = Math.max(best, Number(/VmRSS:\s+(\d+)/.exec(status)[1]));
    } catch {}
  }
  if (!best) throw new Error('server process not found');
  return best;
}

try {
  const { base } = server;
  db = await benchDb('bench-sockets');
  const { users, tokens } = await seedUsers(db, COUNT, 'socket', 'Socket');
  const arrivals = new Array(COUNT).fill(0);
  let connectFailures = 0;
  let disconnects = 0;

  // one connection first, so the engine's own start-up is not counted per connection
  const warm = io(base, { path: '/socket.io', auth: { token: tokens[0] }, transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    warm.once('connect', resolve);
    warm.once('connect_error', reject);
  });
  warm.close();
  await sleep(3000);
  const rssBefore = serverRssKb();

  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < COUNT) {
        const i = next++;
        await new Promise((resolve) => {
          const s = io(base, {
            path: '/socket.io',
            auth: { token: tokens[i] },
            transports: ['websocket'],
            reconnection: false,
            timeout: 60_000,
          });
          s.on('NOTIFICATION', () => {
            arrivals[i] ||= performance.now();
          });
          s.on('disconnect', () => disconnects++);
          s.once('connect', resolve);
          s.once('connect_error', () => {
            connectFailures++;
            resolve();
          });
          sockets.push(s);
        });
      }
    }),
  );
  const connectSeconds = (performance.now() - t0) / 1000;
  await sleep(3000);
  const rssAfter = serverRssKb();
  const connected = sockets.filter((s) => s.connected).length;

  // one NOTIFICATION to everyone: a row per user and its announcement, in one statement (delivered on commit)
  const sent = performance.now();
  await db.query(
    `with n as (
       insert into notifications (user_id, event, data)
       select unnest($1::int[]), 'NOTIFY_REWARD', '{"bench": true}'::jsonb returning id, user_id)
     select count(pg_notify('cairn_notification', json_build_object('id', id, 'user_id', user_id)::text)) from n`,
    [users.map((u) => u.id)],
  );
  const committed = performance.now() - sent;
  const deadline = Date.now() + 30_000;
  while (arrivals.filter(Boolean).length < connected && Date.now() < deadline) await sleep(50);
  const latencies = arrivals
    .filter(Boolean)
    .map((t) => t - sent)
    .sort((a, b) => a - b);

  const perConnection = ((rssAfter - rssBefore) / Math.max(1, connected)) * 1.024; // KiB → KB
  console.table([
    {
      sockets: `${connected} / ${COUNT}`,
      'connect failures': connectFailures,
      'connect s': connectSeconds.toFixed(1),
      'server RSS before MB': (rssBefore / 1024).toFixed(0),
      'server RSS after MB': (rssAfter / 1024).toFixed(0),
      'KB per connection': perConnection.toFixed(1),
      delivered: `${latencies.length} / ${connected}`,
      'statement ms': committed.toFixed(0),
      'delivery p50 ms': pct(latencies, 50),
      'delivery p99 ms': pct(latencies, 99),
      'delivery max ms': pct(latencies, 100),
    },
  ]);
  const p99 = Number(pct(latencies, 99));
  console.log(
    `targets: RSS ≤ 25 KB per connection (${perConnection.toFixed(1)}: ${perConnection <= 25 ? 'pass' : 'FAIL'}),`,
    `delivery p99 ≤ 300 ms (${p99}: ${p99 <= 300 && latencies.length === connected ? 'pass' : 'FAIL'});`,
    `disconnects during the run ${disconnects}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const s of sockets) s.close();
  await db?.end();
  await server.stop();
}
